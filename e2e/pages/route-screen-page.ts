import type { Locator, Page } from '@playwright/test';

/** Whatever screen a route opens, shell or not (the kiosk has none): what says it is still loading. */
export class RouteScreen {
  /** Spinners and skeletons of lazy pages and their queries. */
  readonly busy: Locator;

  constructor(readonly page: Page) {
    this.busy = page.locator('.ant-spin-spinning, .ant-skeleton-active');
  }

  /** The first element matching a CSS selector: the part of the screen a check is scoped to. */
  part(selector: string): Locator {
    return this.page.locator(selector).first();
  }
}
