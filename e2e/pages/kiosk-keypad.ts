import type { Locator, Page } from '@playwright/test';

/** A keypad of the kiosk (pickup code, PIN, phone number): its digit keys and its OK key. */
export class Keypad {
  readonly pad: Locator;
  readonly ok: Locator;

  constructor(
    readonly page: Page,
    readonly testId: string,
  ) {
    this.pad = page.getByTestId(testId);
    this.ok = page.getByTestId(`${testId}-ok`);
  }

  key(digit: string): Locator {
    return this.page.getByTestId(`${this.testId}-key-${digit}`);
  }

  /** Types a code key by key, as a person does, and confirms it. */
  async enter(code: string) {
    for (const d of code) await this.key(d).click();
    await this.ok.click();
  }
}
