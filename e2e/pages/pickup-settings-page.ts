import type { Locator, Page } from '@playwright/test';

/** Admin tools' pickup time and reminders card (issue #25), in pt. */
export class PickupSettingsCard {
  readonly card: Locator;
  /** The hours of the default rule's row ("Todos os outros tipos (*)"): pickup, then reminder. */
  readonly defaultPickupHours: Locator;
  readonly defaultReminderHours: Locator;
  /** The first reminder's error under its field, antd's help id for that field. */
  readonly reminderError: Locator;
  readonly save: Locator;
  readonly saved: Locator;
  /** Any error toast: a stale save must be the reload dialog only. */
  readonly errorToasts: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('pickup-settings');
    const numbers = this.card
      .getByRole('row', { name: /Todos os outros tipos \(\*\)/ })
      .getByRole('spinbutton');
    this.defaultPickupHours = numbers.first();
    this.defaultReminderHours = numbers.nth(1);
    this.reminderError = this.card.locator('#rules_0_reminderHours_0_help');
    this.save = this.card.getByRole('button', { name: 'Guardar' });
    this.saved = page.getByText('Prazos de levantamento guardados.');
    this.errorToasts = page.locator('.ant-message-error');
  }

  text(text: string): Locator {
    return this.card.getByText(text);
  }

  /** The card's first number field, whichever row it is in (what a reload shows first). */
  firstNumber(): Locator {
    return this.card.getByRole('spinbutton').first();
  }
}
