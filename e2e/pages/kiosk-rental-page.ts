import type { Locator, Page } from '@playwright/test';
import { Keypad } from './kiosk-keypad';

/** The marketplace wall's rental screens: choose, price, pay, the ticket, and managing a rental by its PIN. */
export class KioskRental {
  readonly total: Locator;
  readonly deposit: Locator;
  readonly discount: Locator;
  readonly price: Locator;
  readonly voucherOpen: Locator;
  readonly voucherInput: Locator;
  readonly voucherApply: Locator;
  readonly phonePad: Keypad;
  readonly waiting: Locator;
  readonly countdown: Locator;
  readonly cardHold: Locator;
  readonly cardPay: Locator;
  readonly confirmFree: Locator;
  readonly doorOpen: Locator;
  readonly pin: Locator;
  readonly qr: Locator;
  readonly pinPad: Keypad;
  readonly scanQr: Locator;
  readonly manage: Locator;
  readonly reopen: Locator;
  readonly note: Locator;
  readonly extend: Locator;
  readonly end: Locator;
  readonly endConfirm: Locator;
  readonly ended: Locator;
  readonly endWords: Locator;

  constructor(readonly page: Page) {
    this.total = page.getByTestId('rental-total');
    this.deposit = page.getByTestId('rental-deposit');
    this.discount = page.getByTestId('rental-discount');
    this.price = page.getByTestId('rental-price');
    this.voucherOpen = page.getByTestId('rental-voucher-open');
    this.voucherInput = page.getByTestId('rental-voucher-input');
    this.voucherApply = page.getByTestId('rental-voucher-apply');
    this.phonePad = new Keypad(page, 'rental-phone-pad');
    this.waiting = page.getByTestId('rental-waiting');
    this.countdown = page.getByTestId('rental-countdown');
    this.cardHold = page.getByTestId('rental-card-hold');
    this.cardPay = page.getByTestId('rental-card-pay');
    this.confirmFree = page.getByTestId('rental-confirm-free');
    this.doorOpen = page.getByTestId('rental-door-open');
    this.pin = page.getByTestId('rental-pin');
    // The ticket's QR is drawn as an SVG: seeing the SVG is seeing the code.
    this.qr = page.getByTestId('rental-qr').locator('svg');
    this.pinPad = new Keypad(page, 'rental-pin-pad');
    this.scanQr = page.getByTestId('rental-scan-qr');
    this.manage = page.getByTestId('rental-manage');
    this.reopen = page.getByTestId('rental-open');
    this.note = page.getByTestId('rental-note');
    this.extend = page.getByTestId('rental-extend');
    this.end = page.getByTestId('rental-end');
    this.endConfirm = page.getByTestId('rental-end-confirm');
    this.ended = page.getByTestId('rental-ended');
    this.endWords = page.getByTestId('rental-end-words');
  }

  async chooseType(type: string) {
    await this.page.getByTestId(`rental-type-${type}`).click();
  }

  size(size: string): Locator {
    return this.page.getByTestId(`rental-size-${size}`);
  }

  async chooseSize(size: string) {
    await this.size(size).click();
  }

  /** A pack button by its hours as it says them; a string must not run on into a longer word ("2 horas"). */
  pack(hours: string | RegExp): Locator {
    const hasText = typeof hours === 'string' ? new RegExp(`^${hours}(?![a-z])`) : hours;
    return this.page.locator('[data-testid^=rental-pack-]', { hasText });
  }

  async choosePack(hours: string | RegExp) {
    await this.pack(hours).click();
  }

  async applyVoucher(code: string) {
    await this.voucherOpen.click();
    await this.voucherInput.fill(code);
    await this.voucherApply.click();
  }

  method(method: 'mbway' | 'creditCard'): Locator {
    return this.page.getByTestId(`rental-method-${method}`);
  }

  /** MB WAY: the request goes to this phone, where its owner approves it. */
  async payByMbway(phone: string) {
    await this.method('mbway').click();
    await this.phonePad.enter(phone);
  }

  async payByCard() {
    await this.method('creditCard').click();
    await this.cardPay.click();
  }

  /** The PIN on the ticket, as the customer copies it down. */
  async readPin(): Promise<string> {
    return (await this.pin.textContent())!.trim();
  }

  async enterPin(pin: string) {
    await this.pinPad.enter(pin);
  }

  /** Ends the rental, confirming when asked. */
  async endRental() {
    await this.end.click();
    await this.endConfirm.click();
  }
}
