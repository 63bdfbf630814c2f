import type { Locator, Page } from '@playwright/test';

/** The error text under a form field (antd renders it beside the input, in the same form item). */
export function fieldError(input: Locator): Locator {
  return input
    .locator('xpath=ancestor::div[contains(@class,"ant-form-item ")][1]')
    .locator('.ant-form-item-explain-error');
}

/** /marketplace/settings: the VAT field and the settings' save button. */
export class VatSettingsForm {
  readonly iva: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.iva = page.getByTestId('settings-iva');
    this.save = page.getByTestId('settings-save');
  }
}

/** /marketplace/settings, vouchers tab: the table and the new-voucher dialog. */
export class VoucherForm {
  readonly table: Locator;
  readonly add: Locator;
  readonly dialog: Locator;
  readonly title: Locator;
  readonly code: Locator;
  readonly value: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('voucher-table');
    this.add = page.getByTestId('voucher-add');
    this.dialog = page.getByRole('dialog');
    this.title = this.dialog.getByTestId('voucher-title');
    this.code = this.dialog.getByTestId('voucher-code');
    this.value = this.dialog.getByTestId('voucher-value');
    this.save = this.dialog.getByTestId('voucher-save');
    this.cancel = this.dialog.getByRole('button', { name: 'Cancelar' });
  }

  row(code: string): Locator {
    return this.table.getByRole('row').filter({ hasText: code });
  }
}

/** /admins: the new-account drawer's form, its fields and every error it shows. */
export class AccountForm {
  readonly add: Locator;
  readonly form: Locator;
  readonly save: Locator;
  readonly name: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly pin: Locator;
  readonly errors: Locator;

  constructor(readonly page: Page) {
    this.add = page.getByTestId('add-account');
    this.form = page.getByTestId('account-form');
    this.save = page.getByTestId('account-save');
    this.name = this.form.getByTestId('account-name');
    this.username = this.form.getByTestId('account-username');
    this.password = this.form.getByTestId('account-password');
    this.confirm = this.form.getByTestId('account-confirm');
    this.pin = this.form.getByTestId('account-pin');
    this.errors = this.form.locator('.ant-form-item-explain-error');
  }
}

/** /locations/config/new: how many lockers to add, and the generated rows. */
export class LockerConfigPage {
  readonly count: Locator;
  readonly generate: Locator;
  /** The door number field of each generated locker. */
  readonly doors: Locator;

  constructor(readonly page: Page) {
    this.count = page.getByRole('spinbutton', { name: 'Quantidade de cacifos a acrescentar' });
    this.generate = page.getByTestId('generate-lockers');
    this.doors = page.getByRole('spinbutton', { name: 'Porta', exact: true });
  }

  /** A message on the page, such as the refusal of a count out of range. */
  message(text: string): Locator {
    return this.page.getByText(text);
  }
}

/** /marketplace/logs: the table of changes. */
export class MarketplaceLogsPage {
  readonly rows: Locator;
  /** Each row's last cell: what the change was. */
  readonly details: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('.ant-table-tbody tr.ant-table-row');
    this.details = this.rows.locator('td:last-child');
  }
}
