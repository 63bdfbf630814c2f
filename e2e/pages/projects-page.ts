import type { Locator, Page } from '@playwright/test';

/** /projects: the projects table and its edit dialog, in pt. */
export class ProjectsPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('dialog', { name: 'Editar projeto' });
    this.name = this.form.getByLabel('Nome');
    this.save = this.form.getByRole('button', { name: 'Guardar' });
  }

  /** A row by its accessible name, a pattern of the project's name. */
  row(name: RegExp): Locator {
    return this.page.getByRole('row', { name });
  }

  async edit(name: RegExp) {
    await this.row(name).getByRole('button', { name: 'Editar projeto' }).click();
  }
}
