import { useEffect, useRef } from 'react';

interface Grecaptcha {
  ready(cb: () => void): void;
  render(
    el: HTMLElement,
    opts: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      hl?: string;
      theme?: 'light' | 'dark';
    },
  ): number;
  reset(id?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let scriptPromise: Promise<Grecaptcha> | null = null;

function loadScript(): Promise<Grecaptcha> {
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    script.async = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA missing'));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('reCAPTCHA failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

interface RecaptchaProps {
  siteKey: string;
  language: string;
  dark: boolean;
  onToken: (token: string | null) => void;
  onError: () => void;
  /** Changing it resets the widget (after a failed login the token is spent). */
  resetSignal: number;
}

/** reCAPTCHA v2 checkbox; only mounted when the deployment configures a site key. */
export function Recaptcha({ siteKey, language, dark, onToken, onError, resetSignal }: RecaptchaProps) {
  const ref = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const callbacks = useRef({ onToken, onError });
  useEffect(() => {
    callbacks.current = { onToken, onError };
  });

  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then((g) => {
        if (cancelled || !ref.current || widget.current !== null) return;
        widget.current = g.render(ref.current, {
          sitekey: siteKey,
          hl: language,
          theme: dark ? 'dark' : 'light',
          callback: (token) => callbacks.current.onToken(token),
          'expired-callback': () => callbacks.current.onToken(null),
          'error-callback': () => callbacks.current.onError(),
        });
      })
      .catch(() => !cancelled && callbacks.current.onError());
    return () => {
      cancelled = true;
    };
  }, [siteKey, language, dark]);

  useEffect(() => {
    if (resetSignal > 0 && widget.current !== null) window.grecaptcha?.reset(widget.current);
  }, [resetSignal]);

  return <div ref={ref} style={{ minHeight: 78 }} />;
}
