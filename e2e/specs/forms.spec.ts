import { expect, test, type Locator, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ACCOUNTS } from '../support/accounts';
import { callApi, setPreferences, signIn, tokenFor } from '../support/api';

const RANGE = 'Introduza um valor entre 0 e 100.';
const REQUIRED = 'Campo obrigatório.';

/** The error text under a form field (antd renders it beside the input, in the same form item). */
const fieldError = (input: Locator) =>
  input
    .locator('xpath=ancestor::div[contains(@class,"ant-form-item ")][1]')
    .locator('.ant-form-item-explain-error');

async function settingsIva(page: Page) {
  const token = await tokenFor(page.request, ACCOUNTS.admin);
  const res = await callApi(page.request, token.access_token, API.marketplace.settings, {});
  return res.body.Data.ivaPercent;
}

test.describe('shared form validation', () => {
  test('VAT 150 is refused with the 0-100 message, not clamped, and the error goes once corrected', async ({
    page,
  }) => {
    const before = await settingsIva(page);
    await signIn(page, ACCOUNTS.admin, '/marketplace/settings');
    const iva = page.getByTestId('settings-iva');
    await expect(iva).toHaveValue(/\d/);
    await iva.fill('150');
    await iva.blur();
    // No silent clamping: the field keeps what was typed.
    await expect(iva).toHaveValue('150');
    await page.getByTestId('settings-save').click();
    await expect(fieldError(iva)).toHaveText(RANGE);
    expect(await settingsIva(page)).toBe(before);
    // Still wrong: the error stays; corrected: it goes before any save.
    await iva.fill('101');
    await expect(fieldError(iva)).toHaveText(RANGE);
    await iva.fill('23');
    await expect(fieldError(iva)).toHaveCount(0);
    await iva.fill('');
    await page.getByTestId('settings-save').click();
    await expect(fieldError(iva)).toHaveText(REQUIRED);
  });

  test('a voucher of 150 % is refused and nothing is saved', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/marketplace/settings?tab=vouchers');
    await expect(page.getByTestId('voucher-table')).toBeVisible();
    await page.getByTestId('voucher-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('voucher-title').fill('Demasiado');
    await dialog.getByTestId('voucher-code').fill('OVER150');
    const value = dialog.getByTestId('voucher-value');
    await value.fill('150');
    await dialog.getByTestId('voucher-save').click();
    await expect(fieldError(value)).toHaveText(RANGE);
    await expect(value).toHaveValue(/^150([.,]00)?$/);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(
      page.getByTestId('voucher-table').getByRole('row').filter({ hasText: 'OVER150' }),
    ).toHaveCount(0);
  });

  test('empty required fields say one message; L41 lands on the PIN only and goes when the PIN is edited', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/admins');
    await page.getByTestId('add-account').click();
    const form = page.getByTestId('account-form');
    await page.getByTestId('account-save').click();
    const name = form.getByTestId('account-name');
    const username = form.getByTestId('account-username');
    await expect(fieldError(name)).toHaveText(REQUIRED);
    await expect(fieldError(username)).toHaveText(REQUIRED);
    await name.fill('Ana Forms');
    await expect(fieldError(name)).toHaveCount(0);
    await expect(fieldError(username)).toHaveText(REQUIRED);
    await username.fill('ana.forms');
    await expect(fieldError(username)).toHaveCount(0);
    await form.getByTestId('account-password').fill('secret1');
    await form.getByTestId('account-confirm').fill('secret1');
    // The demo editor's PIN is 2345 (printed at the first start): another account may not take it.
    const pin = form.getByTestId('account-pin');
    await pin.fill('2345');
    await page.getByTestId('account-save').click();
    await expect(fieldError(pin)).toHaveText(/PIN/);
    await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(1);
    await pin.fill('4321');
    await expect(fieldError(pin)).toHaveCount(0);
  });
});

test.describe('numbers, logs and right to left', () => {
  test('a number out of range outside a form is kept as typed and refused, not clamped', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/locations/config/new');
    const count = page.getByRole('spinbutton', { name: 'Quantidade de cacifos a acrescentar' });
    await count.fill('600');
    await count.blur();
    await expect(count).toHaveValue('600');
    await expect(page.getByText('Indique um número inteiro de cacifos (1 a 500).')).toBeVisible();
    await expect(page.getByTestId('generate-lockers')).toBeDisabled();
    await count.fill('4');
    await expect(page.getByText('Indique um número inteiro de cacifos (1 a 500).')).toHaveCount(0);
    await page.getByTestId('generate-lockers').click();
    await expect(page.getByRole('spinbutton', { name: 'Porta', exact: true })).toHaveCount(4);
  });

  test('marketplace log details read as changes, not field names and JSON', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/marketplace/logs');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    const details = (await rows.locator('td:last-child').allInnerTexts()).join('\n');
    // The seed sets VAT and the deposit, and creates prices and a voucher.
    expect(details).toMatch(/IVA \d+ %/);
    expect(details).toMatch(/Caução \d+,\d\d\s€/);
    expect(details).not.toMatch(/[{}"]|Cents|Percent/);
  });

  test('right to left: values in sentences are isolated and sentences keep their order', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/login');
    await setPreferences(page, { customizer: { direction: 'rtl' } });
    await page.goto('/');
    const hint = page.getByTestId('kpi-occupancy').getByText(/cacifos em uso/);
    await expect(hint).toBeVisible();
    expect(await hint.textContent()).toMatch(/^\u2068\d+\u2069 de \u2068\d+\u2069 cacifos em uso$/);
    expect(await hint.evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe('plaintext');
  });
});
