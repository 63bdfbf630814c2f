import { expect, test, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

/** A reply's body as text, the message of a failed expectation. */
const text = (res: { body: unknown }) => JSON.stringify(res.body);

/**
 * The assets and asset logs lists on the list kit (issue #22): a filter and a sort chosen on the
 * screen live in the URL, a reload shows the same rows, and the export has exactly those rows.
 */
test.describe('list kit: assets', () => {
  /** Assets of this run made through the API, named `<tag> <letter>`; `disabled` ones switched off. */
  async function makeAssets(page: Page, tag: string, specs: Array<{ letter: string; disabled?: boolean }>) {
    const { access_token } = await tokenFor(page.request, ACCOUNTS.admin);
    const names: Record<string, string> = {};
    for (const [i, s] of specs.entries()) {
      const name = `${tag} ${s.letter}`;
      const res = await callApi(page.request, access_token, API.assets.create, {
        body: { name, tag: `${tag}-${i}`, description: '', isRandomLocker: true, category: [] },
      });
      expect(res.ok, text(res)).toBe(true);
      const id = res.body.Data.id;
      if (s.disabled) {
        const switchTo = (endpoint: typeof API.assets.enable | typeof API.assets.disable) =>
          callApi(page.request, access_token, endpoint, { query: { assetId: id } });
        const off = await switchTo(API.assets.disable);
        expect(off.ok, text(off)).toBe(true);
        const on = await switchTo(API.assets.enable);
        expect(on.ok, text(on)).toBe(true);
        const again = await switchTo(API.assets.disable);
        expect(again.ok, text(again)).toBe(true);
      }
      names[s.letter] = name;
    }
    return names;
  }

  test('assets: filter and sort on the screen, a reload keeps the rows, the export has them', async ({
    page,
  }) => {
    const tag = `E2A${Date.now() % 1_000_000}`;
    const n = await makeAssets(page, tag, [
      { letter: 'Beta' },
      { letter: 'Alfa' },
      { letter: 'Gama', disabled: true },
      { letter: 'Delta' },
    ]);
    await signIn(page, ACCOUNTS.admin, '/assets');
    const list = new ListKit(page, 'assets-table');
    await list.search('assets-search', tag.toLowerCase());
    await expect(list.total()).toHaveText('4 ativos');
    await list.choose('assets-filter-enabled', /^Ativados$/);
    await expect(list.total()).toHaveText('3 ativos');
    // Tags follow the creation order: Beta -0, Alfa -1, Delta -3; descending puts Delta first.
    await list.sortBy('Etiqueta RFID');
    await list.sortBy('Etiqueta RFID');
    await expect(page).toHaveURL(/sort=tag&order=desc/);
    await expect(page).toHaveURL(/enabled=1/);
    const wanted = [n.Delta, n.Alfa, n.Beta];
    await list.expectColumn(1, wanted);

    await page.reload();
    await expect(list.sortedHeader('descending')).toContainText('Etiqueta RFID');
    await list.expectColumn(1, wanted);
    await expect(list.total()).toHaveText('3 ativos');

    const csv = await list.exportCsv('assets-export');
    expect(csv[0]!.slice(0, 2)).toEqual(['Nome', 'Etiqueta RFID']);
    expect(csv.slice(1).map((row) => row[0])).toEqual(wanted);
    expect(csv.slice(1).map((row) => row[1])).toEqual([`${tag}-3`, `${tag}-1`, `${tag}-0`]);
  });

  test('asset logs: action and actor filters, sort, reload keeps the rows; the export has them', async ({
    page,
  }) => {
    const tag = `E2L${Date.now() % 1_000_000}`;
    const n = await makeAssets(page, tag, [{ letter: 'Um', disabled: true }, { letter: 'Dois' }]);
    // Disabled (13) twice and enabled (12) once by the admin; created (1) for both.
    await signIn(page, ACCOUNTS.admin, `/assets-logs?search=${tag}`);
    const list = new ListKit(page, 'asset-logs-table');
    await expect(list.total()).toHaveText('5 registos');
    // The options are a virtual list: type to bring each one up.
    for (const action of ['Ativo desativado', 'Ativo ativado']) {
      await list.typeAndChoose('logs-action-filter', action);
    }
    await page.keyboard.press('Escape');
    await list.search('logs-actor', 'ADMINISTRADOR');
    await expect(list.total()).toHaveText('3 registos');
    await list.sortBy('Ação');
    await expect(page).toHaveURL(/sort=actionId&order=asc/);
    await expect(page).toHaveURL(/actor=ADMINISTRADOR/);
    const actions = ['Ativo ativado', 'Ativo desativado', 'Ativo desativado'];
    await list.expectColumn(3, actions);
    const assets = [n.Um, n.Um, n.Um];
    await list.expectColumn(2, assets);

    await page.reload();
    await expect(list.sortedHeader('ascending')).toContainText('Ação');
    await list.expectColumn(3, actions);
    await expect(list.total()).toHaveText('3 registos');

    const csv = await list.exportCsv('logs-export');
    expect(csv[0]!.slice(0, 4)).toEqual(['Data', 'Ativo', 'Ação', 'Por']);
    expect(csv.slice(1).map((row) => row[1])).toEqual(assets);
    expect(csv.slice(1).map((row) => row[3])).toEqual(['Administrador', 'Administrador', 'Administrador']);
  });
});
