import { expect, test, type APIRequestContext } from '@playwright/test';
import { API } from '@cacifo/contract';
import { DeleteButton } from '../pages/delete-button';
import { ACCOUNTS } from '../support/accounts';
import { apiUrlMatcher, callApi, setPreferences, signIn, tokenFor } from '../support/api';

/**
 * A delete is asked the same way everywhere (issue #22, components/list/delete-button): one question
 * naming what goes, a danger button that waits for the request, and one request however fast the
 * clicks. Tried on a detail page (an order) and on a list row (an office user), in pt and en.
 */

async function adminToken(request: APIRequestContext) {
  return (await tokenFor(request, ACCOUNTS.admin)).access_token;
}

/** A reply's body as text, the message of a failed expectation. */
const text = (res: { body: unknown }) => JSON.stringify(res.body);

test("an order's page asks to delete it by its package id, a double click deletes once, the list follows", async ({
  page,
}) => {
  const admin = await adminToken(page.request);
  const packageId = `DEL${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const made = await callApi(page.request, admin, API.orders.create, {
    body: { packageId, recipientPhone: '912000111' },
  });
  expect(made.ok, text(made)).toBe(true);
  const id = made.body.Data.id;

  const deletes: string[] = [];
  const isOrder = apiUrlMatcher(API.orders.remove);
  page.on('request', (r) => {
    if (r.method() === API.orders.remove.method && isOrder(r.url())) deletes.push(r.url());
  });
  await signIn(page, ACCOUNTS.admin, `/orders/details/${id}`);
  const remove = new DeleteButton(page, 'order-delete');
  await remove.button.click();
  await expect(remove.question).toContainText(`Eliminar ${packageId}?`);
  await expect(remove.question).toContainText('Esta ação não pode ser desfeita.');
  await remove.ok.dblclick();
  await expect(page).toHaveURL(/\/orders(\?|$)/);
  expect(deletes).toHaveLength(1);
  const read = await callApi(page.request, admin, API.orders.order, { query: { packageId } });
  expect(read.status).toBe(404);
});

test('an office user row asks to delete the user by name and says what goes with them, in pt and en', async ({
  page,
}) => {
  const admin = await adminToken(page.request);
  const tag = String(Date.now() % 1_000_000);
  const ids: number[] = [];
  for (const who of ['Dora', 'Eva']) {
    const user = await callApi(page.request, admin, API.office.createUser, {
      body: {
        id: 0,
        name: `${who} Apagar ${tag}`,
        login: '',
        numberPrefix: 'PT',
        email: '',
        nif: '',
        obs: '',
      },
    });
    expect(user.ok, text(user)).toBe(true);
    const userId = user.body.Data.id;
    // Disabled at once: the list specs that read the active users never see them come and go.
    const off = await callApi(page.request, admin, API.office.setUserEnabled, {
      body: { id: userId, enabled: 0 },
    });
    expect(off.ok, text(off)).toBe(true);
    ids.push(userId);
  }

  await signIn(page, ACCOUNTS.admin, `/office-users?enabled=0&search=${tag}`);
  const dora = new DeleteButton(page, `user-delete-${ids[0]}`);
  await dora.button.click();
  await expect(dora.question).toContainText(`Eliminar Dora Apagar ${tag}?`);
  await expect(dora.question).toContainText('Perde os cacifos, grupos e horários.');
  await dora.ok.click();
  await expect(dora.button).toHaveCount(0);

  await setPreferences(page, { language: 'en' });
  await page.reload();
  const eva = new DeleteButton(page, `user-delete-${ids[1]}`);
  await eva.button.click();
  await expect(eva.question).toContainText(`Delete Eva Apagar ${tag}?`);
  await expect(eva.question).toContainText('Their lockers, groups and schedules go too.');
  await eva.ok.click();
  await expect(eva.button).toHaveCount(0);
});
