import { expect, type Locator, type Page } from '@playwright/test';

export type Theme = 'light' | 'dark' | 'semiDark';

/** The back-office shell around every screen: navbar, menus, customizer, footer. */
export class ShellPage {
  readonly navbar: Locator;
  readonly sidebar: Locator;
  readonly horizontalMenu: Locator;
  readonly userMenu: Locator;
  readonly userMenuRole: Locator;
  readonly content: Locator;
  /** The screen's own heading, where focus lands after a route change. */
  readonly heading: Locator;
  /** The document element: its lang, dir and data-theme say which look is on. */
  readonly html: Locator;
  readonly customizerButton: Locator;
  readonly nightModeSwitch: Locator;
  /** The menu button of a narrow screen, which opens the sidebar as a drawer. */
  readonly menuButton: Locator;
  readonly monitoringLink: Locator;
  readonly orderSearch: Locator;
  readonly appVersion: Locator;
  readonly scrollTop: Locator;
  readonly pageError: Locator;
  /** The first table of whatever screen is open. */
  readonly firstTable: Locator;

  constructor(readonly page: Page) {
    this.navbar = page.getByTestId('navbar');
    this.sidebar = page.getByTestId('sidebar');
    this.horizontalMenu = page.getByTestId('horizontal-menu');
    this.userMenu = page.getByTestId('user-menu');
    this.userMenuRole = page.getByTestId('user-menu-role');
    this.content = page.locator('#main-content');
    this.heading = this.content.locator('h1');
    this.html = page.locator('html');
    this.customizerButton = page.getByTestId('customizer-open');
    this.nightModeSwitch = page.getByTestId('night-mode');
    this.menuButton = page.getByTestId('open-menu');
    this.monitoringLink = page.getByTestId('monitoring-link');
    this.orderSearch = page.getByPlaceholder('Procurar encomenda');
    this.appVersion = page.getByTestId('app-version');
    this.scrollTop = page.getByTestId('scroll-top');
    this.pageError = page.getByTestId('page-error');
    this.firstTable = page.locator('table').first();
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
    return this.menuEntry(routeId).first();
  }

  /** Every element of the menus that stands for a route (strict: two of them is an error). */
  menuEntry(routeId: string): Locator {
    return this.page.locator(`[data-route-id="${routeId}"]`);
  }

  /** A menu group's header, in the sidebar or the horizontal menu. */
  navGroup(group: string): Locator {
    return this.page.locator(`[data-nav-group="${group}"]`);
  }

  /** The label of a route's entry in the horizontal menu's open group popup. */
  popupEntryText(routeId: string): Locator {
    return this.page.locator(`.ant-menu-submenu-popup [data-route-id="${routeId}"] .menu-link-text`);
  }

  /** A menu entry as assistive technology names it (the courier's menu, for one). */
  menuItem(name: string): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  /** A link by its accessible name: menu entries and the skip links. */
  link(name: string, options: { exact?: boolean } = {}): Locator {
    return this.page.getByRole('link', { name, ...options });
  }

  async openCustomizer() {
    await this.customizerButton.click();
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

/** The status screens (not authorised, not found): a heading and a way back. */
export class StatusPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
  }
}
