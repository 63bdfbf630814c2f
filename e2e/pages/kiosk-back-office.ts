import type { Locator, Page } from '@playwright/test';
import { AssetPage } from './asset-page';

/** The asset details screen as the kiosk specs read it after a wall's work: its tabs, log and enable switch. */
export class KioskAssetDetailsPage extends AssetPage {
  readonly logTable: Locator;
  readonly logActions: Locator;
  readonly toggleEnabled: Locator;
  /** The "are you sure?" bubble of the enable switch (an antd Popconfirm). */
  readonly confirm: Locator;

  constructor(page: Page) {
    super(page);
    this.logTable = page.getByTestId('asset-logs-table');
    this.logActions = this.logTable.getByTestId('asset-log-action');
    this.toggleEnabled = page.getByTestId('toggle-enabled');
    this.confirm = page.getByRole('tooltip');
  }

  async openTab(name: string) {
    await this.page.getByRole('tab', { name }).click();
  }

  /** A log row by the words of its action. */
  logRow(action: string): Locator {
    return this.logTable.locator('tr', { hasText: action });
  }

  /** Where the door of a log row is: place and door number. */
  logDoor(action: string): Locator {
    return this.logRow(action).getByTestId('asset-log-door');
  }

  confirmButton(name: string): Locator {
    return this.confirm.getByRole('button', { name });
  }
}

/** /office-users/details/:id as the kiosk specs read it: the person's kiosk attempts and assets. */
export class KioskOfficeUserPage {
  readonly name: Locator;
  readonly recent: Locator;
  readonly recentAccess: Locator;
  readonly assets: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByTestId('user-name');
    this.recent = page.getByTestId('user-recent');
    this.recentAccess = page.getByTestId('user-recent-access');
    this.assets = page.getByTestId('user-assets');
  }

  async goto(userId: number) {
    await this.page.goto(`/office-users/details/${userId}`);
  }

  async openRecentTab(name: string) {
    await this.recent.getByRole('tab', { name }).click();
  }
}

/** An order's details screen and the deposit dialog it opens, started from what the partner said. */
export class KioskOrderDepositDialog {
  readonly open: Locator;
  readonly dialog: Locator;
  /** The size button antd marks as chosen. */
  readonly checkedSize: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByTestId('order-deposit');
    this.dialog = page.getByTestId('deposit-dialog');
    this.checkedSize = this.dialog.locator('.ant-radio-button-wrapper-checked');
  }

  place(placeId: number): Locator {
    return this.dialog.getByTestId(`deposit-place-${placeId}`);
  }
}
