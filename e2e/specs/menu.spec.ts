import { expect, test } from '@playwright/test';
import { homePathFor, KIOSK_PATH, menuFor, type Module, type Role } from '@cacifo/contract';
import { MonitoringPage } from '../pages/monitoring-page';
import { ShellPage } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';

// Every role sees exactly the contract's menu for it, in SPEC §2 order, and lands on its home.
for (const [key, account] of Object.entries(ACCOUNTS)) {
  test(`menu of ${key} (${account.role})`, async ({ page }) => {
    const auth = await signIn(page, account, '/login');
    const modules = auth.modules as Module[];
    const expected = menuFor(account.role as Role, modules);
    const home = homePathFor(account.role as Role, modules);
    await page.goto(home);
    const shell = new ShellPage(page);
    if (home === KIOSK_PATH) {
      // The kiosk screen is a screen of its own (issue #23), outside the back-office shell.
      await expect(page).toHaveURL(/\/kiosk$/);
      await expect(shell.sidebar).toHaveCount(0);
      return;
    }
    if (home === '/monitoring') {
      // A wall display: no menu, but the user menu (profile, logout) stays.
      await expect(new MonitoringPage(page).view).toBeVisible();
      await expect(shell.sidebar).toHaveCount(0);
      await expect(shell.userMenu).toBeVisible();
      return;
    }
    await shell.ready();
    await expect(page).toHaveURL(new RegExp(`${home.replace(/\//g, '\\/')}$`));
    // Polled: the sidebar is drawn before the modules and the session it filters by have all come in.
    await expect.poll(() => shell.menuGroups()).toEqual(expected.map((g) => g.group));
    await expect.poll(() => shell.menuItems()).toEqual(expected.flatMap((g) => g.items.map((i) => i.id)));
  });
}

test('every menu entry of the admin opens its page', async ({ page }) => {
  test.slow();
  const auth = await signIn(page, ACCOUNTS.admin, '/');
  const shell = new ShellPage(page);
  await shell.ready();
  for (const { items } of menuFor('admin', auth.modules as Module[])) {
    for (const item of items) {
      await shell.menuLink(item.id).click();
      await expect(page).toHaveURL(new RegExp(`${item.path.replace(/\//g, '\\/')}$`));
      await expect(shell.navbar).toBeVisible();
      await expect(shell.pageError).toHaveCount(0);
    }
  }
});
