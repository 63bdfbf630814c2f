import { expect, test, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ClientFilter, UsageView } from '../pages/client-views';
import { IntegrationsPage } from '../pages/integrations-page';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS, type Account } from '../support/accounts';
import { callApi, setPreferences, signIn, tokenFor } from '../support/api';
import { carrier, deposit, ok, preAdvise, stateOf, type Carrier } from '../support/carriers';
import { adminApi, kioskWall, type KioskWall } from '../support/kiosk-wall';

/**
 * Issue #31, done when: two carriers, each with its own key and webhook, pre-advise parcels at the
 * same location; neither reads, cancels nor hears of the other's parcels, and each client's admin
 * sees only its own in every list, export and usage summary (pt and en). The operator filters the
 * same lists by client. Everything here is the spec's own: a wall, two clients, keys, receivers.
 */

const suffix = String(Date.now() % 1_000_000).padStart(6, '0');

/** Signs a client's admin in and opens `path` in the given language. */
async function openAs(page: Page, account: Account, path: string, language: 'pt' | 'en') {
  await signIn(page, account, path);
  await setPreferences(page, { language });
  await page.reload();
}

/** The orders list and its .csv export hold `mine` and none of `theirs`. */
async function ordersShow(page: Page, mine: string[], theirs: string[]) {
  const list = new ListKit(page, 'orders-table');
  for (const id of mine) await expect(list.table).toContainText(id);
  for (const id of theirs) await expect(list.table).not.toContainText(id);
  const cells = (await list.exportCsv('orders-table-export')).flat().join(' ');
  for (const id of mine) expect(cells).toContain(id);
  for (const id of theirs) expect(cells).not.toContain(id);
}

