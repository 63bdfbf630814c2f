import { expect, type Locator, type Page } from '@playwright/test';

/** /orders/details/new: the order form and the deposit dialog it opens. */
export class NewOrderPage {
  readonly form: Locator;
  readonly dialog: Locator;
  readonly packageId: Locator;
  readonly phone: Locator;
  readonly save: Locator;
  /** The saved order's "Deposit" button, which opens the dialog again. */
  readonly deposit: Locator;
  readonly confirm: Locator;
  /** "Print label", offered once the door is open. */
  readonly print: Locator;
  /** Every toast and notification, to read what the page said. */
  readonly notices: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('order-form');
    this.dialog = page.getByTestId('deposit-dialog');
    this.packageId = this.form.getByTestId('order-packageId');
    this.phone = this.form.getByTestId('order-recipientPhone');
    this.save = page.getByTestId('order-save');
    this.deposit = page.getByTestId('order-deposit');
    this.confirm = page.getByTestId('deposit-confirm');
    this.print = page.getByTestId('deposit-print');
    this.notices = page.locator('.ant-message-notice, .ant-notification-notice');
  }

  async goto() {
    await this.page.goto('/orders/details/new');
    await expect(this.form).toBeVisible();
  }

  async createAndDeposit(fields: { packageId: string; phone: string; reference: string }) {
    await this.packageId.fill(fields.packageId);
    await this.phone.fill(fields.phone);
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
    await this.confirm.click();
    await expect(this.dialog).toBeHidden();
  }
}

/** Both order detail pages. */
export class OrderDetailPage {
  readonly detail: Locator;
  readonly stage: Locator;
  readonly printSlip: Locator;
  /** The messages sent about the order (SMS, e-mail) and what became of each. */
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.detail = page.getByTestId('order-detail');
    this.stage = page.getByTestId('order-stage');
    this.printSlip = this.detail.getByTestId('print-slip');
    this.messages = page.getByTestId('order-messages');
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

  /** What the search said (the toast of an order not found). */
  toast(): Locator {
    return this.page.locator('.ant-message-notice');
  }
}

/** /import-orders: the upload, the column mapping step, the preview and Submit Orders. */
export class ImportOrdersPage {
  readonly template: Locator;
  readonly mapping: Locator;
  readonly applyMapping: Locator;
  readonly preview: Locator;
  readonly errorsOnly: Locator;
  readonly submit: Locator;
  readonly result: Locator;

  constructor(private readonly page: Page) {
    this.template = page.getByTestId('import-template');
    this.mapping = page.getByTestId('import-mapping');
    this.applyMapping = page.getByTestId('import-map-apply');
    this.preview = page.getByTestId('import-preview');
    this.errorsOnly = page.getByTestId('import-errors-only');
    this.submit = page.getByTestId('import-submit');
    this.result = page.getByTestId('import-result');
  }

  /** A line the page writes anywhere (the preview's counts, the mapping's note). */
  text(text: string): Locator {
    return this.page.getByText(text);
  }

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
