import type { FastifyInstance } from 'fastify';
import { API, type Order } from '@cacifo/contract';
import { callApi } from './test-app.js';
import { waitFor } from './fixtures.js';

let seq = 0;
export const newPackageId = () => `SGPT${Date.now() % 1_000_000}${String(++seq).padStart(4, '0')}`;
/**
 * A recipient phone of its own: parcels of one recipient at one place share a pickup code, so tests
 * that do not mean to share one use a new number each time.
 */
export const newPhone = () => `9${String((Date.now() + ++seq) % 100_000_000).padStart(8, '0')}`;

export async function createOrder(app: FastifyInstance, token: string, extra: Record<string, unknown> = {}) {
  const res = await callApi(app, token, API.orders.create, {
    body: { packageId: newPackageId(), recipientPhone: newPhone(), recipientNumber: 'PRT123', ...extra },
  });
  if (res.status !== 200) throw new Error(`createOrder: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.Data;
}

export async function orderById(app: FastifyInstance, token: string, id: number) {
  const res = await callApi(app, token, API.orders.order, { query: { id } });
  return res.body.Data;
}

export async function waitForState(app: FastifyInstance, token: string, id: number, state: number) {
  return waitFor(async () => {
    await app.bus.idle();
    const o = await orderById(app, token, id);
    return o.state === state ? o : null;
  });
}

export function closeDoor(app: FastifyInstance, placeId: number, doorNumber: number) {
  app.devices.simulator!.simulator(placeId)!.closeByHand(doorNumber);
}

/** Creates an order, reserves a locker of `size`, opens it, closes it: the package is stored (4). */
export async function depositOrder(
  app: FastifyInstance,
  token: string,
  placeId: number,
  size = 'S',
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const order = await createOrder(app, token, extra);
  return depositExisting(app, token, placeId, order.id, order.packageId, size);
}

/** Reserves a locker of `size` for an existing order, opens it, closes it: stored (4). */
export async function depositExisting(
  app: FastifyInstance,
  token: string,
  placeId: number,
  orderId: number,
  packageId: string,
  size = 'S',
): Promise<Order> {
  const assigned = await callApi(app, token, API.orders.assignLocker, {
    query: { locationId: placeId, size, packageId },
  });
  if (assigned.status !== 200) throw new Error(`assign: ${JSON.stringify(assigned.body)}`);
  const opened = await callApi(app, token, API.orders.storePackage, { query: { packageId } });
  if (opened.status !== 200) throw new Error(`store: ${JSON.stringify(opened.body)}`);
  await app.devices.events.drain();
  closeDoor(app, placeId, assigned.body.Data.assignedLocker!.doorNumber);
  return waitForState(app, token, orderId, 4);
}

/** The last pickup code sent to this order's recipient (the message outbox keeps the code it carried). */
export async function lastPickupCode(app: FastifyInstance, orderId: number) {
  const row = await app.db
    .selectFrom('messages')
    .select('code')
    .where('order_id', '=', orderId)
    .where('code', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const [pin, qr] = row.code!.split(' ');
  return { pin: pin!, qr: qr! };
}
