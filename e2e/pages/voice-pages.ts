import { expect, type Locator, type Page } from '@playwright/test';

declare global {
  interface Window {
    __voiceSay?: (text: string) => void;
    __voiceSpoken?: string[];
  }
}

/**
 * The navbar voice assistant with a stand-in for the browser's speech recognition: `hear(text)`
 * delivers a final transcript as Chrome would, and what the assistant says is recorded instead of
 * played.
 */
export class VoiceAssistant {
  readonly toggle: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByTestId('voice-toggle');
  }

  /** Installs the fake recogniser and speech synthesis before the app boots. */
  static async fakeSpeech(page: Page) {
    await page.addInitScript(() => {
      type Handler = ((event: unknown) => void) | null;
      const instances: { onresult: Handler; running: boolean }[] = [];
      class FakeRecognition {
        lang = '';
        continuous = false;
        interimResults = false;
        maxAlternatives = 1;
        running = false;
        onresult: Handler = null;
        onerror: Handler = null;
        onend: (() => void) | null = null;
        constructor() {
          instances.push(this);
        }
        start() {
          this.running = true;
        }
        stop() {
          this.running = false;
          this.onend?.();
        }
        abort() {
          this.stop();
        }
      }
      Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
      window.__voiceSay = (text: string) => {
        const live = instances.filter((r) => r.running).at(-1);
        if (!live) throw new Error('the assistant is not listening');
        const result = Object.assign([{ transcript: text, confidence: 0.9 }], { isFinal: true });
        live.onresult?.({ resultIndex: 0, results: [result] });
      };
      window.__voiceSpoken = [];
      window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
        window.__voiceSpoken!.push(u.text);
      };
    });
  }

  /** A browser with no speech recognition at all. */
  static async noSpeech(page: Page) {
    await page.addInitScript(() => {
      delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
      delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    });
  }

  async activate() {
    await expect(this.toggle).toHaveAttribute('data-state', 'stopped');
    await this.toggle.click();
    await expect(this.toggle).toHaveAttribute('data-state', 'active');
  }

  async hear(text: string) {
    await this.page.evaluate((t) => window.__voiceSay!(t), text);
  }

  async spoken(): Promise<string[]> {
    return this.page.evaluate(() => window.__voiceSpoken ?? []);
  }

  confirmButton(): Locator {
    return this.page.getByTestId('voice-confirm');
  }

  /** The confirmation question a command asks ("Abrir a porta 5?"), as shown on screen. */
  question(text: string): Locator {
    return this.page.getByText(text).filter({ visible: true });
  }

  /** A notice of the assistant's, such as the one for a browser without recognition. */
  notice(text: string): Locator {
    return this.page.getByText(text, { exact: false });
  }

  /** The toasts the assistant's commands leave. */
  toasts(): Locator {
    return this.page.locator('.ant-message-notice');
  }
}

/** The navbar's typed command box: the assistant without a microphone, keyboard only. */
export class VoiceCommandBox {
  readonly opener: Locator;
  readonly reply: Locator;

  constructor(readonly page: Page) {
    this.opener = page.getByTestId('voice-command-open');
    this.reply = page.getByTestId('voice-command-reply');
  }

  /** The command field, by its label in the page's language. */
  input(label: string): Locator {
    return this.page.getByRole('textbox', { name: label });
  }

  /** The button that runs the typed command, by its name in the page's language. */
  runButton(name: string): Locator {
    return this.page.getByRole('button', { name });
  }
}
