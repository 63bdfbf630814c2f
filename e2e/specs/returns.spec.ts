import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { API } from '@cacifo/contract';
import { MessageTemplatesCard, ReturnsPage } from '../pages/returns-pages';
import { ShellPage } from '../pages/shell-page';
import { callApi, signIn, tokenFor } from '../support/api';

test.describe('returns and message templates (issue #25)', () => {
  test('a courier opens an expired parcel from the return list; the door closing records the return', async ({
    page,
  }) => {
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    await signIn(page, ACCOUNTS.courier, '/courier');
    await new ShellPage(page).menuItem('Devoluções').click();
    await expect(page).toHaveURL(/\/returns$/);
    const returns = new ReturnsPage(page);
    // The demo's expired parcels at the delivery wall, each with its return code.
    const row = returns.row('SGPT202600120');
    await expect(row).toContainText('Entregas Saldanha');
    await expect(row).toContainText('Expirada, a devolver');
    await expect(returns.code('SGPT202600120')).toHaveText(/^\d{6}$/);
    await expect(returns.row('SGPT202600121')).toBeVisible();

    await returns.openDoor('SGPT202600120');
    await expect(returns.opened).toContainText(/A porta \d+ em Entregas Saldanha está aberta/);
    // The simulated door closes by itself: the parcel is returned and leaves the list.
    await expect(returns.row('SGPT202600120')).toHaveCount(0, { timeout: 20_000 });
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
    const templates = new MessageTemplatesCard(page);
    await expect(templates.body).toHaveValue(/Código de levantamento: \{code\}/);
    await templates.body.fill('Olá {name}, o código é {codigo}.');
    await expect(templates.unknown).toContainText('{codigo}');
    await expect(templates.save).toBeDisabled();
    await templates.body.fill('Olá {name}, a encomenda {packageId} espera em {location}: código {code}.');
    await expect(templates.unknown).toHaveCount(0);
    await templates.preview.click();
    const preview = templates.previewResult;
    await expect(preview).toContainText(/Olá .+, a encomenda SGPT\w+ espera em .+: código \d{6}\./);
    // 'ã' is outside GSM-7: 70 characters a segment, so this text takes two.
    await expect(preview).toContainText('2 segmentos de SMS');
    // English, e-mail: a subject and the built-in text.
    await templates.channel('E-mail').click();
    await templates.contentLanguage('Inglês').click();
    await expect(templates.subject).toHaveValue(/.+/);
    await templates.preview.click();
    await expect(preview).toContainText('Hello');
  });
});
