import { expect, test, type Locator } from '@playwright/test';
import { API } from '@cacifo/contract';
import { HomeKpis } from '../pages/home-kpis-page';
import { ShellPage } from '../pages/shell-page';
import { EmployeesPage, TransactionDrawer } from '../pages/shells-pages';
import { ACCOUNTS } from '../support/accounts';
import { callApi, setPreferences, signIn, tokenFor } from '../support/api';

/**
 * What every screen shares (issue #26): the Home cards a role may not see leave no hole, the settings
 * gear lives in the navbar and covers nothing, texts about the thing acted on name that thing.
 */

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => (await l.boundingBox())!;

/**
 * What each row of cards leaves empty at the container's left and right edges, in px (0: within a
 * pixel, so the row spans the container), one pair per row.
 */
async function rowGaps(container: Locator, cards: Locator): Promise<[number, number][]> {
  const outer = await boxOf(container);
  const boxes = await Promise.all((await cards.all()).map(boxOf));
  const rows = new Map<number, Box[]>();
  for (const b of boxes) rows.set(Math.round(b.y), [...(rows.get(Math.round(b.y)) ?? []), b]);
  const gap = (d: number) => (Math.abs(d) < 2 ? 0 : Math.round(d));
  return [...rows.values()].map((row) => [
    gap(Math.min(...row.map((b) => b.x)) - outer.x),
    gap(outer.x + outer.width - Math.max(...row.map((b) => b.x + b.width))),
  ]);
}

/**
 * Waits until the cards stand in `rows` rows (any number when not given), each spanning the
 * container. Polled: after a resize the grid is laid out again by React (antd's breakpoints), and a
 * clean CI run read the cards of the old layout once (a row 260 px short of the left edge).
 */
async function expectRowsFilled(container: Locator, cards: Locator, rows?: number) {
  await expect
    .poll(async () => {
      const gaps = await rowGaps(container, cards);
      return { rows: gaps.length, holes: gaps.filter(([l, r]) => l !== 0 || r !== 0) };
    })
    .toEqual({ rows: rows ?? expect.any(Number), holes: [] });
}

test('Home: the cards a role may not see leave no hole, on a wide and a narrow screen', async ({ page }) => {
  // The editor has no delivery orders: five cards instead of the admin's six.
  await signIn(page, ACCOUNTS.editor, '/');
  const home = new HomeKpis(page);
  await expect(home.card('locations')).toBeVisible();
  await expect(home.cards).toHaveCount(5);
  await expect(home.card('expired-delivery')).toHaveCount(0);
  await expectRowsFilled(home.grid, home.cards);
  await page.setViewportSize({ width: 1100, height: 900 });
  // Three per row: the short second row stretches its two cards to the edge.
  await expectRowsFilled(home.grid, home.cards, 2);
});

test('the settings gear sits in the navbar and covers no column of a wide table, on desktop and mobile', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin, '/orders');
  const shell = new ShellPage(page);
  const gear = shell.customizerButton;
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(shell.firstTable).toBeVisible();
    const navbar = await boxOf(shell.navbar);
    if (await gear.isVisible()) {
      const g = await boxOf(gear);
      expect(g.y).toBeGreaterThanOrEqual(navbar.y - 1);
      expect(g.y + g.height).toBeLessThanOrEqual(navbar.y + navbar.height + 1);
    }
    // Nothing floats over the page's right edge: what is drawn there belongs to the page itself.
    const covered = await page.evaluate(() => {
      const x = document.documentElement.clientWidth - 12;
      const hits = [0.3, 0.5, 0.8].map((f) => document.elementFromPoint(x, window.innerHeight * f));
      return hits
        .filter((el) => el && getComputedStyle(el.closest('[class]') ?? el).position === 'fixed')
        .map((el) => el!.className);
    });
    expect(covered).toEqual([]);
  }
});

test('a transaction description over 255 characters is refused and saved nowhere; the counter says 255', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin, '/marketplace/transactions');
  const drawer = new TransactionDrawer(page);
  await drawer.firstRow.click();
  await expect(drawer.details).toBeVisible();
  const before = await drawer.description.inputValue();
  await drawer.description.fill('x'.repeat(256));
  await expect(drawer.counter).toHaveText('256 / 255');
  await drawer.save.click();
  await expect(drawer.message('A descrição é demasiado longa.')).toBeVisible();
  // After a reload the drawer opens again from the URL, read from the server: nothing was saved.
  await page.reload();
  await expect(drawer.description).toHaveValue(before);
});

test('deleting an employee says an employee was deleted, in pt and en', async ({ page }) => {
  const { access_token } = await tokenFor(page.request, ACCOUNTS.admin);
  const make = async (suffix: string) => {
    const res = await callApi(page.request, access_token, API.admins.createEmployee, {
      body: {
        name: `Funcionário ${suffix}`,
        username: `func${suffix}`,
        company: 'Loja Chiado',
        password: 'segredo-1234',
        confirmPassword: 'segredo-1234',
      },
    });
    expect(res.ok, JSON.stringify(res.body)).toBe(true);
    return res.body.Data.id;
  };
  const tag = String(Date.now() % 1_000_000);
  const first = await make(`${tag}a`);
  const second = await make(`${tag}b`);

  await signIn(page, ACCOUNTS.admin, '/employees');
  const employees = new EmployeesPage(page);
  await expect(employees.table).toBeVisible();
  await employees.remove(first);
  await expect(employees.message('Funcionário eliminado.')).toBeVisible();
  await expect(employees.deleteButton(first)).toHaveCount(0);

  await setPreferences(page, { language: 'en' });
  await page.reload();
  await employees.remove(second);
  await expect(employees.message('Employee deleted.')).toBeVisible();
  await expect(employees.message('Store deleted.')).toHaveCount(0);
});
