import type { Locator, Page } from '@playwright/test';

/** The navbar's page search: a dialog with one combobox offering the screens by name. */
export class PageSearch {
  readonly opener: Locator;
  readonly box: Locator;

  constructor(readonly page: Page) {
    this.opener = page.getByTestId('page-search-open');
    this.box = page.getByRole('combobox');
  }

  async open() {
    await this.opener.click();
  }

  /** An offered page; the list arrives after the dialog opens. */
  option(text: string): Locator {
    return this.page.locator('.ant-select-item-option', { hasText: text });
  }
}

/** The navbar's bookmarks: the star button's finder (rows with a star each) and the starred links. */
export class Bookmarks {
  readonly opener: Locator;
  readonly finder: Locator;
  readonly filter: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.opener = page.getByTestId('bookmarks-open');
    this.finder = page.getByTestId('bookmark-finder');
    this.filter = page.getByPlaceholder('Procurar página…');
    this.rows = page.locator('.bookmark-row');
  }

  async open() {
    await this.opener.click();
  }

  /** The star of a route's row in the finder; aria-pressed says whether it is bookmarked. */
  star(routeId: string): Locator {
    return this.page.getByTestId(`bookmark-star-${routeId}`);
  }

  /** A bookmarked route's link in the navbar. */
  link(routeId: string): Locator {
    return this.page.getByTestId(`bookmark-${routeId}`);
  }
}
