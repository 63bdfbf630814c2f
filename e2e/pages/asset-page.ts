import { expect, type Locator, type Page } from '@playwright/test';

/** The asset details screen and the navbar's asset-warning bell. */
export class AssetPage {
  readonly summary: Locator;
  readonly status: Locator;
  readonly tagStatus: Locator;
  readonly warning: Locator;
  readonly bell: Locator;
  readonly bellList: Locator;

  constructor(readonly page: Page) {
    this.summary = page.getByTestId('asset-summary');
    this.status = this.summary.getByTestId('asset-status');
    this.tagStatus = this.summary.getByTestId('tag-status');
    this.warning = this.summary.getByTestId('asset-warning');
    this.bell = page.getByTestId('asset-bell');
    this.bellList = page.getByTestId('asset-bell-list');
  }

  async goto(assetId: number) {
    await this.page.goto(`/assets/details/${assetId}`);
    await this.ready();
  }

  async ready() {
    await expect(this.summary).toBeVisible({ timeout: 15_000 });
  }

  /** Opens a chosen locker for storage from the details screen (the admin's action, log 11). */
  async openForStorage(placeName: string, door: number) {
    await this.page.getByTestId('open-storage').click();
    const form = this.page.getByTestId('open-storage-form');
    await expect(form).toBeVisible();
    // The option lists are virtual (only what fits is rendered): type to narrow them first. The
    // option is taken from the newest open list (a closing one from an earlier step can still be
    // on screen), and the pick is checked on the select and made again if it did not take.
    const pick = async (index: number, text: string) => {
      const select = form.locator('.ant-select').nth(index);
      await expect(async () => {
        await select.click();
        await select.locator('input').fill(text);
        await this.page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
          .last()
          .click({ timeout: 5_000 });
        await expect(select).toContainText(text, { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
    };
    await pick(0, placeName);
    await pick(1, `Porta ${door} ·`);
    await this.page.locator('.ant-modal:visible .ant-btn-primary').click();
  }

  toast(): Locator {
    return this.page.locator('.ant-message-notice').last();
  }

  /** The bell's count badge (antd renders the number inside `.ant-badge`). */
  bellBadge(): Locator {
    return this.page.locator('.ant-badge').filter({ has: this.bell }).locator('.ant-scroll-number');
  }

  async openBell() {
    await this.bell.click();
    await expect(this.bellList).toBeVisible();
  }

  bellItem(assetId: number): Locator {
    return this.page.getByTestId(`asset-bell-item-${assetId}`);
  }
}

/** /dashboard-assets: the "needs attention" card. */
export class AssetsDashboard {
  /** The list's sentence when no asset needs attention, and its selector for a scoped axe check. */
  readonly noWarningsSelector = '[data-testid="assets-attention"] .ant-list-empty-text';
  readonly noWarnings: Locator;

  constructor(readonly page: Page) {
    this.noWarnings = page.locator(this.noWarningsSelector);
  }
}
