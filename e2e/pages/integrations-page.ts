import { expect, type Locator, type Page } from '@playwright/test';

export interface OwnKeyLabels {
  newKey: string;
  partner: string;
  client: string;
  create: string;
  done: string;
}

/** Administration > Integrations: partner API keys and webhooks. */
export class IntegrationsPage {
  readonly keys: Locator;
  readonly secret: Locator;

  constructor(readonly page: Page) {
    this.keys = page.getByTestId('api-keys-table');
    this.secret = page.getByTestId('secret-value');
  }

  async goto() {
    await this.page.goto('/admins/integrations');
    await expect(this.keys).toBeVisible();
  }

  /** Opens "Nova chave" and fills the partner's name and scopes; answers the dialog. */
  async startKey(name: string, scopes: string[]) {
    await this.page.getByRole('button', { name: 'Nova chave' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Parceiro').fill(name);
    for (const s of scopes) await dialog.locator('#scopes').getByText(s, { exact: true }).click();
    return dialog;
  }

  /**
   * Makes a key of `client` (every key belongs to one) with a double click on "Criar chave" (one key
   * must come of it); answers the secret.
   */
  async createKey(name: string, scopes: string[], client = name) {
    const dialog = await this.startKey(name, scopes);
    await dialog.getByLabel('Cliente').fill(client);
    await dialog.getByLabel('Cliente').press('Tab');
    await dialog.getByRole('button', { name: 'Criar chave' }).dblclick();
    await expect(this.secret).toBeVisible();
    const key = (await this.secret.innerText()).trim();
    await this.page.getByRole('button', { name: 'Já copiei' }).click();
    await expect(this.secret).toBeHidden();
    return key;
  }

  /**
   * A client's admin makes a key (issue #31): there is no client to choose, the key is its client's.
   * Labels in the page's language; a double click on create must still make one key.
   */
  async createOwnKey(name: string, scope: string, label: OwnKeyLabels) {
    await this.page.getByRole('button', { name: label.newKey }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel(label.partner).fill(name);
    await dialog.locator('#scopes').getByText(scope, { exact: true }).click();
    await expect(dialog.getByLabel(label.client)).toBeHidden();
    await dialog.getByRole('button', { name: label.create }).dblclick();
    await expect(this.secret).toBeVisible();
    await this.page.getByRole('button', { name: label.done }).click();
    await expect(this.secret).toBeHidden();
  }

  /** A button of the open key dialog. */
  dialogButton(name: string): Locator {
    return this.page.getByRole('dialog').getByRole('button', { name });
  }

  /** A line of the open key dialog (a field's error). */
  dialogText(text: string): Locator {
    return this.page.getByRole('dialog').getByText(text);
  }

  /** Text anywhere on the page: a secret must not be shown again. */
  text(text: string): Locator {
    return this.page.getByText(text);
  }

  webhooks(): Locator {
    return this.page.getByTestId('webhooks-table');
  }

  clientFilter(): Locator {
    return this.page.getByTestId('api-keys-filter-client');
  }

  row(name: string): Locator {
    return this.keys.getByRole('row').filter({ hasText: name });
  }

  async revoke(name: string) {
    await this.row(name).getByRole('button', { name: 'Revogar' }).click();
    await this.page.getByRole('tooltip').getByRole('button', { name: 'Revogar' }).click();
  }

  toast(): Locator {
    return this.page.locator('.ant-message-notice');
  }
}
