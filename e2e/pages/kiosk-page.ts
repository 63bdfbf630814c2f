import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/api';
import type { KioskWall } from '../support/kiosk-wall';
import { Keypad } from './kiosk-keypad';
import { KioskAssets, KioskOpenLocker, KioskReturnAsset } from './kiosk-office-page';
import { KioskRental } from './kiosk-rental-page';

export type KioskLanguage = 'pt' | 'en' | 'es' | 'fr';

/** The tasks a wall's start screen offers, by the kind of wall: delivery, office, marketplace. */
export type KioskTask =
  'pickup' | 'deposit' | 'returns' | 'openLocker' | 'assets' | 'returnAsset' | 'rent' | 'rental';

/** The delivery wall's pickup screen: the recipient's code on the keypad, or its QR at the camera. */
export class KioskPickup {
  readonly pad: Keypad;
  readonly scanQr: Locator;

  constructor(readonly page: Page) {
    this.pad = new Keypad(page, 'kiosk-pickup-pad');
    this.scanQr = page.getByTestId('kiosk-scan-qr');
  }

  async enterCode(code: string) {
    await this.pad.enter(code);
  }
}

/** The delivery wall's deposit: a courier's PIN or carrier's code, the parcel, a size; a carrier's lists. */
export class KioskDeposit {
  readonly pad: Keypad;
  readonly packageInput: Locator;
  readonly carrierParcels: Locator;
  readonly carrierNone: Locator;
  readonly carrierReturns: Locator;

  constructor(readonly page: Page) {
    this.pad = new Keypad(page, 'kiosk-courier-pad');
    this.packageInput = page.getByTestId('kiosk-package');
    this.carrierParcels = page.getByTestId('kiosk-carrier-parcels');
    this.carrierNone = page.getByTestId('kiosk-carrier-none');
    this.carrierReturns = page.getByTestId('kiosk-carrier-returns');
  }

  async enterCode(code: string) {
    await this.pad.enter(code);
  }

  async typePackage(packageId: string) {
    await this.packageInput.fill(packageId);
  }

  /** Enter sends the parcel's id, as the barcode reader at the wall ends its reading. */
  async submitPackage() {
    await this.packageInput.press('Enter');
  }

  async enterPackage(packageId: string) {
    await this.typePackage(packageId);
    await this.submitPackage();
  }

  size(size: string): Locator {
    return this.page.getByTestId(`kiosk-size-${size}`);
  }

  carrierParcel(packageId: string): Locator {
    return this.page.getByTestId(`kiosk-carrier-parcel-${packageId}`);
  }

  carrierReturn(packageId: string): Locator {
    return this.page.getByTestId(`kiosk-carrier-return-${packageId}`);
  }
}

/** The delivery wall's return drop-off: the customer's 8-digit return code. */
export class KioskReturns {
  readonly screen: Locator;
  readonly pad: Keypad;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('kiosk-returns');
    this.pad = new Keypad(page, 'kiosk-return-pad');
  }

  async enterCode(code: string) {
    await this.pad.enter(code);
  }
}

/** The kiosk at /kiosk, the screen of a wall: its start screen, what every flow shares, and each flow. */
export class KioskPage {
  readonly screen: Locator;
  readonly error: Locator;
  readonly opened: Locator;
  /** The door numbers the opened screen shows, one box per door. */
  readonly openedDoors: Locator;
  readonly done: Locator;
  readonly back: Locator;
  readonly more: Locator;
  readonly offline: Locator;
  readonly camera: Locator;
  /** The card reader's field (a reader types the card's number and Enter). */
  readonly card: Locator;
  readonly manifest: Locator;
  /** The back-office navbar's order search, which the kiosk must not show. */
  readonly orderSearch: Locator;
  readonly pickup: KioskPickup;
  readonly deposit: KioskDeposit;
  readonly returns: KioskReturns;
  readonly openLocker: KioskOpenLocker;
  readonly assets: KioskAssets;
  readonly returnAsset: KioskReturnAsset;
  readonly rental: KioskRental;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('kiosk');
    this.error = page.getByTestId('kiosk-error');
    this.opened = page.getByTestId('kiosk-opened');
    this.openedDoors = this.opened.getByTestId('kiosk-door');
    this.done = page.getByTestId('kiosk-done');
    this.back = page.getByTestId('kiosk-back');
    this.more = page.getByTestId('kiosk-more');
    this.offline = page.getByTestId('kiosk-offline');
    this.camera = page.getByTestId('kiosk-camera');
    this.card = page.getByTestId('kiosk-card');
    this.manifest = page.locator('link[rel="manifest"]');
    this.orderSearch = page.getByTestId('order-search-input');
    this.pickup = new KioskPickup(page);
    this.deposit = new KioskDeposit(page);
    this.returns = new KioskReturns(page);
    this.openLocker = new KioskOpenLocker(page);
    this.assets = new KioskAssets(page);
    this.returnAsset = new KioskReturnAsset(page);
    this.rental = new KioskRental(page);
  }

  /** Signs the wall's screen in and opens the kiosk, portrait, at the size of the wall's screen. */
  async open(wall: KioskWall) {
    await this.page.setViewportSize({ width: 1080, height: 1920 });
    await signIn(this.page, wall.screen, '/kiosk');
    await expect(this.screen).toContainText(wall.placeName);
  }

  task(task: KioskTask): Locator {
    return this.page.getByTestId(`kiosk-task-${task}`);
  }

  async chooseTask(task: KioskTask) {
    await this.task(task).click();
  }

  async chooseLanguage(lng: KioskLanguage) {
    await this.page.getByTestId(`kiosk-lang-${lng}`).click();
  }

  /** Passes a card at the reader of the screen on show. */
  async swipeCard(card: string) {
    await this.card.fill(card);
    await this.card.press('Enter');
  }

  /**
   * A portrait screenshot of the kiosk as it is now, saved as /tmp/kiosk-<name>.png for a person to look
   * at (the walls are 1080x1920; open sets that size). The kiosk must fill the whole height, and no more.
   */
  async shot(name: string) {
    const box = await this.screen.boundingBox();
    expect(box?.height, 'the kiosk fills the portrait screen').toBeGreaterThanOrEqual(1920);
    // ...and fits it: nobody scrolls a wall to find its Back button.
    const height = await this.page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `the kiosk's ${name} step fits the portrait screen`).toBeLessThanOrEqual(1921);
    await this.page.screenshot({ path: `/tmp/kiosk-${name}.png` });
  }
}
