import { expect, type Locator, type Page } from '@playwright/test';

/** Administration > Clients (issue #31). */
export class ClientsPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('clients-table');
  }

  async goto() {
    await this.page.goto('/admins/clients');
    await expect(this.table).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.locator('tbody tr').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Fills the open client dialog's name and saves it. */
  private async save(name: string) {
    const dialog = this.page.getByRole('dialog');
    await dialog.getByTestId('client-name').fill(name);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
  }

  async create(name: string) {
    await this.page.getByRole('button', { name: 'Novo cliente' }).click();
    await this.save(name);
  }

  async rename(from: string, to: string) {
    await this.page.getByRole('button', { name: `Editar ${from}` }).click();
    await this.save(to);
  }

  async toggle(name: string) {
    await this.page.getByRole('switch', { name: `${name} ativo` }).click();
  }

  /** Grants the first delivery location offered; answers its name. */
  async grantFirst(name: string): Promise<string> {
    await this.page.getByRole('button', { name: `Locais de ${name}` }).click();
    const dialog = this.page.getByRole('dialog');
    const first = dialog.getByTestId('client-grants').locator('label').first();
    const place = (await first.innerText()).trim();
    await first.click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    return place;
  }
}
