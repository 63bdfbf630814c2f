import { expect, test, type APIRequestContext } from '@playwright/test';
import { PricePacksPage, TransactionsPage, VouchersPage } from '../pages/marketplace-pages';
import { ACCOUNTS } from '../support/accounts';
import { signIn, tokenFor } from '../support/api';

interface Envelope<T> {
  ResultCode: number;
  Data: T;
  Description: string;
}

async function kiosk<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.ResultCode, `${method} ${url}: ${body.Description}`).toBe(1);
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
    const catalog = await kiosk<{ packs: Array<{ id: number; name: string }> }>(
      page.request,
      screen,
      'GET',
      '/api/kiosk/marketplace',
    );
    const pack = catalog.packs.find((p) => p.name === name);
    expect(pack, 'new pack on sale at the kiosk').toBeTruthy();
    const quote = await kiosk<{ totalCostCents: number }>(page.request, screen, 'POST', '/api/kiosk/quote', {
      packId: pack!.id,
      voucherCode: code.toLowerCase(),
    });
    expect(quote.totalCostCents).toBe(510);
    const rental = await kiosk<{
      id: number;
      status: string;
      transactions: Array<{ reference: string; status: string }>;
    }>(page.request, screen, 'POST', '/api/kiosk/rentals', {
      packId: pack!.id,
      voucherCode: code,
      method: 'creditCard',
    });
    expect(rental.status).toBe('active');
    const reference = rental.transactions[0]!.reference;
    await kiosk(page.request, screen, 'POST', `/api/kiosk/rentals/${rental.id}/open`);
    const ended = await kiosk<{ status: string; transactions: Array<{ status: string }> }>(
      page.request,
      screen,
      'POST',
      `/api/kiosk/rentals/${rental.id}/end`,
    );
    expect(ended.transactions[0]!.status).toBe('paid');

    const transactions = new TransactionsPage(page);
    await transactions.search(reference);
    const row = transactions.row(reference);
    await expect(row).toContainText(eur('6.00'));
    await expect(row).toContainText(eur('5.10'));
    await expect(row).toContainText('Paga');
    await transactions.open(reference);
    const invoice = page.getByTestId('transaction-invoice');
    await expect(page.getByTestId('invoice-total')).toHaveText(eur('5.10'));
    // 5.10 € total: 4.15 € without IVA (414.63 rounded), 0.95 € IVA, 0.90 € voucher discount.
    await expect(invoice).toContainText(eur('4.15'));
    await expect(invoice).toContainText(eur('0.95'));
    await expect(invoice).toContainText(eur('-0.90'));
    await expect(transactions.details).toContainText(code);
    await expect(transactions.details).toContainText('Cartão de crédito');
  });

  test('the overview shows revenue, occupancy and the demo rentals', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/marketplace');
    await expect(page.getByText('Cacifos Cais do Sodré')).toBeVisible();
    await expect(page.getByTestId('overview-revenueTotal')).toContainText('€');
  });
});
