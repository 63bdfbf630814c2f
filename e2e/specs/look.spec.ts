import { expect, test, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { HomeKpis } from '../pages/home-kpis-page';
import { AssetsDashboard } from '../pages/asset-page';
import { LoginPage } from '../pages/login-page';
import { RouteScreen } from '../pages/route-screen-page';
import { Bookmarks } from '../pages/navbar-tools-pages';
import { ShellPage, type Theme } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { setPreferences, signIn } from '../support/api';
import { seriousAxeIssues } from '../support/axe';

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

/**
 * The shell's own parts (menus, navbar, footer, customizer, login, status pages). Screen content
 * belongs to each feature's own spec, so `shellOnly` leaves the page body out.
 */
async function expectAccessible(page: Page, shellOnly = false, only?: string) {
  const scope = { include: only, exclude: shellOnly ? '#main-content' : undefined, allRules: true };
  expect(await seriousAxeIssues(page, scope)).toEqual([]);
}

const shells: { name: string; theme: Theme; layout: 'vertical' | 'horizontal'; direction: 'ltr' | 'rtl' }[] =
  [
    { name: 'shell-light', theme: 'light', layout: 'vertical', direction: 'ltr' },
    { name: 'shell-dark', theme: 'dark', layout: 'vertical', direction: 'ltr' },
    { name: 'shell-semi-dark', theme: 'semiDark', layout: 'vertical', direction: 'ltr' },
    { name: 'shell-rtl', theme: 'light', layout: 'vertical', direction: 'rtl' },
    { name: 'shell-horizontal', theme: 'light', layout: 'horizontal', direction: 'ltr' },
  ];

for (const s of shells) {
  test(`${s.name}: looks finished and passes axe`, async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/login');
    await setPreferences(page, { customizer: { theme: s.theme, layout: s.layout, direction: s.direction } });
    await page.goto('/');
    const shell = new ShellPage(page);
    await shell.ready();
    await expect(shell.appVersion).toBeVisible();
    // The screenshot is of the finished page: Home's cards drawn and nothing still loading (it
    // caught the lazy page's spinner after network idle).
    await expect(new HomeKpis(page).grid).toBeVisible({ timeout: 30_000 });
    await expect(new RouteScreen(page).busy).toHaveCount(0, { timeout: 30_000 });
    await page.screenshot({ path: `${ARTIFACTS}${s.name}.png` });
    await expectAccessible(page, true);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`login (${theme}) passes axe`, async ({ page }) => {
    await page.goto('/login');
    await setPreferences(page, { customizer: { theme } });
    await page.reload();
    await expect(new LoginPage(page).submit).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}login-${theme}.png` });
    await expectAccessible(page);
  });
}

test('login in RTL passes axe', async ({ page }) => {
  await page.goto('/login');
  await setPreferences(page, { customizer: { direction: 'rtl' } });
  await page.reload();
  await expect(new LoginPage(page).html).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: `${ARTIFACTS}login-rtl.png` });
  await expectAccessible(page);
});

test('open menus and customizer pass axe', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  const shell = new ShellPage(page);
  await shell.ready();
  const bookmarks = new Bookmarks(page);
  await bookmarks.open();
  await expect(bookmarks.finder).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}bookmarks.png` });
  await expectAccessible(page, true, '.ant-popover');
  await page.keyboard.press('Escape');
  await shell.openCustomizer();
  await page.waitForTimeout(400); // let the drawer finish sliding in
  await page.screenshot({ path: `${ARTIFACTS}customizer.png` });
  await expectAccessible(page, true, '.ant-drawer');
});

test('mobile shell with the menu drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.store, '/');
  const shell = new ShellPage(page);
  await shell.ready();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${ARTIFACTS}mobile.png` });
  await shell.menuButton.click();
  await expect(shell.menuEntry('orders')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${ARTIFACTS}mobile-menu.png` });
  await expectAccessible(page, true);
});

// An empty list's sentence is content, read like any other text: in light and in dark. A list's body
// sits in a Spin whose CSS variables put the sentence back at antd's disabled 0.25 (1.8:1 on white)
// whatever the theme said for List (lib/theme.ts). The assets dashboard's "needs attention" list is
// empty only when no asset has a warning: the server's own reply is passed on without the warned ones.
for (const theme of ['light', 'dark'] as const) {
  test(`an empty list's sentence passes axe (${theme})`, async ({ page }) => {
    await page.route(`**${API.assets.list.path}?*`, async (route) => {
      const reply = await route.fetch();
      const body = (await reply.json()) as { Data: { assets: { warning: unknown }[] } };
      body.Data.assets = body.Data.assets.filter((a) => !a.warning);
      await route.fulfill({ response: reply, json: body });
    });
    await signIn(page, ACCOUNTS.admin, '/login');
    await setPreferences(page, { customizer: { theme }, language: 'pt' });
    await page.goto('/dashboard-assets');
    const attention = new AssetsDashboard(page);
    await expect(attention.noWarnings).toHaveText('Todas as etiquetas estão onde deviam.');
    expect(await seriousAxeIssues(page, { include: attention.noWarningsSelector })).toEqual([]);
  });
}
