import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Updateable } from 'kysely';
import {
  DELIVERY_TYPE,
  MSG_TYPE,
  nextOrderState,
  ORDER_ACTIONS,
  ORDER_RECIPIENT_NAME,
  ORDER_STATE,
  PICKUP_PIN_DIGITS,
  WAITING_PICKUP_STATES,
  type OrderAction,
  type OrderState,
} from '@cacifo/contract';
import type { Db, DbOrTx, Tx } from '../../db/schema.js';
import type { OrderLogsTable, OrdersTable } from '../../db/tables/orders.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../plugins/auth.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { DoorService } from '../lockers/doors.service.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';
import { renderToolText } from '../tools/tools.service.js';

export type Actor = Pick<Account, 'id' | 'name' | 'username' | 'company'> | null;
export type LogAction = OrderAction | 'create';

export interface OrdersDeps {
  db: Db;
  doors: Pick<DoorService, 'open'>;
  realtime: Pick<Realtime, 'publish'>;
  log: FastifyBaseLogger;
}

const actorName = (a: Actor) => (a ? a.name || a.username : 'system');

/** The store role is scoped to its company; every other role sees every order. */
export function companyScope(account: Account): string | null | undefined {
  return account.role === 'store' ? (account.company ?? '') : undefined;
}

/** Loads an order the caller may see; another company's order reads as not existing. */
export async function loadOrder(db: DbOrTx, account: Account | null, id: number): Promise<OrderRow> {
  const row = await ordersRepository.findById(db, id);
  if (!row || (account && !visibleTo(account, row))) throw new AppError('orderNotExist');
  return row;
}
export function visibleTo(account: Account, row: { company: string | null }): boolean {
  const scope = companyScope(account);
  return scope === undefined || row.company === scope;
}

export function refuse(action: OrderAction, state: number): never {
  throw new AppError('stateNotAllowed', { action, state, allowedFrom: ORDER_ACTIONS[action].from });
}
export function targetOf(action: OrderAction, state: number): OrderState {
  return nextOrderState(action, state as OrderState) ?? refuse(action, state);
}

/** What a new order needs, whether typed, scanned or imported. */
export interface NewOrderInput {
  packageId: string;
  recipientPhone: string;
  recipientNumber?: string | undefined;
  recipientEmail?: string | undefined;
  recipientName?: string | undefined;
  deliveryType?: number | undefined;
}

/** The row of a new order: created (state 1), in the company of the store account that made it. */
export function newOrderRow(input: NewOrderInput, account: Account, now: string): Insertable<OrdersTable> {
  return {
    package_id: input.packageId,
    delivery_type: input.deliveryType ?? DELIVERY_TYPE.PACKAGE,
    recipient_name: input.recipientName || ORDER_RECIPIENT_NAME,
    recipient_email: input.recipientEmail ?? '',
    recipient_phone: input.recipientPhone,
    recipient_number: input.recipientNumber ?? '',
    state: ORDER_STATE.CREATED,
    company: account.company && account.role !== 'admin' ? account.company : null,
    created_by: account.id,
    created_by_name: account.name || account.username,
    created_at: now,
    updated_at: now,
  };
}

/** The log row of one order action; `writeLog` writes it, the import writes many at once. */
export function orderLogRow(
  order: Pick<OrderRow, 'id' | 'package_id' | 'company' | 'locker_id'>,
  action: LogAction,
  from: number | null,
  to: number,
  actor: Actor,
  description: string | null = null,
): Insertable<OrderLogsTable> {
  return {
    order_id: order.id,
    package_id: order.package_id,
    // The action id of a log row is the state the action led to (SPEC: "Resend SMS", "Archived"...).
    action_id: to,
    action,
    from_state: from,
    state: to,
    admin_id: actor?.id ?? null,
    admin_name: actorName(actor),
    company: order.company,
    locker_id: order.locker_id,
    description,
    created_at: nowIso(),
  };
}

export async function writeLog(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'package_id' | 'company' | 'locker_id'>,
  action: LogAction,
  from: number | null,
  to: number,
  actor: Actor,
  description: string | null = null,
) {
  await ordersRepository.insertLog(tx, orderLogRow(order, action, from, to, actor, description));
}

/**
 * Applies `action` to `order` inside `tx`: the state machine says where it goes, a compare-and-set
 * on the version makes a concurrent change lose with `conflict`, and the log row is written with it.
 */
