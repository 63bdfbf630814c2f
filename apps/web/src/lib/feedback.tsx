import { useEffect } from 'react';
import { App, Modal, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalInstance } from 'antd/es/modal/useModal';

let current: MessageInstance | null = null;
let currentModal: ModalInstance | null = null;

/**
 * Hands antd's themed message API (App.useApp) to code that runs outside React, the MutationCache
 * above all. Rendered once inside antd's `<App>` (the shell does it).
 */
export function FeedbackHost() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    current = message;
    currentModal = modal;
    return () => {
      if (current === message) current = null;
      if (currentModal === modal) currentModal = null;
    };
  }, [message, modal]);
  return null;
}

/**
 * One short message. The text is its key, so the same message asked twice (a double click, two
 * rows failing alike) shows once instead of stacking.
 */
export function say(kind: 'success' | 'error' | 'info' | 'warning', text: string): void {
  void (current ?? staticMessage).open({ type: kind, content: text, key: `${kind}:${text}` });
}

let choosing = false;

/**
 * A question with two answers, asked once at a time (two failed saves do not stack two dialogs).
 * `ok` runs on the first answer; the second just closes it.
 */
export function ask(
  texts: { title: string; content: string; ok: string; cancel: string },
  ok: () => void,
): void {
  if (choosing) return;
  choosing = true;
  const done = () => {
    choosing = false;
  };
  (currentModal ?? Modal).confirm({
    title: texts.title,
    content: texts.content,
    okText: texts.ok,
    cancelText: texts.cancel,
    onOk: () => {
      done();
      ok();
    },
    onCancel: done,
  });
}
