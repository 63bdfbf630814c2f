import { expect, type Locator, type Page } from '@playwright/test';

/** /office-users: the users table and the create/edit form. */
export class OfficeUsersPage {
  readonly table: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('users-table');
    this.form = page.getByTestId('user-form');
  }

  async goto(query = '') {
    await this.page.goto(`/office-users${query}`);
    await expect(this.table).toBeVisible();
  }

  async createUser(fields: { name: string; number: string; email: string; phone: string; card?: string }) {
    await this.page.getByTestId('user-new').click();
    await expect(this.form).toBeVisible();
    await this.form.getByTestId('user-name').fill(fields.name);
    await this.form.getByTestId('user-number').fill(fields.number);
    await this.form.getByTestId('user-email').fill(fields.email);
    await this.form.getByTestId('user-phone_number').fill(fields.phone);
    if (fields.card !== undefined) await this.form.getByTestId('user-card').fill(fields.card);
    await this.page.locator('#user-form-save').click();
    await expect(this.form).toBeHidden();
  }

  async search(text: string) {
    await this.page.getByTestId('users-search').locator('input').fill(text);
    await this.page.getByTestId('users-search').locator('input').press('Enter');
  }

  userLink(name: string): Locator {
    return this.table.getByRole('link', { name });
  }

  toast(): Locator {
    return this.page.locator('.ant-message-notice');
  }
}

/** /office-users/details/:id: credentials and the lockers, groups and schedules cards. */
export class OfficeUserDetailsPage {
  readonly credentials: Locator;

  constructor(readonly page: Page) {
    this.credentials = page.getByTestId('credentials-card');
  }

  async ready(name: string) {
    await expect(this.page.getByTestId('user-name')).toHaveText(name);
  }

  async setCard(card: string) {
    await this.credentials.getByTestId('card-input').fill(card);
    await this.credentials.getByTestId('card-save').click();
    await expect(this.credentials.getByTestId('card-value')).toHaveText(card.toUpperCase());
  }

  async setPin(pin: string) {
    await this.credentials.getByTestId('pin-input').fill(pin);
    await this.credentials.getByTestId('pin-save').click();
    await expect(this.credentials.getByTestId('pin-value')).toBeVisible();
  }

  /** Picks `label` in one of the link cards (user-lockers, user-groups, user-schedules) and adds it. */
  async link(card: 'user-lockers' | 'user-groups' | 'user-schedules', label: string) {
    const box = this.page.getByTestId(card);
    await box.getByTestId(`${card}-select`).click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
      .first()
      .click();
    await this.page.keyboard.press('Escape');
    await box.getByTestId(`${card}-add`).click();
    await expect(box.locator('.ant-tag', { hasText: label })).toBeVisible();
  }
}
