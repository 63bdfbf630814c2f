import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';

/**
 * Issue #26: after a route change focus goes to the new page's heading, not the sidebar link that
 * was followed (62 Tabs to the first field before), so the next Tab is inside the page.
 */
test('following a menu link puts focus on the new page heading', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  await page.getByRole('link', { name: 'Utilizadores', exact: true }).click();
  await expect(page).toHaveURL(/\/office-users$/);
  const heading = page.locator('#main-content h1');
  await expect(heading).toHaveText('Utilizadores');
  await expect(heading).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is inside the page, not back in the menu.
  expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);
});
