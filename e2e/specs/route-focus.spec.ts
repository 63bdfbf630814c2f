import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';

/**
 * Issue #26: after a route change focus goes to the new page's heading, not the sidebar link that
 * was followed (62 Tabs to the first field before), so the next Tab is inside the page.
 */
test('following a menu link puts focus on the new page heading', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  const shell = new ShellPage(page);
  await shell.link('Utilizadores', { exact: true }).click();
  await expect(page).toHaveURL(/\/office-users$/);
  await expect(shell.heading).toHaveText('Utilizadores');
  await expect(shell.heading).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is inside the page, not back in the menu.
  expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
});

/** Issue #35: the order search sat 48 Tabs away, after the whole menu; a skip link reaches it in a few keys. */
test('the navbar skip link reaches the order search in four keys', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  const shell = new ShellPage(page);
  // The shell (and its skip links) arrives with the first page; a loaded machine can take a while.
  await expect(shell.navbar).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(shell.link('Saltar para a barra de navegação')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shell.navbar).toBeFocused();
  // The bookmarks star and the menu button come first, then the search box.
  const search = shell.orderSearch;
  for (let i = 0; i < 4 && !(await search.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(search).toBeFocused();
});
