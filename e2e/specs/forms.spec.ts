import { expect, test, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import {
  AccountForm,
  fieldError,
  LockerConfigPage,
  MarketplaceLogsPage,
  VatSettingsForm,
  VoucherForm,
} from '../pages/forms-pages';
import { HomeKpis } from '../pages/home-kpis-page';
import { ACCOUNTS } from '../support/accounts';
import { callApi, setPreferences, signIn, tokenFor } from '../support/api';

const RANGE = 'Introduza um valor entre 0 e 100.';
const REQUIRED = 'Campo obrigatório.';

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
    const settings = new VatSettingsForm(page);
    const iva = settings.iva;
    await expect(iva).toHaveValue(/\d/);
    await iva.fill('150');
    await iva.blur();
    // No silent clamping: the field keeps what was typed.
    await expect(iva).toHaveValue('150');
    await settings.save.click();
    await expect(fieldError(iva)).toHaveText(RANGE);
    expect(await settingsIva(page)).toBe(before);
    // Still wrong: the error stays; corrected: it goes before any save.
    await iva.fill('101');
    await expect(fieldError(iva)).toHaveText(RANGE);
    await iva.fill('23');
    await expect(fieldError(iva)).toHaveCount(0);
    await iva.fill('');
    await settings.save.click();
    await expect(fieldError(iva)).toHaveText(REQUIRED);
  });

  test('a voucher of 150 % is refused and nothing is saved', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/marketplace/settings?tab=vouchers');
    const vouchers = new VoucherForm(page);
    await expect(vouchers.table).toBeVisible();
    await vouchers.add.click();
    await vouchers.title.fill('Demasiado');
    await vouchers.code.fill('OVER150');
    await vouchers.value.fill('150');
    await vouchers.save.click();
    await expect(fieldError(vouchers.value)).toHaveText(RANGE);
    await expect(vouchers.value).toHaveValue(/^150([.,]00)?$/);
    await expect(vouchers.dialog).toBeVisible();
    await vouchers.cancel.click();
    await expect(vouchers.row('OVER150')).toHaveCount(0);
  });

  test('empty required fields say one message; L41 lands on the PIN only and goes when the PIN is edited', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/admins');
    const account = new AccountForm(page);
    await account.add.click();
    await account.save.click();
    const { name, username, pin } = account;
    await expect(fieldError(name)).toHaveText(REQUIRED);
    await expect(fieldError(username)).toHaveText(REQUIRED);
    await name.fill('Ana Forms');
    await expect(fieldError(name)).toHaveCount(0);
    await expect(fieldError(username)).toHaveText(REQUIRED);
    await username.fill('ana.forms');
    await expect(fieldError(username)).toHaveCount(0);
    await account.password.fill('secret1');
    await account.confirm.fill('secret1');
    // The demo editor's PIN is 2345 (printed at the first start): another account may not take it.
    await pin.fill('2345');
    await account.save.click();
    await expect(fieldError(pin)).toHaveText(/PIN/);
    await expect(account.errors).toHaveCount(1);
    await pin.fill('4321');
    await expect(fieldError(pin)).toHaveCount(0);
  });
});

test.describe('numbers, logs and right to left', () => {
  test('a number out of range outside a form is kept as typed and refused, not clamped', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/locations/config/new');
    const config = new LockerConfigPage(page);
    await config.count.fill('600');
    await config.count.blur();
    await expect(config.count).toHaveValue('600');
    await expect(config.message('Indique um número inteiro de cacifos (1 a 500).')).toBeVisible();
    await expect(config.generate).toBeDisabled();
    await config.count.fill('4');
    await expect(config.message('Indique um número inteiro de cacifos (1 a 500).')).toHaveCount(0);
    await config.generate.click();
    await expect(config.doors).toHaveCount(4);
  });

  test('marketplace log details read as changes, not field names and JSON', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/marketplace/logs');
    const logs = new MarketplaceLogsPage(page);
    await expect(logs.rows.first()).toBeVisible();
    const details = (await logs.details.allInnerTexts()).join('\n');
    // The seed sets VAT and the deposit, and creates prices and a voucher.
    expect(details).toMatch(/IVA \d+ %/);
    expect(details).toMatch(/Caução \d+,\d\d\s€/);
    expect(details).not.toMatch(/[{}"]|Cents|Percent/);
  });

  test('right to left: values in sentences are isolated and sentences keep their order', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/login');
    await setPreferences(page, { customizer: { direction: 'rtl' } });
    await page.goto('/');
    const hint = new HomeKpis(page).occupancyHint;
    await expect(hint).toBeVisible();
    expect(await hint.textContent()).toMatch(/^\u2068\d+\u2069 de \u2068\d+\u2069 cacifos em uso$/);
    expect(await hint.evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe('plaintext');
  });
});
