import type { Locator, Page } from '@playwright/test';

/** /service-status: the server's link to the MQTT broker (issue #32). */
export class ServiceStatusPage {
  readonly brokerLink: Locator;
  /** The warning shown only while the broker cannot be reached. */
  readonly brokerDown: Locator;

  constructor(readonly page: Page) {
    this.brokerLink = page.getByTestId('broker-link');
    this.brokerDown = page.getByTestId('broker-down');
  }
}
