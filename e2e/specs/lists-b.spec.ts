import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

/** Lists moved onto the list kit by #22's second part: expired office lockers, vouchers. */

async function adminToken(request: APIRequestContext) {
  return (await tokenFor(request, ACCOUNTS.admin)).access_token;
}

/** A reply's body as text, the message of a failed expectation. */
const text = (res: { body: unknown }) => JSON.stringify(res.body);

test('expired lockers: filter and sort live in the URL, a reload shows the same rows, the export has them', async ({
  page,
}) => {
  const tag = `XE${Date.now() % 1_000_000}`;
  const admin = await adminToken(page.request);
  // Three free office lockers, each given to a user of this run until hours ago (and freed at the end).
  const places = await callApi(page.request, admin, API.locations.list, {
    query: { type: 'OFFICE', max_results: 50 },
  });
  expect(places.ok, text(places)).toBe(true);
  const free: Array<{ id: number }> = [];
  for (const place of places.body.Data.places) {
    const lockers = await callApi(page.request, admin, API.office.lockers, { query: { placeId: place.id } });
    const available = lockers.body.Data.filter((l) => l.available);
    free.push(...available.slice(0, 3 - free.length));
    if (free.length === 3) break;
  }
  expect(free).toHaveLength(3);
  const names = ['Ana', 'Bruno', 'Carla'].map((n) => `${n} ${tag}`);
  const links: Array<{ userId: number; lockerIds: number[] }> = [];
  for (const [i, locker] of free.entries()) {
    const user = await callApi(page.request, admin, API.office.createUser, {
      // With an internal number like the demo's: the users list's sort by number spec counts on it.
      body: {
        id: 0,
        name: names[i]!,
        number: `E9${tag.slice(2)}${i}`,
        login: '',
        numberPrefix: 'PT',
        email: '',
        nif: '',
        obs: '',
      },
    });
    expect(user.ok, text(user)).toBe(true);
    const userId = user.body.Data.id;
    const link = await callApi(page.request, admin, API.office.addLockers, {
      body: {
        userId,
        lockerIds: [locker.id],
        expiresAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
      },
    });
    expect(link.ok, text(link)).toBe(true);
    links.push({ userId, lockerIds: [locker.id] });
  }
  try {
    await checkExpiredList(page, tag, names);
  } finally {
    // The lockers go back to being free: other specs count on the demo's free office lockers.
    for (const link of links) await callApi(page.request, admin, API.office.removeLockers, { body: link });
  }
});

