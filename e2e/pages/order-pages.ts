import { expect, type Locator, type Page } from '@playwright/test';

/** /orders/details/new: the order form and the deposit dialog it opens. */
export class NewOrderPage {
  readonly form: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('order-form');
    this.dialog = page.getByTestId('deposit-dialog');
  }

  async goto() {
    await this.page.goto('/orders/details/new');
    await expect(this.form).toBeVisible();
  }

  async createAndDeposit(fields: { packageId: string; phone: string; reference: string }) {
    await this.form.getByTestId('order-packageId').fill(fields.packageId);
    await this.form.getByTestId('order-recipientPhone').fill(fields.phone);
    await this.form.getByTestId('order-recipientNumber').fill(fields.reference);
    await this.form.getByTestId('order-save-deposit').click();
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog).toContainText(fields.packageId);
    await expect(this.dialog).toContainText(fields.phone);
  }

  async requestLocker(placeName: string, size: string) {
    await this.dialog.getByText(placeName).click();
    await this.dialog.getByTestId(`deposit-size-${size}`).click();
    await this.page.getByTestId('deposit-request').click();
    await expect(this.dialog.getByTestId('deposit-assigned')).toBeVisible();
  }

  async confirmAndOpen() {
    await this.page.getByTestId('deposit-confirm').click();
    await expect(this.dialog).toBeHidden();
  }
}

/** Both order detail pages. */
export class OrderDetailPage {
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.detail = page.getByTestId('order-detail');
  }

  state(): Locator {
    return this.detail.getByTestId('order-state').first();
  }

  async expectState(state: number, timeout = 15_000) {
    await expect(this.state()).toHaveAttribute('data-state', String(state), { timeout });
  }
}

/** The navbar order search. */
export class OrderSearchBox {
  constructor(readonly page: Page) {}

  async search(packageId: string) {
    const input = this.page.getByTestId('order-search-input');
    await expect(this.page.getByTestId('order-search-button')).toBeDisabled();
    await input.fill(packageId);
    await this.page.getByTestId('order-search-button').click();
    await expect(input).toHaveValue('');
  }
}

/** /import-orders: the upload, the column mapping step, the preview and Submit Orders. */
export class ImportOrdersPage {
  constructor(private readonly page: Page) {}

  async upload(name: string, content: string | Buffer) {
    const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    // The page has one upload: antd's hidden file input behind the button.
    await this.page
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  }

  /** Chooses, for the file's column `col`, the field whose label is `label`. */
  async mapColumn(col: number, label: string) {
    const select = this.page.getByTestId(`import-map-${col}`);
    await expect(async () => {
      await select.click();
      await this.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
        .last()
        .click({ timeout: 5_000 });
      await expect(select).toContainText(label, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  problem() {
    return this.page.getByTestId('import-problem');
  }
}
