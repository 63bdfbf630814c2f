import type { Locator, Page } from '@playwright/test';

/** /returns: the courier's list of expired parcels to take back, each with its return code. */
export class ReturnsPage {
  readonly table: Locator;
  /** Says which door is open once a return was started. */
  readonly opened: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('returns');
    this.opened = page.getByTestId('return-opened');
  }

  row(packageId: string): Locator {
    return this.table.locator('tr', { hasText: packageId });
  }

  /** The return code shown in a parcel's row. */
  code(packageId: string): Locator {
    return this.row(packageId).locator('code');
  }

  /** "Abrir porta" on the parcel's row, then the same button in the question that follows. */
  async openDoor(packageId: string) {
    await this.row(packageId).getByRole('button', { name: 'Abrir porta' }).click();
    await this.page.locator('.ant-popconfirm').getByRole('button', { name: 'Abrir porta' }).click();
  }
}

/** /admins/tools: the message templates card, its text, its checks and the preview. */
export class MessageTemplatesCard {
  readonly card: Locator;
  readonly body: Locator;
  /** Names the variables the text uses that the app does not know. */
  readonly unknown: Locator;
  readonly save: Locator;
  readonly preview: Locator;
  readonly previewResult: Locator;
  readonly subject: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('message-templates');
    this.body = this.card.getByTestId('template-body');
    this.unknown = this.card.getByTestId('template-unknown');
    this.save = this.card.getByRole('button', { name: 'Guardar modelo' });
    this.preview = this.card.getByTestId('template-preview');
    this.previewResult = this.card.getByTestId('template-preview-result');
    this.subject = this.card.getByLabel('Assunto');
  }

  /** The channel choice ("SMS", "E-mail"). */
  channel(name: string): Locator {
    return this.card.getByText(name, { exact: true });
  }

  /** The choice of the language a template is written in ("Inglês"). */
  contentLanguage(name: string): Locator {
    return this.card.getByTestId('content-language').getByText(name);
  }
}
