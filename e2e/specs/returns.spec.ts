import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { API } from '@cacifo/contract';
import { callApi, signIn, tokenFor } from '../support/api';

test.describe('returns and message templates (issue #25)', () => {
  test('a courier opens an expired parcel from the return list; the door closing records the return', async ({
    page,
  }) => {
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    await signIn(page, ACCOUNTS.courier, '/courier');
    await page.getByRole('menuitem', { name: 'Devoluções' }).click();
    await expect(page).toHaveURL(/\/returns$/);
    const table = page.getByTestId('returns');
    // The demo's expired parcels at the delivery wall, each with its return code.
    const row = table.locator('tr', { hasText: 'SGPT202600120' });
    await expect(row).toContainText('Entregas Saldanha');
    await expect(row).toContainText('Expirada, a devolver');
    await expect(row.locator('code')).toHaveText(/^\d{6}$/);
    await expect(table.locator('tr', { hasText: 'SGPT202600121' })).toBeVisible();

    await row.getByRole('button', { name: 'Abrir porta' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Abrir porta' }).click();
    await expect(page.getByTestId('return-opened')).toContainText(
      /A porta \d+ em Entregas Saldanha está aberta/,
    );
    // The simulated door closes by itself: the parcel is returned and leaves the list.
    await expect(table.locator('tr', { hasText: 'SGPT202600120' })).toHaveCount(0, { timeout: 20_000 });
    const order = await callApi(page.request, admin, API.orders.order, {
      query: { packageId: 'SGPT202600120' },
    });
    const data = order.body.Data;
    expect(data.state).toBe(20);
    expect((data.logs ?? []).slice(-2).map((l) => l.action)).toEqual(['openForReturn', 'returnClosed']);
  });

  test('an admin previews a template with sample data; an unknown variable is named and cannot be saved', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/admins/tools');
    const card = page.getByTestId('message-templates');
    const body = card.getByTestId('template-body');
    await expect(body).toHaveValue(/Código de levantamento: \{code\}/);
    await body.fill('Olá {name}, o código é {codigo}.');
    await expect(card.getByTestId('template-unknown')).toContainText('{codigo}');
    await expect(card.getByRole('button', { name: 'Guardar modelo' })).toBeDisabled();
    await body.fill('Olá {name}, a encomenda {packageId} espera em {location}: código {code}.');
    await expect(card.getByTestId('template-unknown')).toHaveCount(0);
    await card.getByTestId('template-preview').click();
    const preview = card.getByTestId('template-preview-result');
    await expect(preview).toContainText(/Olá .+, a encomenda SGPT\w+ espera em .+: código \d{6}\./);
    // 'ã' is outside GSM-7: 70 characters a segment, so this text takes two.
    await expect(preview).toContainText('2 segmentos de SMS');
    // English, e-mail: a subject and the built-in text.
    await card.getByText('E-mail', { exact: true }).click();
    await card.getByTestId('content-language').getByText('Inglês').click();
    await expect(card.getByLabel('Assunto')).toHaveValue(/.+/);
    await card.getByTestId('template-preview').click();
    await expect(preview).toContainText('Hello');
  });
});
