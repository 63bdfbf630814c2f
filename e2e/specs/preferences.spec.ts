import { expect, test } from '@playwright/test';
import { PageSearch } from '../pages/navbar-tools-pages';
import { ShellPage } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';

test('theme, layout, direction and language survive a reload', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  const shell = new ShellPage(page);
  await shell.ready();
  await shell.customize({ theme: 'dark', layout: 'horizontal', direction: 'rtl' });
  await shell.switchLanguage('en');
  const check = async () => {
    await expect(shell.html).toHaveAttribute('dir', 'rtl');
    await expect(shell.html).toHaveAttribute('lang', 'en-GB');
    await expect(shell.html).toHaveAttribute('data-theme', 'dark');
    await expect(shell.horizontalMenu).toBeVisible();
    await expect(shell.sidebar).toHaveCount(0);
    await expect(shell.navGroup('dashboard')).toHaveText('Dashboard');
    // The page itself, not only antd components, goes dark.
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).not.toBe('rgb(255, 255, 255)');
    expect(bg).not.toBe('rgb(244, 246, 248)');
  };
  await check();
  await page.reload();
  await check();
  const stored = await page.evaluate(() => ({
    customizer: JSON.parse(localStorage.getItem('customizer') ?? '{}'),
    i18n: JSON.parse(localStorage.getItem('i18n') ?? '{}'),
  }));
  expect(stored.customizer).toMatchObject({ theme: 'dark', layout: 'horizontal', direction: 'rtl' });
  expect(stored.i18n).toEqual({ language: 'en' });
});

test('the night-mode switch toggles dark and light', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor, '/');
  const shell = new ShellPage(page);
  await shell.nightModeSwitch.click();
  await expect(shell.html).toHaveAttribute('data-theme', 'dark');
  await shell.nightModeSwitch.click();
  await expect(shell.html).toHaveAttribute('data-theme', 'light');
});

test('horizontal falls back to vertical at 1199 px', async ({ page }) => {
  await page.setViewportSize({ width: 1199, height: 800 });
  await signIn(page, ACCOUNTS.admin, '/login');
  await page.evaluate(() => localStorage.setItem('customizer', JSON.stringify({ layout: 'horizontal' })));
  await page.goto('/');
  const shell = new ShellPage(page);
  await shell.ready();
  await expect(shell.horizontalMenu).toHaveCount(0);
  await shell.menuButton.click();
  await expect(shell.menuEntry('alerts')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(shell.horizontalMenu).toBeVisible();
});

test('search icon above 860 px, monitoring icon from 860 px', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/');
  const shell = new ShellPage(page);
  const search = new PageSearch(page);
  await page.setViewportSize({ width: 860, height: 800 });
  await expect(shell.monitoringLink).toBeVisible();
  await expect(search.opener).toHaveCount(0);
  await page.setViewportSize({ width: 861, height: 800 });
  await expect(search.opener).toBeVisible();
  await page.setViewportSize({ width: 859, height: 800 });
  await expect(shell.monitoringLink).toHaveCount(0);
});

test('the horizontal menu opens a group with readable entries', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin, '/login');
  await page.evaluate(() => localStorage.setItem('customizer', JSON.stringify({ layout: 'horizontal' })));
  await page.goto('/');
  const shell = new ShellPage(page);
  await shell.ready();
  const text = shell.popupEntryText('alerts');
  // The label must sit inside its row, not wrapped below the icon and clipped away. Polled: the
  // popup zooms in, and mid-animation the boxes are not where they settle.
  const inside = () =>
    text.evaluate((el) => {
      const row = el.closest('li')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.top >= row.top - 1 && box.bottom <= row.bottom + 1;
    });
  // A hover menu closes when the pointer leaves it; if a click lands while the popup still zooms, the
  // pointer rests on what lies under it and the popup closes: hover the group again and retry.
  await expect(async () => {
    await shell.navGroup('notifications').hover();
    await expect(text).toHaveText('Alertas', { timeout: 3_000 });
    await expect.poll(inside, { timeout: 3_000 }).toBe(true);
    await text.click({ timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page).toHaveURL(/\/alerts$/);
});