async function checkExpiredList(page: Page, tag: string, names: string[]) {
  await signIn(page, ACCOUNTS.admin, '/expired-lockers');
  const list = new ListKit(page, 'expired-table');
  await expect(list.table).toBeVisible();
  await list.search('expired-search', tag);
  await expect(list.total()).toHaveText('3 cacifos expirados');
  // Longest expired first by default; sorted by expiry, newest first, after two clicks.
  await list.expectColumn(3, [...names].reverse(), (c) => c.trim());
  // The list is sorted by expiry already (ascending): one click turns it.
  await list.sortBy('Expirou');
  await expect(page).toHaveURL(/sort=expiredAt&order=desc/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await list.expectColumn(3, names, (c) => c.trim());

  await page.reload();
  await expect(list.sortedHeader('descending')).toContainText('Expirou');
  await list.expectColumn(3, names, (c) => c.trim());
  await expect(list.total()).toHaveText('3 cacifos expirados');

  const csv = await list.exportCsv('expired-export');
  expect(csv[0]).toEqual(['Localização', 'Porta', 'Tamanho', 'Utilizadores', 'Expirou']);
  expect(csv.slice(1).map((row) => row[3])).toEqual(names);
}

test('vouchers: search, enabled filter and sort live in the URL; a reload shows the same rows', async ({
  page,
}) => {
  const tag = `VE${Date.now() % 1_000_000}`;
  const admin = await adminToken(page.request);
  const codes = ['A', 'B', 'C'].map((c) => `${tag}-${c}`);
  for (const [i, code] of codes.entries()) {
    const res = await callApi(page.request, admin, API.marketplace.createVoucher, {
      body: {
        title: `Voucher ${i}`,
        code,
        startDate: '2026-01-01',
        endDate: '2030-12-31',
        discountType: 'percentage',
        discountValue: 10,
      },
    });
    expect(res.ok, text(res)).toBe(true);
    if (i === 1) {
      const off = await callApi(page.request, admin, API.marketplace.setVoucherEnabled, {
        body: { id: res.body.Data.id, enabled: false },
      });
      expect(off.ok, text(off)).toBe(true);
    }
  }

  await signIn(page, ACCOUNTS.admin, '/marketplace/settings?tab=vouchers');
  const list = new ListKit(page, 'voucher-table');
  await expect(list.table).toBeVisible();
  await list.search('voucher-search', tag.toLowerCase());
  await expect(list.total()).toHaveText('3 vouchers');
  await list.choose('voucher-filter-enabled', 'Só ativos');
  await expect(list.total()).toHaveText('2 vouchers');
  await list.sortBy('Código');
  await list.sortBy('Código');
  await expect(page).toHaveURL(/sort=code&order=desc/);
  await expect(page).toHaveURL(/enabled=1/);
  const wanted = [codes[2], codes[0]];
  await list.expectColumn(1, wanted);

  await page.reload();
  await expect(list.sortedHeader('descending')).toContainText('Código');
  await list.expectColumn(1, wanted);
  await expect(list.total()).toHaveText('2 vouchers');
});

test('message outbox: filter and sort live in the URL, a reload shows the same rows, the export has them', async ({
  page,
}) => {
  const admin = await adminToken(page.request);
  // Three parcels of this run stored at a delivery location: each recipient gets its pickup-code SMS.
  const tag = String(Date.now() % 100_000).padStart(5, '0');
  const phones = [1, 2, 3].map((i) => `91${tag}${i}0`);
  // Extra-small doors, which no other spec uses (the orders and kiosk-QR specs take small ones); the
  // parcels are handed over at the end, whatever the outcome, so their lockers are free again.
  const orderIds: number[] = [];
  try {
    // The demo's delivery wall by name: other specs add delivery places of their own (one M door).
    const places = await callApi(page.request, admin, API.locations.list, {
      query: { type: 'DELIVERY', max_results: 50 },
    });
    const placeId = places.body.Data.places.find((p) => p.name === 'Entregas Saldanha')!.id;
    for (const [i, phone] of phones.entries()) {
      const packageId = `OB${tag}-${i}`;
      const made = await callApi(page.request, admin, API.orders.create, {
        body: { packageId, recipientPhone: phone, deliveryType: 1 },
      });
      expect(made.ok, text(made)).toBe(true);
      orderIds.push(made.body.Data.id);
      const assigned = await callApi(page.request, admin, API.orders.assignLocker, {
        query: { locationId: placeId, size: 'XS', packageId },
      });
      expect(assigned.ok, text(assigned)).toBe(true);
      const stored = await callApi(page.request, admin, API.orders.storePackage, { query: { packageId } });
      expect(stored.ok, text(stored)).toBe(true);
    }
    // The simulator closes each door by itself; the pickup code goes out once it is closed.
    await expect(async () => {
      const res = await callApi(page.request, admin, API.notifications.messages, {
        query: { recipient: tag, max_results: 10 },
      });
      expect(res.body.Data.total).toBe(3);
    }).toPass({ timeout: 30_000 });

    await signIn(page, ACCOUNTS.admin, '/admins/tools');
    const list = new ListKit(page, 'messages-outbox');
    await list.search('outbox-search', tag);
    await list.choose('outbox-filter-event', 'Código de levantamento');
    await expect(list.total()).toHaveText('3 mensagens');
    // Newest first by default; a click on "Criada" turns it to oldest first.
    await list.sortBy('Criada');
    await expect(page).toHaveURL(/sort=createdAt&order=asc/);
    await expect(page).toHaveURL(/event=pickupCode/);
    const recipients = async () =>
      (await list.column(3)).map((cell) => /\+?\d+/.exec(cell.replace(/\s/g, ''))?.[0] ?? cell);
    await expect.poll(recipients).toHaveLength(3);
    const shown = await recipients();
    expect(shown.every((r) => r.includes(tag))).toBe(true);

    await page.reload();
    await expect(list.sortedHeader('ascending')).toContainText('Criada');
    await expect.poll(recipients).toEqual(shown);
    await expect(list.total()).toHaveText('3 mensagens');

    const csv = await list.exportCsv('outbox-export');
    expect(csv[0]!.slice(0, 5)).toEqual(['Criada', 'Assunto', 'Encomenda', 'Canal', 'Destinatário']);
    // A number starting with + is written as text ('+351...), the same number as on screen.
    expect(csv.slice(1).map((row) => row[4]!.replace(/^'/, ''))).toEqual(shown);
  } finally {
    for (const orderId of orderIds)
      await callApi(page.request, admin, API.orders.deliverByStaff, { body: { orderId } });
  }
});
