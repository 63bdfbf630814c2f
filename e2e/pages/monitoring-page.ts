import type { Locator, Page } from '@playwright/test';

/** /monitoring: the live tiles of the chosen location. */
export class MonitoringPage {
  readonly view: Locator;
  readonly tiles: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('monitoring');
    this.tiles = this.view.locator('.locker-tile');
  }
}
