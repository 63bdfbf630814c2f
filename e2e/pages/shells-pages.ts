import type { Locator, Page } from '@playwright/test';

/** /marketplace/transactions: the first transaction's details drawer and its description field. */
export class TransactionDrawer {
  readonly table: Locator;
  readonly firstRow: Locator;
  readonly details: Locator;
  readonly description: Locator;
  /** The "typed / allowed" counter under the description. */
  readonly counter: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('tx-table');
    this.firstRow = this.table.locator('tbody tr.ant-table-row').first();
    this.details = page.getByTestId('transaction-details');
    this.description = page.getByTestId('transaction-description');
    this.counter = page.locator('.ant-input-data-count');
    this.save = page.getByRole('button', { name: 'Guardar' });
  }

  /** A message on the page, such as the refusal of a too long description. */
  message(text: string): Locator {
    return this.page.getByText(text);
  }
}

/** /employees: the store employees' table and each row's delete question. */
export class EmployeesPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('employees-table');
  }

  deleteButton(id: number): Locator {
    return this.page.getByTestId(`account-delete-${id}`);
  }

  /** Deletes an employee and answers the question with OK. */
  async remove(id: number) {
    await this.deleteButton(id).click();
    await this.page.getByTestId(`account-delete-${id}-ok`).click();
  }

  /** A message on the page, such as what the delete says it deleted. */
  message(text: string): Locator {
    return this.page.getByText(text);
  }
}
