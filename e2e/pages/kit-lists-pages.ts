import type { Locator, Page } from '@playwright/test';

/**
 * A list-kit screen's bulk actions (list-kit.ts has the rest of the list): the bar the selection
 * opens, its archive, the confirmation and the report of each row.
 */
export class KitBulkActions {
  readonly bar: Locator;
  readonly archive: Locator;
  readonly confirm: Locator;
  readonly report: Locator;

  constructor(
    readonly page: Page,
    readonly testId: string,
  ) {
    this.bar = page.getByTestId(`${testId}-bulk`);
    this.archive = page.getByTestId(`${testId}-bulk-archive`);
    this.confirm = page.getByTestId(`${testId}-bulk-confirm`);
    this.report = page.getByTestId(`${testId}-bulk-report`);
  }

  /** The report's entries reading `text` ("Feito" for each row done). */
  reported(text: string): Locator {
    return this.report.getByText(text);
  }

  /** A text in the list itself, such as its empty state once every row left. */
  listText(text: string): Locator {
    return this.page.getByTestId(this.testId).getByText(text);
  }
}

/** /delivery-analytics: the location select and the period picker, both kept in the URL. */
export class DeliveryAnalyticsPage {
  readonly root: Locator;
  readonly place: Locator;
  /** What the location select shows as chosen. */
  readonly chosenPlace: Locator;
  /** The period picker's start date. */
  readonly from: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('delivery-analytics');
    this.place = page.getByRole('combobox', { name: 'Local' });
    this.chosenPlace = page.locator('.ant-select-content, .ant-select-selection-item').first();
    this.from = page.locator('.ant-picker-input input').first();
  }

  async choosePlace(name: string) {
    await this.place.click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name })
      .click();
  }
}
