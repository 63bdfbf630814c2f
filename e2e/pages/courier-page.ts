import type { Locator, Page } from '@playwright/test';

/** /courier: the courier's order search and what it says of an order it cannot show. */
export class CourierPage {
  readonly search: Locator;
  readonly unknown: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByTestId('courier-search').locator('input');
    this.unknown = page.getByTestId('courier-unknown');
  }

  async find(packageId: string) {
    await this.search.fill(packageId);
    await this.search.press('Enter');
  }
}
