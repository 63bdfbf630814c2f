import type { Locator, Page } from '@playwright/test';

/** Home: the grid of KPI cards, one per figure the role may see. */
export class HomeKpis {
  readonly grid: Locator;
  readonly cards: Locator;
  /** The occupancy card's "n of m lockers in use" sentence. */
  readonly occupancyHint: Locator;

  constructor(readonly page: Page) {
    this.grid = page.locator('.home-kpis');
    this.cards = page.locator('.home-kpi');
    this.occupancyHint = this.card('occupancy').getByText(/cacifos em uso/);
  }

  /** A card by its figure (locations, occupancy, expired-delivery, ...). */
  card(kpi: string): Locator {
    return this.page.getByTestId(`kpi-${kpi}`);
  }
}
