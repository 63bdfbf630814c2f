import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The operator's client filter (issue #31), one component on every list: an antd Select fed from
 * Administration > Clients, a disabled client marked in its label.
 */
export class ClientFilter {
  readonly select: Locator;

  constructor(
    readonly page: Page,
    readonly testId: string,
  ) {
    this.select = page.getByTestId(testId);
  }

  /** The open list's options (antd keeps one dropdown per select; only the visible one is this one's). */
  options(): Locator {
    return this.page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  }

  async open() {
    await this.select.click();
    await expect(this.options().first()).toBeVisible();
  }

  /** Types in the open select's search, narrowing its options. */
  async type(text: string) {
    await this.select.locator('input').fill(text);
  }

  /** Types the client's name and picks the option that reads exactly `label`. */
  async choose(label: string) {
    await this.select.click();
    await this.select.locator('input').fill(label);
    await this.options()
      .filter({ hasText: new RegExp(`^${escape(label)}$`) })
      .click();
    await expect(this.select).toContainText(label);
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Orders > Monthly usage (ADR 0191): a client's month per location, and its export. */
export class UsageView {
  readonly table: Locator;
  readonly client: ClientFilter;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('usage-table');
    this.client = new ClientFilter(page, 'usage-client');
  }

  async goto() {
    await this.page.goto('/usage');
    await expect(this.table).toBeVisible();
  }

  /** The card's title: "Utilização mensal · <client>" / "Monthly usage · <client>". */
  title(text: string): Locator {
    return this.page.locator('.ant-card-head-title', { hasText: text });
  }

  /** Text anywhere on the page, matched as part of an element's text. */
  text(text: string): Locator {
    return this.page.getByText(text);
  }

  /** The cells of a location's row, in the columns' order (location, deposits, pickups, ...). */
  async row(placeName: string): Promise<string[]> {
    const row = this.table.locator('tbody tr.ant-table-row', { hasText: placeName });
    await expect(row).toHaveCount(1);
    return row.locator('td').allInnerTexts();
  }

  /** Every location listed (a client's month has a row per location it used). */
  places(): Promise<string[]> {
    return this.table.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
  }
}
