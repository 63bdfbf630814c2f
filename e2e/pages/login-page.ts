import { expect, type Locator, type Page } from '@playwright/test';
import type { Account } from '../support/accounts';

/** /login: the form, its notices and, for a signed-in user sent here, the way back. */
export class LoginPage {
  readonly form: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly notice: Locator;
  /** Offered to a user still signed in who was sent here from a route their role may not open. */
  readonly continueButton: Locator;
  readonly recaptcha: Locator;
  /** The document element: its lang and dir follow the chosen language and direction. */
  readonly html: Locator;

  constructor(readonly page: Page) {
    this.form = page.locator('form');
    this.username = page.locator('input#username');
    this.password = page.locator('input#password');
    this.submit = page.getByTestId('login-submit');
    this.error = page.getByTestId('login-error');
    this.notice = page.getByTestId('login-notice');
    this.continueButton = page.getByRole('button', { name: 'Continuar' });
    this.recaptcha = page.locator('iframe[src*="recaptcha"]');
    this.html = page.locator('html');
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
