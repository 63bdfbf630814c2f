import type { Locator, Page } from '@playwright/test';

/** The one lost-update dialog of every form (issue #20, docs/adr/0027), as pt names it. */
export class ConflictDialog {
  readonly dialog: Locator;
  readonly keepEditing: Locator;
  readonly reload: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Este registo mudou entretanto' });
    this.keepEditing = this.dialog.getByRole('button', { name: 'Continuar a editar' });
    this.reload = this.dialog.getByRole('button', { name: 'Recarregar' });
  }
}
