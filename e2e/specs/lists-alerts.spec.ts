import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { callApi, callData, signIn, simulatorDoor, tokenFor } from '../support/api';

test.describe('list kit: alerts', () => {
  test('filter by location and not acknowledged, sort by door: a reload keeps the rows, the export has them', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const token = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    // A location of its own, three doors jammed, one of them acknowledged.
    const placeName = `Alertas lista ${Date.now() % 100000}`;
    const { Place } = await callData(page.request, token, API.locations.create, {
      body: {
        name: placeName,
        type: 'OFFICE',
        lockers: [1, 2, 3].map((doorNumber) => ({ doorNumber, size: 'M' as const })),
      },
    });
    const { Lockers } = await callData(page.request, token, API.locations.lockers, {
      params: { id: Place.id },
    });
    for (const locker of Lockers) {
      await simulatorDoor(page.request, token, Place.id, locker.doorNumber, 'jam');
      await callApi(page.request, token, API.locations.openLocker, { params: { id: locker.id } });
    }
    const door2 = Lockers.find((l) => l.doorNumber === 2)!;
    await expect
      .poll(async () => {
        const r = await callApi(page.request, token, API.alerts.acknowledge, {
          params: { id: door2.id },
          body: { note: 'visto' },
        });
        return r.status;
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
    const doorHeader = list.header(/^Porta$/);
    await doorHeader.click();
    await doorHeader.click();
    await expect(page).toHaveURL(/sort=door&order=desc/);
    await list.expectColumn(2, ['3', '1']);
    await expect(list.total()).toHaveText('2 alertas');

    await page.reload();
    await expect(list.sortedHeader('descending')).toHaveText(/^Porta$/);
    // The header's sort shows from the URL before the rows' query answers: wait for the rows.
    await list.expectColumn(2, ['3', '1']);
    await list.expectColumn(1, [placeName, placeName]);
    await expect(list.total()).toHaveText('2 alertas');

    const csv = await list.exportCsv('alerts-export');
    expect(csv[0]!.slice(0, 4)).toEqual(['Localização', 'Porta', 'Tamanho', 'Estado da porta']);
    expect(csv.slice(1).map((row) => [row[0], row[1]])).toEqual([
      [placeName, '3'],
      [placeName, '1'],
    ]);

    for (const locker of Lockers) {
      await simulatorDoor(page.request, token, Place.id, locker.doorNumber, 'unjam');
    }
  });
});
