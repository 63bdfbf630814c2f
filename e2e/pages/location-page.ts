import { expect, type Locator, type Page } from '@playwright/test';

/** /locations/:id: the live locker grid, its drawer and the mode buttons. */
export class LocationPage {
  readonly grid: Locator;
  readonly drawer: Locator;
  readonly drawerDoorStatus: Locator;
  readonly realtime: Locator;
  /** Every tile drawn, whatever its state: the grid is not empty. */
  readonly tiles: Locator;
  /** The analytics tab's charts (recharts). */
  readonly charts: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('locker-grid');
    this.drawer = page.getByTestId('locker-drawer-body');
    this.drawerDoorStatus = this.drawer.getByTestId('drawer-door-status');
    this.realtime = page.getByTestId('realtime-status');
    this.tiles = this.grid.locator('.locker-tile');
    this.charts = page.locator('.recharts-surface');
  }

  async goto(placeId: number) {
    await this.page.goto(`/locations/${placeId}`);
    await this.ready();
  }

  /** Grid drawn and the realtime socket authenticated, so pushed changes will arrive. */
  async ready() {
    await expect(this.grid).toBeVisible();
    await expect(this.realtime).toHaveAttribute('data-status', 'live');
  }

  tile(door: number): Locator {
    return this.grid.getByTestId(`locker-tile-${door}`);
  }

  /** Door number of the first tile whose door is closed and whose locker is free. */
  async firstFreeDoor(): Promise<number> {
    const testId = await this.grid.locator('[data-colour="available"]').first().getAttribute('data-testid');
    return Number(testId?.replace('locker-tile-', ''));
  }

  async openDoorFromDrawer(door: number) {
    await this.tile(door).click();
    await expect(this.drawer).toBeVisible();
    await this.drawer.getByTestId('open-door').click();
    // Popconfirm's OK button.
    await this.page.locator('.ant-popconfirm .ant-btn-primary').click();
  }

  toast(): Locator {
    return this.page.locator('.ant-message-notice');
  }
}
