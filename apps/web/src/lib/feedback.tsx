import { useEffect } from 'react';
import { App, message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

let current: MessageInstance | null = null;

/**
 * Hands antd's themed message API (App.useApp) to code that runs outside React, the MutationCache
 * above all. Rendered once inside antd's `<App>` (the shell does it).
 */
export function FeedbackHost() {
  const { message } = App.useApp();
  useEffect(() => {
    current = message;
    return () => {
      if (current === message) current = null;
    };
  }, [message]);
  return null;
}

/**
 * One short message. The text is its key, so the same message asked twice (a double click, two
 * rows failing alike) shows once instead of stacking.
 */
export function say(kind: 'success' | 'error' | 'info' | 'warning', text: string): void {
  void (current ?? staticMessage).open({ type: kind, content: text, key: `${kind}:${text}` });
}
