import { useEffect } from 'react';
import { App, Modal, message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ArgsProps as NoticeArgs, NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalInstance } from 'antd/es/modal/useModal';

let current: MessageInstance | null = null;
let currentModal: ModalInstance | null = null;
let currentNotification: NotificationInstance | null = null;

/**
 * Hands antd's themed message API (App.useApp) to code that runs outside React, the MutationCache
 * above all. Rendered once inside antd's `<App>` (the shell does it).
 */
export function FeedbackHost() {
  const { message, modal, notification } = App.useApp();
  useEffect(() => {
    current = message;
    currentModal = modal;
    currentNotification = notification;
    return () => {
      if (current === message) current = null;
      if (currentModal === modal) currentModal = null;
      if (currentNotification === notification) currentNotification = null;
    };
  }, [message, modal, notification]);
  return null;
}

/**
 * One short message. The text is its key, so the same message asked twice (a double click, two
 * rows failing alike) shows once instead of stacking.
 */
export function say(kind: 'success' | 'error' | 'info' | 'warning', text: string, seconds?: number): void {
  void (current ?? staticMessage).open({
    type: kind,
    content: text,
    key: `${kind}:${text}`,
    ...(seconds === undefined ? {} : { duration: seconds }),
  });
}

/**
 * A notice that stays longer or holds more than a line: a long export's progress (updated in place
 * under one `key`), a door opened with print buttons under it. Not for a mutation's outcome: that
 * is the mutation's meta (lib/mutation-feedback.ts).
 */
export function notify(args: NoticeArgs): void {
  (currentNotification ?? staticNotification).open(args);
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
