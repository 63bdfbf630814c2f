import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { callApi } from '../support/api';

test.describe('login', () => {
  test('rejects a wrong password in Portuguese, then in English', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.html).toHaveAttribute('lang', 'pt-PT');
    await login.login({ username: 'editor', password: 'not-the-password' });
    await expect(login.error).toHaveText('Credenciais inválidas. Tente novamente.');
    await login.chooseLanguage('en');
    await login.login({ username: 'editor', password: 'still-wrong' });
    await expect(login.error).toHaveText('Invalid credentials. Please try again');
    await expect(login.html).toHaveAttribute('lang', 'en-GB');
  });

  test('blocks double submission while waiting', async ({ page }) => {
    const login = new LoginPage(page);
    let tokenCalls = 0;
    await page.route('**/oauth/v2/token', async (route) => {
      tokenCalls += 1;
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await login.goto();
    await login.fill(ACCOUNTS.admin);
    await login.submit.click();
    await expect(login.submit).toBeDisabled();
    await login.submit.click({ force: true }).catch(() => undefined);
    await login.form.evaluate((f: HTMLFormElement) => f.requestSubmit());
    await page.waitForURL('/');
    expect(tokenCalls).toBe(1);
  });

  test('shows no reCAPTCHA when the deployment has no site key', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.recaptcha).toHaveCount(0);
  });

  test('the store role sees its store and edits employees', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.goto();
    await login.login(ACCOUNTS.store);
    await shell.ready();
    await expect(shell.userMenuRole).toContainText('Loja Chiado');
    await shell.editProfile();
    await expect(page).toHaveURL(/\/employees$/);
  });

  test('admin edits its profile under /admins and logs out to /login', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new ShellPage(page);
    await login.goto();
    await login.login(ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/$/);
    await shell.editProfile();
    await expect(page).toHaveURL(/\/admins$/);
    await page.goto('/');
    await shell.ready();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').accessToken);
    await shell.logout();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.notice).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    // Logout revoked the token on the server, not only in this tab.
    const res = await callApi(page.request, token, API.shell.bookmarks, {});
    expect(res.status).toBe(401);
  });
});
