import { expect, type Locator, type Page } from '@playwright/test';

/** The navbar scanner: icons, the camera overlay and the registration of an unknown parcel. */
export class ScannerPage {
  readonly overlay: Locator;
  readonly cancel: Locator;
  readonly registerForm: Locator;
  /** The read package id, filled in the registration form. */
  readonly registerPackage: Locator;
  /** Where a read parcel lands: the deposit dialog of its order. */
  readonly depositDialog: Locator;

  constructor(readonly page: Page) {
    this.overlay = page.getByTestId('scanner-overlay');
    this.cancel = page.getByTestId('scanner-cancel');
    this.registerForm = page.getByTestId('scanner-register-form');
    this.registerPackage = this.registerForm.getByTestId('scanner-register-package');
    this.depositDialog = page.getByTestId('deposit-dialog');
  }

  /** A message the page shows, anywhere (the registration's toasts). */
  text(text: string): Locator {
    return this.page.getByText(text);
  }

  icon(kind: 'barcode' | 'qrcode'): Locator {
    return this.page.getByTestId(`scanner-open-${kind}`);
  }

  async open(kind: 'barcode' | 'qrcode' = 'barcode') {
    await this.icon(kind).click();
    await expect(this.overlay).toBeVisible();
  }

  /** The "not registered, register it?" question that follows reading an unknown package. */
  async confirmRegister(packageId: string, timeout = 30_000) {
    await expect(this.page.getByText(packageId).filter({ visible: true })).toBeVisible({ timeout });
    await this.page.getByTestId('scanner-register-confirm').click();
    await expect(this.registerForm).toBeVisible();
  }

  async register(fields: { reference: string; phone: string }) {
    await this.registerForm.getByTestId('scanner-register-reference').fill(fields.reference);
    await this.registerForm.getByTestId('scanner-register-phone').fill(fields.phone);
    await this.page.getByTestId('scanner-register-save').click();
  }
}
