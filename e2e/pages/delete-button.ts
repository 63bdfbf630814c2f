import type { Locator, Page } from '@playwright/test';

/**
 * The one delete question of every screen (components/list/delete-button, issue #22): the button,
 * its popover naming what goes, and the danger OK whose test id is the button's plus `-ok`.
 */
export class DeleteButton {
  readonly button: Locator;
  readonly question: Locator;
  readonly ok: Locator;

  constructor(
    readonly page: Page,
    readonly testId: string,
  ) {
    this.button = page.getByTestId(testId);
    this.question = page.getByRole('tooltip');
    this.ok = page.getByTestId(`${testId}-ok`);
  }
}
