import type { FastifyInstance } from 'fastify';
import { API, type AccountRole, type ApiScope, type Order } from '@cacifo/contract';
import { callApi, signIn } from '../helpers/test-app.js';
import { bindScreen, createPlace } from '../helpers/fixtures.js';
import { closeDoor, createOrder, newPackageId, waitForState } from '../helpers/order-fixtures.js';
import { insertRental, insertWebhookOf } from './ownership-rows.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from '../helpers/partner-fixtures.js';
import { createAsset } from '../helpers/asset-fixtures.js';
import type { Owned } from './ownership-map.js';

export const CLIENT_A = 'Loja Alfa Matriz';
export const CLIENT_B = 'Loja Beta Matriz';
const SECRET_NAME = 'Filipa Reservada';
const SECRET_PHONE = '917654321';
const HOOK_URL = 'https://alfa-matriz.example.com/hook';

/** One object of client A (or of place A) as a request names it, and what a refusal must leave intact. */
export interface Victim {
  value: string | number;
  /** The fields of a body that attack this object, beyond the sample (an editor's access change). */
  body?: Record<string, unknown>;
}

/** Someone beyond the boundary: what the permission table says it is, and client A's objects it meets. */
export interface Principal {
  name: string;
  token: string;
  role?: AccountRole;
  scopes?: ApiScope[];
  foreign: Partial<Record<Owned, Victim[]>>;
  /** Its own objects, for the other path parameters (its own webhook beside another's delivery). */
  own: Partial<Record<Owned, string | number>>;
}

export interface World {
  principals: Principal[];
  /** Texts of client A that must never show in an answer to anyone beyond it (unless they sent them). */
  secrets: string[];
  /** Everything of client A and of place A, read from the database: the same before and after each call. */
  fingerprint: () => Promise<string>;
  /** The current version of a versioned object, for a body that must carry it. */
  versionOf: (kind: Owned, id: string | number) => Promise<string | undefined>;
}

/**
 * Client A: its store admin, a parcel (secret recipient) a courier deposited at its granted wall, a
 * key with a webhook and a delivery; an operator's security account and a kiosk screen at A's wall;
 * a rental at marketplace A, an asset, a locker at office A. Client B and everyone else stand outside.
 */
