import { expect, test, type APIRequestContext } from '@playwright/test';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { signIn, tokenFor } from '../support/api';

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  url: string,
  data?: object,
) {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { Data: T; Description: string };
  expect(res.ok(), `${method} ${url}: ${body.Description}`).toBeTruthy();
  return body.Data;
}

test.describe('list kit: alerts', () => {
  test('filter by location and not acknowledged, sort by door: a reload keeps the rows, the export has them', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const token = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    // A location of its own, three doors jammed, one of them acknowledged.
    const placeName = `Alertas lista ${Date.now() % 100000}`;
    const { Place } = await call<{ Place: { id: number } }>(
      page.request,
      token,
      'post',
      '/api/julian/place',
      {
        name: placeName,
        type: 'OFFICE',
        lockers: [1, 2, 3].map((doorNumber) => ({ doorNumber, size: 'M' })),
      },
    );
    const { Lockers } = await call<{ Lockers: Array<{ id: number; doorNumber: number }> }>(
      page.request,
      token,
      'get',
      `/api/julian/lockersByPlace/${Place.id}`,
    );
    for (const locker of Lockers) {
      await call(
        page.request,
        token,
        'post',
        `/api/dev/simulator/${Place.id}/doors/${locker.doorNumber}/jam`,
      );
      await page.request.get(`/api/julian/openLockerById/${locker.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    }
    const door2 = Lockers.find((l) => l.doorNumber === 2)!;
    await expect
      .poll(async () => {
        const r = await page.request.post(`/api/julian/alerts/${door2.id}/acknowledge`, {
          headers: { Authorization: `Bearer ${token}` },
          data: { note: 'visto' },
        });
        return r.status();
      })
      .toBe(200);

    await signIn(page, ACCOUNTS.admin, '/alerts');
    const list = new ListKit(page, 'alerts-table');
    await expect(list.table).toBeVisible();
    await list.choose('alerts-place', placeName);
    await list.choose('alerts-acknowledged', 'Por reconhecer');
    await expect(page).toHaveURL(new RegExp(`placeId=${Place.id}`));
    await expect(page).toHaveURL(/acknowledged=false/);
    // "Porta" alone: the door column, not "Estado da porta". Twice: descending.
    const doorHeader = list.table.locator('th').filter({ hasText: /^Porta$/ });
    await doorHeader.click();
    await doorHeader.click();
    await expect(page).toHaveURL(/sort=door&order=desc/);
    await expect.poll(() => list.column(2)).toEqual(['3', '1']);
    await expect(list.total()).toHaveText('2 alertas');

    await page.reload();
    await expect(list.table.locator('th[aria-sort="descending"]')).toHaveText(/^Porta$/);
    expect(await list.column(2)).toEqual(['3', '1']);
    expect(await list.column(1)).toEqual([placeName, placeName]);
    await expect(list.total()).toHaveText('2 alertas');

    const csv = await list.exportCsv('alerts-export');
    expect(csv[0]!.slice(0, 4)).toEqual(['Localização', 'Porta', 'Tamanho', 'Estado da porta']);
    expect(csv.slice(1).map((row) => [row[0], row[1]])).toEqual([
      [placeName, '3'],
      [placeName, '1'],
    ]);

    for (const locker of Lockers) {
      await call(
        page.request,
        token,
        'post',
        `/api/dev/simulator/${Place.id}/doors/${locker.doorNumber}/unjam`,
      );
    }
  });
});
