import { expect, type Locator, type Page } from '@playwright/test';
import type { Account } from '../support/accounts';

export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.username = page.locator('input#username');
    this.password = page.locator('input#password');
    this.submit = page.getByTestId('login-submit');
    this.error = page.getByTestId('login-error');
    this.notice = page.getByTestId('login-notice');
  }

  async goto() {
    await this.page.goto('/login');
    await expect(this.submit).toBeVisible();
  }

  async fill(account: Pick<Account, 'username' | 'password'>) {
    await this.username.fill(account.username);
    await this.password.fill(account.password);
  }

  async login(account: Pick<Account, 'username' | 'password'>) {
    await this.fill(account);
    await this.submit.click();
  }

  async chooseLanguage(lng: 'pt' | 'en') {
    await this.page.getByTestId(`language-${lng}`).click();
  }
}
