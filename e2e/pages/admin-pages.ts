import { expect, type Locator, type Page } from '@playwright/test';

/** /admins/faqs: the ordered FAQ list of one language, its editor modal and the order buttons. */
export class FaqsPage {
  readonly list: Locator;
  readonly rows: Locator;
  readonly saveOrder: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByTestId('faq-list');
    this.rows = page.getByTestId('faq-row');
    this.saveOrder = page.getByTestId('faq-save-order');
  }

  async goto(language: 'pt' | 'en' | 'es' | 'fr') {
    await this.page.goto(`/admins/faqs?lang=${language}`);
    await expect(this.page.getByTestId('faq-add')).toBeVisible();
  }

  async questions(): Promise<string[]> {
    return this.page.getByTestId('faq-question').allInnerTexts();
  }

  row(question: string): Locator {
    return this.rows.filter({
      has: this.page.getByTestId('faq-question').getByText(question, { exact: true }),
    });
  }

  async add(question: string, answer: string) {
    await this.page.getByTestId('faq-add').click();
    await this.page.getByTestId('faq-question-input').fill(question);
    await this.page.getByTestId('faq-answer-input').fill(answer);
    await this.page.getByTestId('faq-submit').click();
    await expect(this.row(question)).toBeVisible();
  }

  /** Drags a row by its handle with the mouse, in small steps as a person would. */
  async drag(question: string, onto: string) {
    const handle = this.row(question).getByTestId('faq-handle');
    const target = this.row(onto);
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
    // dnd-kit activates after the first moves and measures the rows on the next frame.
    await this.page.waitForTimeout(100);
    await this.page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await this.page.waitForTimeout(100);
    await this.page.mouse.up();
  }

  async remove(question: string) {
    await this.row(question).getByTestId('faq-delete').click();
    await this.page.getByTestId('faq-delete-confirm').click();
    await expect(this.row(question)).toHaveCount(0);
  }

  toast(): Locator {
    return this.page.locator('.ant-message-notice');
  }
}

/** /admins: the accounts table and the create/edit drawer. */
export class AdminsPage {
  readonly table: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('admins-table');
    this.form = page.getByTestId('account-form');
  }

  async goto() {
    await this.page.goto('/admins');
    await expect(this.table).toBeVisible();
  }

  async openNew() {
    await this.page.getByTestId('add-account').click();
    await expect(this.page.getByTestId('account-name')).toBeVisible();
  }

  async fill(f: { name: string; username: string; password: string; pin: string }) {
    await this.page.getByTestId('account-name').fill(f.name);
    await this.page.getByTestId('account-username').fill(f.username);
    await this.page.getByTestId('account-password').fill(f.password);
    await this.page.getByTestId('account-confirm').fill(f.password);
    await this.page.locator('#pin').fill(f.pin);
  }

  async save() {
    await this.page.getByTestId('account-save').click();
  }

  fieldError(text: RegExp): Locator {
    return this.page.locator('.ant-form-item-explain-error').filter({ hasText: text });
  }

  row(username: string): Locator {
    return this.table.locator('tr').filter({ hasText: username });
  }
}
