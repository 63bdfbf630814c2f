import { expect, test } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { ShellPage, StatusPage } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { setPreferences, signIn } from '../support/api';

test('a visitor is sent to /login', async ({ page }) => {
  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/login$/);
});

test('a forbidden route goes to /login in the vertical layout', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor, '/orders');
  const login = new LoginPage(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(login.notice).toBeVisible();
  // Still signed in: one click takes the editor back to its own home.
  await login.continueButton.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(new ShellPage(page).navbar).toBeVisible();
});

test('a forbidden route goes to misc/not-authorized in the horizontal layout', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor, '/login');
  await setPreferences(page, { customizer: { layout: 'horizontal' } });
  await page.goto('/marketplace/settings');
  await expect(page).toHaveURL(/\/misc\/not-authorized$/);
  await expect(new StatusPage(page).heading).toHaveText('Acesso não autorizado');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/no/such/page');
  await expect(new StatusPage(page).heading).toHaveText('Página não encontrada');
});

test('hidden entries are routable but not in the menu', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/service-status');
  const shell = new ShellPage(page);
  await expect(shell.navbar).toBeVisible();
  await expect(page).toHaveURL(/\/service-status$/);
  await expect(shell.menuEntry('alerts')).toBeVisible();
  await expect(shell.menuEntry('serviceStatus')).toHaveCount(0);
});

test('monitoring opens in a new tab', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  const link = new ShellPage(page).monitoringLink;
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(/\/monitoring$/);
  await tab.close();
});
