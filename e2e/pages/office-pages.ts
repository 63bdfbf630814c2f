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
  readonly cardValue: Locator;
  readonly cardClear: Locator;
  readonly pinValue: Locator;
  readonly pinClear: Locator;
  /** The popconfirm that asks before a credential is removed. */
  readonly question: Locator;

  constructor(readonly page: Page) {
    this.credentials = page.getByTestId('credentials-card');
    this.cardValue = this.credentials.getByTestId('card-value');
    this.cardClear = this.credentials.getByTestId('card-clear');
    this.pinValue = this.credentials.getByTestId('pin-value');
    this.pinClear = this.credentials.getByTestId('pin-clear');
    this.question = page.getByRole('tooltip');
  }

  /** One of the question's answers ("Cancelar", "Remover"). */
  answer(name: string): Locator {
    return this.question.getByRole('button', { name });
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }

  async ready(name: string) {
    await expect(this.page.getByTestId('user-name')).toHaveText(name);
  }

  async setCard(card: string) {
    await this.credentials.getByTestId('card-input').fill(card);
    await this.credentials.getByTestId('card-save').click();
    await expect(this.cardValue).toHaveText(card.toUpperCase());
  }

  async setPin(pin: string) {
    await this.credentials.getByTestId('pin-input').fill(pin);
    await this.credentials.getByTestId('pin-save').click();
    await expect(this.pinValue).toBeVisible();
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

/** /activity: the kiosk activity. */
export class ActivityPage {
  constructor(readonly page: Page) {}

  /** Opens the kiosk accesses of one user only (the filters live in the URL). */
  async gotoAccessesOf(userId: number) {
    await this.page.goto(`/activity?kind=access&userId=${userId}`);
  }

  /** Entries showing `text` (an outcome such as "Acesso recusado", or its reason). */
  entries(text: string): Locator {
    return this.page.getByText(text);
  }
}

/** /expired-lockers: lockers whose assignment ended, each with "Prolongar", and the menu's count badge. */
export class ExpiredLockersPage {
  /** The count on the menu entry; its title holds the number. */
  readonly badge: Locator;

  constructor(readonly page: Page) {
    this.badge = page.locator('[data-route-id="expiredLockers"] .ant-scroll-number');
  }

  extendButton(lockerId: number): Locator {
    return this.page.getByTestId(`extend-${lockerId}`);
  }

  /** Opens the locker's "Prolongar" menu and picks a period such as "+1 hora". */
  async extend(lockerId: number, period: string) {
    await this.extendButton(lockerId).click();
    await this.page.getByRole('menuitem', { name: period }).click();
  }
}
