import { expect, test, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { DeliveryAnalyticsPage, KitBulkActions } from '../pages/kit-lists-pages';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

/** A reply's body as text, the message of a failed expectation. */
const text = (res: { body: unknown }) => JSON.stringify(res.body);

test.describe('list kit', () => {
  test('users: filter and sort live in the URL, a reload shows the same rows, the export has them', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/office-users');
    const list = new ListKit(page, 'users-table');
    await expect(list.table).toBeVisible();
    await list.segment('users-filter-enabled', 'Ativos').click();
    await list.sortBy('N.º interno');
    await list.sortBy('N.º interno');
    await expect(page).toHaveURL(/sort=number&order=desc/);
    await expect(page).toHaveURL(/enabled=1/);
    const numbers = await list.column(3);
    expect(numbers.length).toBeGreaterThan(3);
    // Users without a number ("—") come last in either direction; the others are in descending order.
    const filled = numbers.filter((n) => n !== '—');
    expect(numbers.slice(0, filled.length)).toEqual(filled);
    expect([...filled].sort().reverse()).toEqual(filled);
    const firstLine = (cell: string) => cell.split('\n')[0]!;
    const names = (await list.column(2)).map(firstLine);

    await page.reload();
    await expect(list.sortedHeader('descending')).toContainText('N.º interno');
    await list.expectColumn(2, names, firstLine);
    await expect(list.total()).toHaveText(`${names.length} utilizadores`);

    const csv = await list.exportCsv('users-export');
    expect(csv[0]!.slice(0, 2)).toEqual(['Nome', 'N.º interno']);
    expect(csv.slice(1).map((row) => row[0])).toEqual(names);
    // The file leaves an empty cell where the screen shows a dash.
    expect(csv.slice(1).map((row) => row[1] || '—')).toEqual(numbers);
  });
});

test.describe('list kit: orders', () => {
  /** Orders of this run, made through the API: `n` of delivery type `type`, their package ids sorted. */
  async function makeOrders(page: Page, tag: string, specs: Array<{ type: number; cancel?: boolean }>) {
    const { access_token } = await tokenFor(page.request, ACCOUNTS.admin);
    const made: string[] = [];
    for (const [i, s] of specs.entries()) {
      const packageId = `${tag}-${i}`;
      const res = await callApi(page.request, access_token, API.orders.create, {
        body: { packageId, recipientPhone: `91${String(Date.now() + i).slice(-7)}`, deliveryType: s.type },
      });
      expect(res.ok, text(res)).toBe(true);
      const id = res.body.Data.id;
      if (s.cancel) {
        const c = await callApi(page.request, access_token, API.orders.cancel, { body: { orderId: id } });
        expect(c.ok, text(c)).toBe(true);
      }
      made.push(packageId);
    }
    return made;
  }

  test('filter by type, sort, reload keeps the rows; the export has exactly them', async ({ page }) => {
    const tag = `E2L${Date.now() % 1_000_000}`;
    const ids = await makeOrders(page, tag, [{ type: 2 }, { type: 1 }, { type: 2 }, { type: 2 }]);
    await signIn(page, ACCOUNTS.admin, '/orders');
    const list = new ListKit(page, 'orders-table');
    await list.search('orders-table-search', tag);
    await list.choose('orders-table-filter-type', 'Caixa de devolução');
    await expect(list.total()).toHaveText('3 encomendas');
    await list.sortBy('ID da encomenda');
    await list.sortBy('ID da encomenda');
    await expect(page).toHaveURL(/sort=packageId&order=desc/);
    const wanted = [ids[3], ids[2], ids[0]];
    await list.expectColumn(2, wanted);

    await page.reload();
    await expect(list.sortedHeader('descending')).toContainText('ID da encomenda');
    await list.expectColumn(2, wanted);
    await expect(list.total()).toHaveText('3 encomendas');

    const csv = await list.exportCsv('orders-table-export');
    expect(csv[0]![0]).toBe('ID da encomenda');
    expect(csv.slice(1).map((row) => row[0])).toEqual(wanted);
  });

  test('a bulk archive of three finished orders, one confirmation, a report per order', async ({ page }) => {
    const tag = `E2B${Date.now() % 1_000_000}`;
    const ids = await makeOrders(page, tag, [
      { type: 1, cancel: true },
      { type: 1, cancel: true },
      { type: 1, cancel: true },
    ]);
    await signIn(page, ACCOUNTS.admin, `/orders-history?search=${tag}&sort=packageId&order=asc`);
    const list = new ListKit(page, 'ordersHistory-table');
    await list.expectColumn(2, ids);
    const bulk = new KitBulkActions(page, 'ordersHistory-table');
    await list.selectRows(3);
    await expect(bulk.bar).toContainText('3 encomendas');
    await bulk.archive.click();
    await bulk.confirm.click();
    await expect(bulk.reported('Feito')).toHaveCount(3);
    await expect(bulk.report).toContainText(ids[0]!);
    await page.keyboard.press('Escape');
    await expect(bulk.listText('Não há encomendas.')).toBeVisible();

    await page.goto(`/archived-orders?search=${tag}&sort=packageId&order=asc`);
    const archived = new ListKit(page, 'archivedOrders-table');
    await archived.expectColumn(1, ids);
  });
});

test('delivery analytics keep their place and period through a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/delivery-analytics?dateRange=2026-01-05|2026-02-03');
  const analytics = new DeliveryAnalyticsPage(page);
  await analytics.choosePlace('Entregas Saldanha');
  await expect(page).toHaveURL(/locationId=\d+/);
  await page.reload();
  await expect(analytics.root).toBeVisible();
  await expect(analytics.chosenPlace).toContainText('Entregas Saldanha');
  // The picker writes the date as pt-PT does (#26); the URL keeps ISO.
  await expect(analytics.from).toHaveValue('05/01/2026');
  await expect(page).toHaveURL(/dateRange=2026-01-05/);
});
