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
    await this.page.goto(`/admins/faqs?language=${language}`);
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

  /**
   * Moves a question onto another one's place with dnd-kit's keyboard sensor (space, arrows, space):
   * the same sortable list a mouse drags, without the mouse's timing on a loaded machine.
   */
  async drag(question: string, onto: string) {
    const target = (await this.questions()).indexOf(onto);
    const handle = this.row(question).getByTestId('faq-handle');
    // On a loaded machine a key can be lost: pressed while the list re-renders (the refetch after
    // the last add), or an arrow read before the previous one's move was drawn, so the drop lands
    // one place short. Each round therefore starts from the order now and moves what is still left,
    // until the question stands where `onto` stood.
    for (let round = 0; round < 4; round++) {
      const now = await this.questions();
      const steps = target - now.indexOf(question);
      if (steps === 0) return;
      await handle.focus();
      await this.page.keyboard.press('Space');
      const picked = await expect(handle)
        .toHaveAttribute('aria-pressed', 'true', { timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (!picked) continue;
      for (let i = 0; i < Math.abs(steps); i++) {
        await this.page.keyboard.press(steps < 0 ? 'ArrowUp' : 'ArrowDown');
        await this.page.waitForTimeout(150);
      }
      await this.page.keyboard.press('Space');
      await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
      // The drop redraws the list; give it that moment before the next round reads the order.
      await expect
        .poll(() => this.questions(), { timeout: 3_000 })
        .not.toEqual(now)
        .catch(() => {});
    }
  }

  async remove(question: string) {
    await this.row(question).getByTestId('faq-delete').click();
    await this.page.getByTestId('faq-delete-ok').click();
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
  readonly pin: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('admins-table');
    this.form = page.getByTestId('account-form');
    this.pin = page.locator('#pin');
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
    await this.pin.fill(f.pin);
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
