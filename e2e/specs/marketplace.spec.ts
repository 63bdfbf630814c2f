import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import {
  MarketplaceOverviewPage,
  PricePacksPage,
  TransactionsPage,
  VouchersPage,
} from '../pages/marketplace-pages';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

async function kiosk<E extends Endpoint>(
  request: APIRequestContext,
  token: string,
  endpoint: E,
  input: CallInput<E>,
) {
  const { body } = await callApi(request, token, endpoint, input);
  expect(body.ResultCode, `${endpoint.method} ${endpoint.path}: ${body.Description}`).toBe(1);
  return body.Data;
}

/** pt-PT money as the screens write it ("5,10 €", with a no-break space). */
const eur = (text: string) => new RegExp(`${text.replace('.', ',')}\\s€`);

test.describe('marketplace', () => {
  test('a pack and a voucher made in the back-office, a kiosk rental paid by card, its transaction with the right totals', async ({
    page,
  }) => {
    const name = `E2E ${Date.now() % 100000}`;
    const code = `E2E${Date.now() % 100000}`;
    await signIn(page, ACCOUNTS.admin, '/marketplace/visitor');

    const packs = new PricePacksPage(page);
    await expect(packs.table).toBeVisible();
    await packs.create({ name, hours: 3, euros: '6' });
    await expect(packs.row(name)).toContainText(eur('6.00'));
    // 6.00 € with 23% IVA: 4.88 € without (487.80 rounded half up).
    await expect(packs.row(name)).toContainText(eur('4.88'));

    const vouchers = new VouchersPage(page);
    await vouchers.goto();
    await vouchers.createPercentage({ title: 'Teste E2E', code, percent: '15' });
    await expect(vouchers.row(code)).toContainText('15 %');

    // The kiosk: the demo screen is bound to the demo marketplace wall.
    const { access_token: screen } = await tokenFor(page.request, ACCOUNTS.screen);
    const catalog = await kiosk(page.request, screen, API.rentals.catalog, {});
    const pack = catalog.packs.find((p) => p.name === name);
    expect(pack, 'new pack on sale at the kiosk').toBeTruthy();
    const quote = await kiosk(page.request, screen, API.rentals.quote, {
      body: { packId: pack!.id, voucherCode: code.toLowerCase() },
    });
    expect(quote.totalCostCents).toBe(510);
    const rental = await kiosk(page.request, screen, API.rentals.rent, {
      body: { packId: pack!.id, voucherCode: code, method: 'creditCard' },
    });
    expect(rental.status).toBe('active');
    const reference = rental.transactions[0]!.reference;
    await kiosk(page.request, screen, API.rentals.open, { params: { id: rental.id } });
    const ended = await kiosk(page.request, screen, API.rentals.end, { params: { id: rental.id } });
    expect(ended.transactions[0]!.status).toBe('paid');

    const transactions = new TransactionsPage(page);
    await transactions.search(reference);
    const row = transactions.row(reference);
    await expect(row).toContainText(eur('6.00'));
    await expect(row).toContainText(eur('5.10'));
    await expect(row).toContainText('Paga');
    await transactions.open(reference);
    await expect(transactions.invoiceTotal).toHaveText(eur('5.10'));
    // 5.10 € total: 4.15 € without IVA (414.63 rounded), 0.95 € IVA, 0.90 € voucher discount.
    await expect(transactions.invoice).toContainText(eur('4.15'));
    await expect(transactions.invoice).toContainText(eur('0.95'));
    await expect(transactions.invoice).toContainText(eur('-0.90'));
    await expect(transactions.details).toContainText(code);
    await expect(transactions.details).toContainText('Cartão de crédito');
  });

  test('the overview shows revenue, occupancy and the demo rentals', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/marketplace');
    const overview = new MarketplaceOverviewPage(page);
    await expect(overview.text('Cacifos Cais do Sodré')).toBeVisible();
    await expect(overview.figure('revenueTotal')).toContainText('€');
  });
});
