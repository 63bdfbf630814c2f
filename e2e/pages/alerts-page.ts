import type { Locator, Page } from '@playwright/test';

/** /alerts: a locker's alert row, its acknowledge dialog and its open-door question. */
export class AlertsPage {
  readonly ackNote: Locator;
  readonly ackConfirm: Locator;
  readonly openConfirm: Locator;

  constructor(readonly page: Page) {
    this.ackNote = page.getByTestId('ack-note');
    this.ackConfirm = page.getByRole('dialog').getByRole('button', { name: 'Reconhecer' });
    this.openConfirm = page.getByRole('tooltip').getByRole('button', { name: 'Abrir porta' });
  }

  /** The row of a locker's alert (the table keys its rows by locker id). */
  row(lockerId: number): Locator {
    return this.page.locator(`tr[data-row-key="${lockerId}"]`);
  }

  /** Who acknowledged the alert and their note, in its row. */
  acknowledged(lockerId: number): Locator {
    return this.row(lockerId).getByTestId('alert-ack');
  }

  ackButton(lockerId: number): Locator {
    return this.page.getByTestId(`ack-${lockerId}`);
  }

  gotoButton(lockerId: number): Locator {
    return this.page.getByTestId(`alert-goto-${lockerId}`);
  }

  openButton(lockerId: number): Locator {
    return this.page.getByTestId(`alert-open-${lockerId}`);
  }

  async acknowledge(lockerId: number, note: string) {
    await this.ackButton(lockerId).click();
    await this.ackNote.fill(note);
    await this.ackConfirm.click();
  }

  async openDoor(lockerId: number) {
    await this.openButton(lockerId).click();
    await this.openConfirm.click();
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}