export async function transition(
  tx: Tx,
  order: OrderRow,
  action: OrderAction,
  actor: Actor,
  patch: Updateable<OrdersTable> = {},
  description: string | null = null,
): Promise<OrderState> {
  const to = targetOf(action, order.state);
  const now = nowIso();
  const done = await ordersRepository.updateIf(
    tx,
    order.id,
    order.version,
    { ...patch, state: to, updated_at: now },
    [order.state],
  );
  if (!done) throw new AppError('conflict');
  await writeLog(
    tx,
    { ...order, locker_id: patch.locker_id !== undefined ? patch.locker_id : order.locker_id },
    action,
    order.state,
    to,
    actor,
    description,
  );
  return to;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
export const pinHash = (placeId: number, pin: string) => hash(`pin:${placeId}:${pin}`);
export const qrHash = (qr: string) => hash(`qr:${qr}`);

/**
 * A new pickup code for a stored package: a PIN unique among the packages waiting at the same place
 * (the kiosk finds the order by it) and a QR payload. Only their hashes are kept.
 */
export async function newPickupCode(tx: DbOrTx, order: OrderRow, placeId: number) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = String(randomInt(0, 10 ** PICKUP_PIN_DIGITS)).padStart(PICKUP_PIN_DIGITS, '0');
    const taken = await ordersRepository.findWaitingByCode(
      tx,
      placeId,
      'pickup_pin_hash',
      pinHash(placeId, pin),
      [...WAITING_PICKUP_STATES],
    );
    if (taken && taken.id !== order.id) continue;
    const qr = `CACIFO-${order.id}-${randomBytes(12).toString('base64url')}`;
    return { pin, qr, patch: { pickup_pin_hash: pinHash(placeId, pin), pickup_qr_hash: qrHash(qr) } };
  }
  throw new AppError('conflict');
}

/** Queues the pickup SMS in the notifier outbox, in the caller's transaction (it is never lost). */
export async function queuePickupSms(
  tx: DbOrTx,
  order: OrderRow,
  code: { pin: string; qr: string },
  kind: string,
) {
  // The text is the operator's template from /admins/tools (Portuguese: recipients are in Portugal).
  const body = await renderToolText(tx, 'sms.pickup', 'pt', {
    name: order.recipient_name,
    packageId: order.package_id,
    door: order.door_number ?? '',
    place: order.place_name ?? '',
    pin: code.pin,
    qr: code.qr,
  });
  await ordersRepository.insertSms(tx, {
    phone: order.recipient_phone,
    body,
    kind,
    orderId: order.id,
    now: nowIso(),
  });
}

/** Tells every screen the locker changed (tiles, counts). Failures are logged, never thrown. */
export async function publishLocker(deps: OrdersDeps, lockerId: number | null) {
  if (lockerId === null) return;
  try {
    const l = await ordersRepository.locker(deps.db, lockerId);
    if (!l) return;
    await deps.realtime.publish({
      MsgType: MSG_TYPE.LOCKER_UPDATE,
      Data: {
        placeId: l.place_id,
        lockerId: l.id,
        doorNumber: l.door_number,
        status: l.status,
        doorStatus: l.door_status,
        enabled: l.enabled,
      },
    });
    await deps.realtime.publish({ MsgType: MSG_TYPE.UPDATE_CAPACITY, Data: { placeId: l.place_id } });
  } catch (err) {
    deps.log.warn({ err, lockerId }, 'orders: realtime publish failed');
  }
}

/**
 * A staff or kiosk action that opens the door. The order moves to the action's state before the
 * command is sent (so the door-closed event that follows always finds it there); when the door
 * does not open, the order is put back exactly as it was and the caller is told `doorOpenFailed`.
 */
export async function openDoorAction(
  deps: OrdersDeps,
  order: OrderRow,
  action: OrderAction,
  actor: Actor,
  opts: {
    patch?: Updateable<OrdersTable>;
    afterOpen?: (tx: Tx) => Promise<void>;
    userId?: number;
  } = {},
): Promise<OrderState> {
  const to = targetOf(action, order.state);
  if (order.locker_id === null) refuse(action, order.state);
  const now = nowIso();
  const moved = await ordersRepository.updateIf(
    deps.db,
    order.id,
    order.version,
    { ...opts.patch, state: to, updated_at: now },
    [order.state],
  );
  if (!moved) throw new AppError('conflict');
  const putBack = async () => {
    const revert: Updateable<OrdersTable> = { state: order.state, updated_at: order.updated_at };
    for (const k of Object.keys(opts.patch ?? {}) as Array<keyof OrdersTable>) {
      (revert as Record<string, unknown>)[k] = order[k as keyof OrderRow];
    }
    await ordersRepository.updateIf(deps.db, order.id, order.version + 1, revert, [to]);
  };
  let result: Awaited<ReturnType<OrdersDeps['doors']['open']>>;
  try {
    result = await deps.doors.open(order.locker_id, {
      actor: actor ? { id: actor.id } : null,
      reason: `order.${action}`,
      ...(opts.userId ? { userId: opts.userId } : {}),
    });
  } catch (err) {
    // The device layer failed outright (locker gone, driver error): same as a door that did not open.
    await putBack();
    throw err instanceof AppError ? err : new AppError('deviceUnavailable', { action, state: order.state });
  }
  if (!result.ok) {
    await putBack();
    throw new AppError('doorOpenFailed', { ...result, action, state: order.state });
  }
  await deps.db.transaction().execute(async (tx) => {
    await writeLog(tx, order, action, order.state, to, actor, result.outcome);
    await opts.afterOpen?.(tx);
  });
  await publishLocker(deps, order.locker_id);
  return to;
}
