import { expect, test } from '@playwright/test';
import { UsageView } from '../pages/client-views';
import { ClientsPage } from '../pages/clients-page';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';

test.describe('clients (issue #31)', () => {
  test('the operator creates, renames, grants a location to and disables a client', async ({ page }) => {
    const suffix = Date.now() % 100000;
    const name = `Transportes E2E ${suffix}`;
    const renamed = `${name} SA`;
    const clients = new ClientsPage(page);
    await signIn(page, ACCOUNTS.admin, '/admins/clients');
    await clients.goto();
    await clients.create(name);
    await expect(clients.row(name)).toContainText('Nenhum local');
    await clients.rename(name, renamed);
    await expect(clients.row(renamed)).toHaveCount(1);
    await expect(clients.row(name)).toHaveCount(0);
    const place = await clients.grantFirst(renamed);
    await expect(clients.row(renamed)).toContainText(place);
    await clients.toggle(renamed);
    await expect(clients.row(renamed)).toContainText('Desativado');
    // What the screen shows is what the server keeps.
    await page.reload();
    await expect(clients.row(renamed)).toContainText('Desativado');
    await expect(clients.row(renamed)).toContainText(place);
  });

  test("a client's admin reads its own monthly usage", async ({ page }) => {
    await signIn(page, ACCOUNTS.store, '/usage');
    const usage = new UsageView(page);
    await expect(usage.table).toBeVisible();
    await expect(usage.text('Utilização mensal · Loja Chiado')).toBeVisible();
    await expect(usage.client.select).toHaveCount(0);
  });
});
