import type { Locator, Page } from '@playwright/test';
import { Keypad } from './kiosk-keypad';

/** The office wall's "open my locker": a card or PIN, then a choice when the person holds several doors. */
export class KioskOpenLocker {
  readonly screen: Locator;
  readonly pad: Keypad;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('kiosk-open-locker');
    this.pad = new Keypad(page, 'kiosk-office-pad');
  }

  async enterPin(pin: string) {
    await this.pad.enter(pin);
  }

  door(doorNumber: number): Locator {
    return this.page.getByTestId(`kiosk-door-${doorNumber}`);
  }
}

/** The office wall's asset pickup: a card or PIN, then the assets this person may take here. */
export class KioskAssets {
  readonly screen: Locator;
  readonly pad: Keypad;
  readonly none: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('kiosk-assets');
    this.pad = new Keypad(page, 'kiosk-asset-pad');
    this.none = page.getByTestId('kiosk-no-assets');
  }

  async enterPin(pin: string) {
    await this.pad.enter(pin);
  }

  asset(assetId: number): Locator {
    return this.page.getByTestId(`kiosk-asset-${assetId}`);
  }
}

/** The office wall's asset return: a card, then which of the person's assets goes back. */
export class KioskReturnAsset {
  readonly screen: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByTestId('kiosk-return-asset');
  }

  asset(assetId: number): Locator {
    return this.page.getByTestId(`kiosk-return-${assetId}`);
  }
}
