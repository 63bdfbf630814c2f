import { expect, type Locator, type Page } from '@playwright/test';

export type Theme = 'light' | 'dark' | 'semiDark';

export class ShellPage {
  readonly navbar: Locator;
  readonly sidebar: Locator;
  readonly horizontalMenu: Locator;
  readonly userMenu: Locator;
  readonly content: Locator;

  constructor(readonly page: Page) {
    this.navbar = page.getByTestId('navbar');
    this.sidebar = page.getByTestId('sidebar');
    this.horizontalMenu = page.getByTestId('horizontal-menu');
    this.userMenu = page.getByTestId('user-menu');
    this.content = page.locator('#main-content');
  }

  async ready() {
    await expect(this.navbar).toBeVisible({ timeout: 15_000 });
  }

  /** Group ids of the sidebar headers, in order. */
  async menuGroups(): Promise<string[]> {
    return this.sidebar
      .locator('[data-nav-group]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-nav-group') ?? ''));
  }

  /** Route ids of the sidebar entries, in order. */
  async menuItems(): Promise<string[]> {
    return this.sidebar
      .locator('[data-route-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-route-id') ?? ''));
  }

  menuLink(routeId: string): Locator {
    return this.page.locator(`[data-route-id="${routeId}"]`).first();
  }

  async openCustomizer() {
    await this.page.getByTestId('customizer-open').click();
    await expect(this.page.getByTestId('customizer').first()).toBeVisible();
  }

  /** Customizer choices are radio buttons; the visible, clickable part is the label around the input. */
  option(testId: string): Locator {
    return this.page.locator('label', { has: this.page.getByTestId(testId) });
  }

  async closeCustomizer() {
    await this.page.keyboard.press('Escape');
    await expect(this.page.locator('.ant-drawer-content-wrapper')).toBeHidden();
  }

  async customize(option: { theme?: Theme; layout?: 'vertical' | 'horizontal'; direction?: 'ltr' | 'rtl' }) {
    await this.openCustomizer();
    if (option.theme) await this.option(`theme-${option.theme}`).click();
    if (option.layout) await this.option(`layout-${option.layout}`).click();
    if (option.direction) await this.option(`direction-${option.direction}`).click();
    await this.closeCustomizer();
  }

  async switchLanguage(lng: 'pt' | 'en') {
    await this.page.getByTestId('language-switch').click();
    await this.page.getByTestId(`language-${lng}`).click();
  }

  /**
   * Opens the user menu and logs out, until the page is at /login. A dropdown opened while the page
   * still re-renders after a navigation can close under the pointer; the sequence is then tried again.
   */
  async logout() {
    await expect(async () => {
      if (/\/login$/.test(this.page.url())) return;
      const item = this.page.getByTestId('user-menu-logout');
      if (!(await item.isVisible())) await this.userMenu.click({ timeout: 5_000 });
      await item.click({ timeout: 5_000 });
      await expect(this.page).toHaveURL(/\/login$/, { timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
  }

  async editProfile() {
    await this.userMenu.click();
    await this.page.getByTestId('user-menu-profile').click();
  }
}
