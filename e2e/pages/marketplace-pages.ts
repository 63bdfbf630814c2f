import { expect, type Locator, type Page } from '@playwright/test';

/** /marketplace/{type}: the price packs of one type. */
export class PricePacksPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByTestId('price-table');
  }

  async goto(type: string) {
    await this.page.goto(`/marketplace/${type}`);
    await expect(this.table).toBeVisible();
  }

  async create(pack: { name: string; hours: number; euros: string }) {
    await this.page.getByTestId('price-add').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByTestId('price-name').fill(pack.name);
    await dialog.getByTestId('price-hours').fill(String(pack.hours));
    await dialog.getByTestId('price-amount').fill(pack.euros);
    await dialog.getByTestId('price-save').click();
    await expect(dialog).toBeHidden();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }
}

/** /marketplace/settings, vouchers tab. */
export class VouchersPage {
  readonly table: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByTestId('voucher-table');
  }

  async goto() {
    await this.page.goto('/marketplace/settings?tab=vouchers');
    await expect(this.table).toBeVisible();
  }

  async createPercentage(v: { title: string; code: string; percent: string }) {
    await this.page.getByTestId('voucher-add').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByTestId('voucher-title').fill(v.title);
    await dialog.getByTestId('voucher-code').fill(v.code);
    await dialog.getByTestId('voucher-value').fill(v.percent);
    await dialog.getByTestId('voucher-save').click();
    await expect(dialog).toBeHidden();
  }

  row(code: string): Locator {
    return this.table.getByRole('row').filter({ hasText: code });
  }
}

/** /marketplace/transactions: the list, its search and the details drawer. */
export class TransactionsPage {
  readonly table: Locator;
  readonly details: Locator;
  readonly invoice: Locator;
  readonly invoiceTotal: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByTestId('tx-table');
    this.details = page.getByTestId('transaction-details');
    this.invoice = page.getByTestId('transaction-invoice');
    this.invoiceTotal = page.getByTestId('invoice-total');
  }

  async search(text: string) {
    await this.page.goto('/marketplace/transactions');
    await expect(this.table).toBeVisible();
    const box = this.page.getByTestId('tx-search').locator('input');
    await box.fill(text);
    await box.press('Enter');
  }

  row(reference: string): Locator {
    return this.table.getByRole('row').filter({ hasText: reference });
  }

  async open(reference: string) {
    await this.row(reference).click();
    await expect(this.details).toBeVisible();
  }
}

/** /marketplace: the overview's figures and the locations it lists. */
export class MarketplaceOverviewPage {
  constructor(readonly page: Page) {}

  figure(name: string): Locator {
    return this.page.getByTestId(`overview-${name}`);
  }

  text(text: string): Locator {
    return this.page.getByText(text);
  }
}