test.describe('two carriers at one wall (issue #31)', () => {
  // The browser checks read what the first test's couriers deposited.
  test.describe.configure({ mode: 'serial' });
  let a: Carrier;
  let b: Carrier;
  let wall: KioskWall;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(request);
    wall = await kioskWall(admin, {
      type: 'DELIVERY',
      name: 'Parede Partilhada',
      sizes: ['M', 'M', 'M', 'M'],
    });
    a = await carrier(request, admin.token, wall, 'NORTE', 1, suffix);
    b = await carrier(request, admin.token, wall, 'SUL', 2, suffix);
    await preAdvise(request, a, wall.placeId, suffix);
    await preAdvise(request, b, wall.placeId, suffix);
  });

  test.afterAll(async () => {
    await Promise.all([a?.receiver.close(), b?.receiver.close()]);
  });

  test('neither key reads, cancels nor hears of the other carrier’s parcels', async ({ request }) => {
    test.setTimeout(90_000);
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const packageId of other.parcels) {
        const read = await callApi(request, me.key, API.partner.order, { params: { packageId } });
        expect([read.status, read.body.Description, read.body.Data]).toEqual([404, 'orderNotExist', null]);
        const cancel = await callApi(request, me.key, API.partner.cancelOrder, { params: { packageId } });
        expect([cancel.status, cancel.body.Description]).toEqual([404, 'orderNotExist']);
      }
    }
    // Nothing of the other's was touched; each cancels its own third parcel.
    for (const c of [a, b]) {
      for (const packageId of c.parcels) expect(await stateOf(request, c, packageId)).toBe(1);
      const cancel = await callApi(request, c.key, API.partner.cancelOrder, {
        params: { packageId: c.parcels[2]! },
      });
      ok(cancel.status, 'own cancel', cancel.body);
    }
    const screen = (await tokenFor(request, wall.screen)).access_token;
    await deposit(request, screen, a, b, 2, wall.placeId);
    await deposit(request, screen, b, a, 1, wall.placeId);
    const stored = (c: Carrier) => c.parcels.slice(0, c === a ? 2 : 1);
    for (const c of [a, b]) {
      for (const packageId of stored(c)) {
        await expect.poll(() => stateOf(request, c, packageId), { timeout: 20_000 }).toBe(4);
      }
    }
    expect(await stateOf(request, b, b.parcels[1]!)).toBe(1);

    // Each receiver hears its own parcels' events, signed with its own secret, and none of the other's.
    const heard = (c: Carrier) =>
      [
        ...c.parcels.map((p) => `order.created ${p}`),
        ...stored(c).flatMap((p) => [`order.locker_assigned ${p}`, `order.stored ${p}`]),
        `order.canceled ${c.parcels[2]}`,
      ].sort();
    await expect.poll(() => a.receiver.events(), { timeout: 30_000 }).toEqual(heard(a));
    await expect.poll(() => b.receiver.events(), { timeout: 30_000 }).toEqual(heard(b));
    for (const r of [...a.receiver.received, ...b.receiver.received]) expect(r.signed).toBe(true);
  });

  test("each client's admin sees only its own parcels, export and month (pt and en)", async ({ page }) => {
    test.setTimeout(90_000);
    const usage = new UsageView(page);
    for (const [me, other, language, title, header] of [
      [a, b, 'pt', 'Utilização mensal', 'Depósitos'],
      [b, a, 'en', 'Monthly usage', 'Deposits'],
    ] as const) {
      await openAs(page, me.admin, '/orders', language);
      // A client's admin has no client to choose: its own rows only, whatever it asks.
      await expect(new ClientFilter(page, 'orders-table-filter-client').select).toHaveCount(0);
      await ordersShow(page, me.parcels, other.parcels);

      await usage.goto();
      await expect(usage.title(`${title} · ${me.name}`)).toBeVisible();
      await expect(usage.client.select).toHaveCount(0);
      const deposits = String(me === a ? 2 : 1);
      await expect
        .poll(() => usage.row(wall.placeName))
        .toEqual([wall.placeName, deposits, '0', '0', '0', '—']);
      await expect.poll(() => usage.places()).toEqual([wall.placeName]);
      const file = await new ListKit(page, 'usage-table').exportCsv('usage-export');
      expect(file.length).toBe(2);
      expect(file[0]![1]).toBe(header);
      expect(file[1]!.slice(0, 2)).toEqual([wall.placeName, deposits]);

      await page.goto('/employees');
      const people = new ListKit(page, 'employees-table').table;
      await expect(people).toContainText(me.admin.username);
      await expect(people).not.toContainText(other.admin.username);
      await page.evaluate(() => localStorage.clear());
    }
  });

  test("each client's admin manages its own keys and sees its own webhook only (pt and en)", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const integrations = new IntegrationsPage(page);
    for (const [me, other, language, label] of [
      [
        a,
        b,
        'pt',
        {
          newKey: 'Nova chave',
          partner: 'Parceiro',
          client: 'Cliente',
          create: 'Criar chave',
          done: 'Já copiei',
        },
      ],
      [
        b,
        a,
        'en',
        {
          newKey: 'New key',
          partner: 'Partner',
          client: 'Client',
          create: 'Create key',
          done: 'I have copied it',
        },
      ],
    ] as const) {
      const mine = me === a ? 'NORTE' : 'SUL';
      await openAs(page, me.admin, '/admins/integrations', language);
      await expect(integrations.keys).toContainText(`Chave ${mine} ${suffix}`);
      await expect(integrations.keys).not.toContainText(
        `Chave ${mine === 'NORTE' ? 'SUL' : 'NORTE'} ${suffix}`,
      );
      await expect(integrations.clientFilter()).toHaveCount(0);
      await expect(integrations.webhooks()).toContainText(me.receiver.url);
      await expect(integrations.webhooks()).not.toContainText(other.receiver.url);

      const name = `Própria ${mine} ${suffix}`;
      await integrations.createOwnKey(name, 'orders:read', label);
      await expect(integrations.row(name)).toHaveCount(1);
      // Made for its own client, once, whatever was clicked twice.
      const operator = (await tokenFor(request, ACCOUNTS.admin)).access_token;
      const keys = await callApi(request, operator, API.apiKeys.list, { query: { company: me.name } });
      expect(keys.body.Data.keys.filter((k) => k.name === name).map((k) => k.companyId)).toEqual([me.name]);
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('the operator filters the lists by client, a disabled client marked', async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = await adminApi(request);
    // A third client, disabled: listed in the filter with its mark.
    const old = `Transportes ANTIGA E2E ${suffix}`;
    const made = await callApi(request, admin.token, API.clients.create, { body: { name: old } });
    ok(made.status, 'client', made.body);
    const off = await callApi(request, admin.token, API.clients.update, {
      params: { id: made.body.Data.id },
      body: { enabled: false, updatedAt: made.body.Data.updatedAt },
    });
    ok(off.status, 'disable', off.body);

    await signIn(page, ACCOUNTS.admin, '/orders');
    const filter = new ClientFilter(page, 'orders-table-filter-client');
    await filter.open();
    await filter.type(`E2E ${suffix}`);
    await expect(filter.options()).toHaveText([a.name, b.name, `${old} (desativado)`]);
    await page.screenshot({ path: '/tmp/client-filter.png' });
    await page.keyboard.press('Escape');
    await filter.choose(a.name);
    await expect(page).toHaveURL(/company=/);
    await ordersShow(page, a.parcels, b.parcels);

    await page.goto('/admins/integrations');
    const keys = new IntegrationsPage(page).keys;
    await new ClientFilter(page, 'api-keys-filter-client').choose(b.name);
    await expect(keys).toContainText(`Chave SUL ${suffix}`);
    await expect(keys).not.toContainText(`Chave NORTE ${suffix}`);

    await page.goto('/employees');
    await new ClientFilter(page, 'accounts-filter-client').choose(a.name);
    const people = new ListKit(page, 'employees-table').table;
    await expect(people).toContainText(a.admin.username);
    await expect(people).not.toContainText(b.admin.username);

    const usage = new UsageView(page);
    await usage.goto();
    await usage.client.choose(b.name);
    await expect(usage.title(`Utilização mensal · ${b.name}`)).toBeVisible();
    // Polled: the table keeps the previous client's month on screen while the chosen one's comes in.
    await expect.poll(() => usage.row(wall.placeName)).toEqual([wall.placeName, '1', '0', '0', '0', '—']);
  });
});
