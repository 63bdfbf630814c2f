import type { Locator, Page } from '@playwright/test';

/** /locations/config/new?id=: the location form and its lockers table, in pt. */
export class LocationEditorPage {
  readonly title: Locator;
  readonly name: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.title = page.locator('h1.page-title');
    this.name = page.getByTestId('place-name-input');
    this.save = page.getByTestId('save-place');
  }

  /** A field's help or any other line of the form, matched as part of its text. */
  text(text: string): Locator {
    return this.page.getByText(text, { exact: false });
  }

  /** The remove button of the lockers table's row at `index` (0-based, in the table's order). */
  removeLocker(index: number): Locator {
    return this.page
      .locator('.ant-table-tbody tr')
      .nth(index)
      .getByRole('button', { name: 'Remover cacifo' });
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}