export async function buildWorld(app: FastifyInstance): Promise<World> {
  const admin = await signIn(app, 'admin');
  const place = async (name: string, type: 'OFFICE' | 'DELIVERY' | 'MARKETPLACE') =>
    (await createPlace(app, { name, type, doors: 3, sizes: ['S'] })).placeId;
  const [wallA, wallB, officeA, officeB, marketA, marketB] = [
    await place('Parede Alfa', 'DELIVERY'),
    await place('Parede Beta', 'DELIVERY'),
    await place('Escritório Alfa', 'OFFICE'),
    await place('Escritório Beta', 'OFFICE'),
    await place('Cais Alfa', 'MARKETPLACE'),
    await place('Cais Beta', 'MARKETPLACE'),
  ];
  const storeA = await signIn(app, 'store', { company: CLIENT_A });
  const keyA = await createApiKey(app, admin.token, ALL_SCOPES, { name: 'Chave Alfa', companyId: CLIENT_A });
  await grantPlaces(app, admin.token, CLIENT_A, [wallA]);
  const courierA = await signIn(app, 'courier');
  const order = await createOrder(app, storeA.token, {
    recipientName: SECRET_NAME,
    recipientPhone: SECRET_PHONE,
  });
  const assign = await callApi(app, courierA.token, API.orders.assignLocker, {
    query: { locationId: wallA, size: 'S', packageId: order.packageId },
  });
  if (assign.status !== 200) throw new Error(`assign: ${JSON.stringify(assign.body)}`);
  const opened = await callApi(app, courierA.token, API.orders.storePackage, {
    query: { packageId: order.packageId },
  });
  await app.devices.events.drain();
  closeDoor(app, wallA, (opened.body.Data as Order).assignedLocker!.doorNumber);
  await waitForState(app, admin.token, order.id, 4);

  const { hookA, deliveryA } = await insertWebhookOf(
    app,
    keyA.id,
    order.id,
    HOOK_URL,
    SECRET_NAME,
    SECRET_PHONE,
  );
  // A parcel key A pre-advised to wall A, still waiting for its courier (the case).
  const waiting = await callApi(app, keyA.key, API.partner.createOrder, {
    body: {
      packageId: newPackageId(),
      recipientName: SECRET_NAME,
      recipientPhone: SECRET_PHONE,
      recipientNumber: 'PRT-ALFA',
      locationId: wallA,
    },
  });
  if (waiting.status !== 200) throw new Error(`pre-advice: ${JSON.stringify(waiting.body)}`);
  const waitingA = waiting.body.Data;
  const clientA = await app.db
    .selectFrom('clients')
    .select('id')
    .where('name', '=', CLIENT_A)
    .executeTakeFirstOrThrow();
  // The operator's accounts an editor must not disable, promote or move: security, and A's kiosk.
  const security = await signIn(app, 'security');
  const screenA = await signIn(app, 'screen');
  await bindScreen(app, screenA.id, wallA);
  const rental = await insertRental(app, marketA, SECRET_PHONE);
  const officeLocker = await app.db
    .selectFrom('lockers')
    .select('id')
    .where('place_id', '=', officeA)
    .executeTakeFirstOrThrow();
  const asset = await createAsset(app, admin.token, { name: 'Portátil Alfa' });

  // Client B and the others.
  const storeB = await signIn(app, 'store', { company: CLIENT_B });
  const keys: Principal[] = [];
  for (const scope of ALL_SCOPES) {
    const key = await createApiKey(app, admin.token, [scope], { name: `Beta ${scope}`, companyId: CLIENT_B });
    keys.push({ name: `key B ${scope}`, token: key.key, scopes: [scope], foreign: {}, own: {} });
  }
  await grantPlaces(app, admin.token, CLIENT_B, [wallB]);
  const hooker = keys.find((k) => k.scopes!.includes('webhooks:manage'))!;
  const hookB = await callApi(app, hooker.token, API.partner.createWebhook, {
    body: { url: 'https://beta-matriz.example.com/hook', events: ['locker.alert'] },
  });
  if (hookB.status === 200) hooker.own.webhook = (hookB.body.Data as { id: number }).id;

  const v = (value: string | number, body?: Record<string, unknown>): Victim[] => [
    { value, ...(body ? { body } : {}) },
  ];
  const ofClientA: Principal['foreign'] = {
    order: [{ value: order.id }, { value: waitingA.id }],
    packageId: [{ value: order.packageId }, { value: waitingA.packageId }],
    company: v(CLIENT_A),
    client: v(clientA.id),
    employee: v(storeA.id),
    username: v(storeA.username),
    apiKey: v(keyA.id),
    webhook: v(hookA.id),
    delivery: v(deliveryA.id),
    rental: v(rental.id),
    asset: v(asset.id),
    locker: v(officeLocker.id),
    // The accounts an editor may read but whose access it must not change.
    account: [
      { value: security.id, body: { role: 'admin' } },
      { value: screenA.id, body: { kioskPlaceId: wallB } },
      { value: security.id, body: { enabled: false } },
    ],
  };
  const principals: Principal[] = [
    {
      name: 'store admin of client B',
      token: storeB.token,
      role: 'store',
      foreign: { ...ofClientA, place: v(wallA) },
      own: {},
    },
    ...keys.map((k) => ({ ...k, foreign: { ...ofClientA, place: v(wallA) } })),
    // Couriers deposit at every wall and editors manage every location: a place is not beyond them.
    {
      name: 'courier who did not handle it',
      token: (await signIn(app, 'courier')).token,
      role: 'courier',
      // The package id of a parcel waiting for deposit is any courier's to scan (ADR 0020): not beyond it.
      foreign: { ...ofClientA, packageId: v(order.packageId) },
      own: {},
    },
    {
      name: 'editor',
      token: (await signIn(app, 'editor')).token,
      role: 'editor',
      // An editor reads accounts, assets and lockers of the operator: only access changes are beyond it.
      foreign: { ...ofClientA, company: [], username: [], asset: [], locker: [] },
      own: {},
    },
  ];
  for (const [mine, theirs] of [
    [wallB, wallA],
    [officeB, officeA],
    [marketB, marketA],
  ] as const) {
    const screen = await signIn(app, 'screen');
    await bindScreen(app, screen.id, mine);
    principals.push({
      name: `kiosk of place ${mine}`,
      token: screen.token,
      role: 'screen',
      foreign: { ...ofClientA, place: v(theirs) },
      own: {},
    });
  }

  const orderIds = [order.id, waitingA.id];
  const fingerprint = async () => {
    const rows = await Promise.all([
      app.db.selectFrom('orders').selectAll().where('id', 'in', orderIds).orderBy('id').execute(),
      app.db.selectFrom('order_logs').select('id').where('order_id', 'in', orderIds).execute(),
      app.db.selectFrom('messages').select('id').where('order_id', 'in', orderIds).execute(),
      app.db.selectFrom('orders').select('id').where('company', '=', CLIENT_A).execute(),
      // Client A's accounts whole; the operator's ones by their access (an editor edits contact details).
      app.db.selectFrom('admins').selectAll().where('company', '=', CLIENT_A).orderBy('id').execute(),
      app.db
        .selectFrom('admins')
        .select(['id', 'role', 'enabled', 'company', 'password_hash', 'pin_hash'])
        .where('id', 'in', [security.id, screenA.id])
        .orderBy('id')
        .execute(),
      app.db.selectFrom('kiosk_screens').selectAll().where('admin_id', '=', screenA.id).execute(),
      app.db
        .selectFrom('api_keys')
        .select(['id', 'key_hash', 'scopes', 'revoked_at', 'company'])
        .where('company', '=', CLIENT_A)
        .execute(),
      app.db.selectFrom('webhook_endpoints').selectAll().where('api_key_id', '=', keyA.id).execute(),
      app.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', hookA.id).execute(),
      app.db.selectFrom('clients').selectAll().where('id', '=', clientA.id).execute(),
      app.db.selectFrom('place_grants').select('place_id').where('client_id', '=', clientA.id).execute(),
      app.db.selectFrom('rentals').selectAll().where('id', '=', rental.id).execute(),
      app.db.selectFrom('assets').selectAll().where('id', '=', asset.id).execute(),
      app.db
        .selectFrom('lockers')
        .select(['id', 'enabled', 'status', 'door_status', 'expiration_date_time'])
        .where('place_id', 'in', [wallA, officeA, marketA])
        .orderBy('id')
        .execute(),
    ]);
    return JSON.stringify(rows);
  };
  const versionOf = async (kind: Owned, id: string | number) => {
    const table = { order: 'orders', employee: 'admins', account: 'admins', client: 'clients' } as const;
    const t = table[kind as keyof typeof table];
    if (!t) return undefined;
    const row = await app.db
      .selectFrom(t)
      .select('updated_at')
      .where('id', '=', Number(id))
      .executeTakeFirst();
    return row?.updated_at;
  };
  return {
    principals,
    secrets: [
      SECRET_NAME,
      SECRET_PHONE,
      order.packageId,
      waitingA.packageId,
      storeA.username,
      HOOK_URL,
      keyA.prefix,
      CLIENT_A,
    ],
    fingerprint,
    versionOf,
  };
}
