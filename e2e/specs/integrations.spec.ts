import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { IntegrationsPage } from '../pages/integrations-page';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn } from '../support/api';

test.describe('Integrations', () => {
  test('an admin makes a partner key shown once (a double click makes one), it works, revoked it does not', async ({
    page,
  }) => {
    const name = `Transportadora ${Date.now() % 100000}`;
    const integrations = new IntegrationsPage(page);
    await signIn(page, ACCOUNTS.admin, '/admins/integrations');
    await integrations.goto();
    // A key without a client is refused, and the form says why.
    const dialog = await integrations.startKey(name, ['orders:read']);
    await integrations.dialogButton('Criar chave').click();
    await expect(integrations.dialogText('Escolha o cliente a que a chave pertence.')).toBeVisible();
    await integrations.dialogButton('Cancelar').click();
    await expect(dialog).toBeHidden();
    const key = await integrations.createKey(name, ['orders:read']);
    expect(key).toMatch(/^ck_/);
    await expect(integrations.row(name)).toHaveCount(1);
    await expect(integrations.row(name)).toContainText(key.slice(0, 11));
    await expect(integrations.row(name)).toContainText('orders:read');
    // The page never shows the secret again.
    await page.reload();
    await expect(integrations.row(name)).toHaveCount(1);
    await expect(integrations.text(key)).toHaveCount(0);

    const read = () =>
      callApi(page.request, key, API.partner.order, { params: { packageId: 'NO-SUCH-PARCEL' } });
    expect((await read()).body.Description).toBe('orderNotExist');

    await integrations.revoke(name);
    await expect(integrations.toast().filter({ hasText: 'Chave revogada.' })).toBeVisible();
    await expect(integrations.row(name)).toHaveCount(0);
    const after = await read();
    expect(after.status).toBe(401);
  });
});
