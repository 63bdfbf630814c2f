import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ShellPage } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

test('a token revoked elsewhere sends the user to /login with the expired message', async ({
  page,
  playwright,
  baseURL,
}) => {
  const auth = await signIn(page, ACCOUNTS.editor, '/');
  await new ShellPage(page).ready();
  const other = await playwright.request.newContext({ baseURL });
  const res = await callApi(other, auth.accessToken, API.auth.logout, {});
  expect(res.ok).toBe(true);
  await other.dispose();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-notice')).toHaveText('A sua sessão expirou.');
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
});

test('the footer shows the serving instance and pages search works', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  // The instance is a detail for admins ('health.details', issue #31): ask as the admin.
  const token = await tokenFor(page.request, ACCOUNTS.admin);
  const health = (await callApi(page.request, token.access_token, API.shell.health, {})).body;
  await expect(page.getByTestId('app-version')).toHaveText(`v${health.Data.instance}`);
  await page.getByTestId('page-search-open').click();
  await page.getByRole('combobox').fill('Alert');
  // The page list arrives after the dialog opens: pick only once the match is offered.
  await expect(page.locator('.ant-select-item-option', { hasText: 'Alertas' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts$/);
});

test('bookmarks: star a page, see it in the navbar after reload, unstar it', async ({ page }) => {
  await signIn(page, ACCOUNTS.demo, '/');
  await page.getByTestId('bookmarks-open').click();
  await page.getByPlaceholder('Procurar página…').fill('Alertas');
  await expect(page.locator('.bookmark-row')).toHaveCount(1);
  await page.getByTestId('bookmark-star-alerts').click();
  await expect(page.getByTestId('bookmark-star-alerts')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await page.getByTestId('bookmark-alerts').click();
  await expect(page).toHaveURL(/\/alerts$/);
  await page.getByTestId('bookmarks-open').click();
  await page.getByTestId('bookmark-star-alerts').click();
  await expect(page.getByTestId('bookmark-alerts')).toHaveCount(0);
});

test('scroll-to-top appears after 160 px of scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await signIn(page, ACCOUNTS.admin, '/');
  await new ShellPage(page).ready();
  // Whatever the home screen shows, make the page long enough to scroll.
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('#main-content')!.style.minHeight = '2400px';
  });
  await page.evaluate(() => window.scrollTo(0, 100));
  await expect(page.getByTestId('scroll-top')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(page.getByTestId('scroll-top')).toBeVisible();
});
