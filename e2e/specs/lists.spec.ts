import { expect, test } from '@playwright/test';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';

test.describe('list kit', () => {
  test('users: filter and sort live in the URL, a reload shows the same rows, the export has them', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/office-users');
    const list = new ListKit(page, 'users-table');
    await expect(list.table).toBeVisible();
    await page.getByTestId('users-filter-enabled').getByText('Ativos', { exact: true }).click();
    await list.sortBy('N.º interno');
    await list.sortBy('N.º interno');
    await expect(page).toHaveURL(/sort=number&order=desc/);
    await expect(page).toHaveURL(/enabled=1/);
    const numbers = await list.column(3);
    expect(numbers.length).toBeGreaterThan(3);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    const names = (await list.column(2)).map((cell) => cell.split('\n')[0]);

    await page.reload();
    await expect(list.table.locator('th[aria-sort="descending"]')).toContainText('N.º interno');
    expect((await list.column(2)).map((cell) => cell.split('\n')[0])).toEqual(names);
    await expect(list.total()).toHaveText(`${names.length} utilizadores`);

    const csv = await list.exportCsv('users-export');
    expect(csv[0]!.slice(0, 2)).toEqual(['Nome', 'N.º interno']);
    expect(csv.slice(1).map((row) => row[0])).toEqual(names);
    expect(csv.slice(1).map((row) => row[1])).toEqual(numbers);
  });
});
