import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

test.describe('list kit: locations', () => {
  test('search, type and sort by name live in the URL, a reload keeps the rows, the export has them', async ({
    page,
  }) => {
    const token = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    // Locations of their own, found by a tag no other spec uses.
    const tag = `Lk${Date.now() % 100000}`;
    const made = [
      { name: `alfa ${tag}`, type: 'OFFICE' },
      { name: `Bravo ${tag}`, type: 'OFFICE' },
      { name: `Charlie ${tag}`, type: 'OFFICE' },
      { name: `Delta ${tag}`, type: 'DELIVERY' },
    ];
    for (const p of made) {
      const res = await callApi(page.request, token, API.locations.create, {
        body: { ...p, lockers: [{ doorNumber: 1, size: 'M' }] },
      });
      expect(res.ok, JSON.stringify(res.body)).toBeTruthy();
    }

    await signIn(page, ACCOUNTS.admin, '/locations');
    const list = new ListKit(page, 'locations-table');
    await expect(list.table).toBeVisible();
    // Any case: the tag typed in capitals finds them.
    const search = list.searchBox('Procurar localização');
    await search.fill(tag.toUpperCase());
    await search.press('Enter');
    await expect(list.total()).toHaveText('4 localizações');
    await list.segment('locations-type', 'Escritório').click();
    // Sorted by name ascending by default: one click turns it.
    await expect(list.sortedHeader('ascending')).toContainText('Localização');
    await list.sortBy('Localização');
    await expect(page).toHaveURL(/sort=name&order=desc/);
    await expect(page).toHaveURL(/type=OFFICE/);
    const expected = [`Charlie ${tag}`, `Bravo ${tag}`, `alfa ${tag}`];
    await list.expectColumn(1, expected, (c) => c.split('\n')[0]!);
    await expect(list.total()).toHaveText('3 localizações');
    // The page-size select is named in Portuguese (antd's pt_PT pagination had it in Romanian).
    await expect(list.pageSize('Tamanho da página')).toBeAttached();
    await expect(list.pageSize('mărimea paginii')).toHaveCount(0);

    await page.reload();
    await expect(list.sortedHeader('descending')).toContainText('Localização');
    // The rows come after the header: read them once they are in (ci8 read an empty table once).
    await list.expectColumn(1, expected, (c) => c.split('\n')[0]!);
    await expect(search).toHaveValue(tag.toUpperCase());

    const csv = await list.exportCsv('locations-export');
    expect(csv[0]!.slice(0, 4)).toEqual(['Localização', 'Morada', 'Tipo', 'Modo']);
    expect(csv.slice(1).map((row) => [row[0], row[2]])).toEqual(expected.map((n) => [n, 'Escritório']));
  });
});
