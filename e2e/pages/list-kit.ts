import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

/** A list screen built with the list kit: its table, total, sortable headers and export. */
export class ListKit {
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly testId: string,
  ) {
    this.table = page.getByTestId(testId);
  }

  /** The text of one column (1-based, the selection checkbox counts) of every row on screen. */
  async column(index: number): Promise<string[]> {
    // Right after a load or reload the table is there before its first page: wait for rows (or
    // the empty state), then for no request in flight.
    const rows = this.table.locator('tbody tr.ant-table-row');
    await expect(rows.or(this.table.locator('.ant-table-placeholder')).first()).toBeVisible();
    await expect(this.table.locator('.ant-spin-spinning')).toHaveCount(0);
    return rows.locator(`td:nth-child(${index})`).allInnerTexts();
  }

  /**
   * Waits until column `index` reads `expected` (each cell through `cell` first). After a load, a
   * reload or a sort, the header is drawn before the rows of the new order come in: a list is read
   * here, not once at once (a clean CI run read an empty table right after a reload).
   */
  async expectColumn(
    index: number,
    expected: readonly (string | undefined)[],
    cell: (text: string) => string = (t) => t,
  ) {
    await expect.poll(async () => (await this.column(index)).map(cell)).toEqual(expected);
  }

  async sortBy(header: string) {
    await this.table.locator('th', { hasText: header }).click();
  }

  /** A column header by its text; a RegExp tells "Porta" from "Estado da porta". */
  header(text: string | RegExp): Locator {
    return this.table.locator('th').filter({ hasText: text });
  }

  /** The header the list is sorted by, as the table marks it after a click or a reload. */
  sortedHeader(order: 'ascending' | 'descending'): Locator {
    return this.table.locator(`th[aria-sort="${order}"]`);
  }

  row(text: string): Locator {
    return this.table.locator('tr', { hasText: text });
  }

  link(name: string): Locator {
    return this.table.getByRole('link', { name });
  }

  /** Types in the kit's search box `testId` and sends it with Enter. */
  async search(testId: string, text: string) {
    const box = this.page.getByTestId(testId).locator('input');
    await box.fill(text);
    await box.press('Enter');
  }

  /** A search box found by its accessible name (the locations list labels its own). */
  searchBox(label: string): Locator {
    return this.page.getByLabel(label);
  }

  /** One choice of a segmented filter `testId`, by its exact label. */
  segment(testId: string, label: string): Locator {
    return this.page.getByTestId(testId).getByText(label, { exact: true });
  }

  /** The pagination's page-size select, by its accessible name (antd's locale names it). */
  pageSize(name: string): Locator {
    return this.page.getByRole('combobox', { name });
  }

  total(): Locator {
    return this.page.getByTestId(`${this.testId}-total`);
  }

  /** Downloads the current list's export as .csv; its rows (header first), split into cells. */
  async exportCsv(exportTestId: string): Promise<string[][]> {
    await this.page.getByTestId(exportTestId).click();
    await expect(this.page.getByTestId(`${exportTestId}-csv`)).toBeVisible();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(`${exportTestId}-csv`).click(),
    ]);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    return text
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
  }

  /** Picks `option` in the kit filter select `testId` (an antd Select). */
  async choose(testId: string, option: string | RegExp) {
    await this.page.getByTestId(testId).click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .click();
  }

  /**
   * Picks the option reading exactly `option` in the select `testId` whose options are a virtual
   * list: only what fits is rendered, so the option is typed first to bring it up.
   */
  async typeAndChoose(testId: string, option: string) {
    await this.page.getByTestId(testId).locator('input').fill(option);
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: new RegExp(`^${option}$`),
      })
      .click();
  }

  /** Ticks the selection box of the first `n` rows on screen. */
  async selectRows(n: number) {
    await expect(this.table.locator('.ant-spin-spinning')).toHaveCount(0);
    const boxes = this.table.locator('tbody tr.ant-table-row .ant-checkbox-input');
    for (let i = 0; i < n; i++) await boxes.nth(i).check();
  }
}
