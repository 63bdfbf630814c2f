import { can, LOCKER_STATUS, type AccountRole, type DeviceJournalEntry } from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { lockerAvailabilityRepository } from '../lockers/locker-availability.repository.js';
import { deliveryLockersRepository } from '../orders/delivery-lockers.repository.js';
import type { Actor } from '../orders/order-events.js';
import { orderLogsRepository } from '../orders/order-logs.repository.js';
import { transition } from '../orders/order-transitions.js';
import type { OrdersDeps } from '../orders/orders-deps.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { WALL_ACTOR, type WallResult } from '../orders/wall-journal.js';
import { WALL_TO_DEPOSIT, wallSubjectsRepository as subjects } from './wall-credentials.repository.js';
import { wallOfflineRepository as repo } from './wall-offline.repository.js';

type DepositEntry = Extract<DeviceJournalEntry, { type: 'deposit' }>;

/** Who deposited: the staff courier as themselves, a carrier's courier named by its key. */
async function depositor(
  deps: OrdersDeps,
  credentialId: string,
): Promise<{ actor: Actor; revoked: Record<string, unknown> | null }> {
  const [kind, id] = credentialId.split(':');
  if (kind === 'courier') {
    const staff = await subjects.staff(deps.db, Number(id));
    if (!staff) return { actor: WALL_ACTOR, revoked: { reason: 'credentialRevoked', courier: 'gone' } };
    const allowed = staff.enabled === 1 && can(staff.role as AccountRole, 'orders.deposit');
    const actor = { id: staff.id, name: staff.name, username: staff.username, company: staff.company };
    return { actor, revoked: allowed ? null : { reason: 'credentialRevoked', courier: staff.username } };
  }
  const key = await subjects.carrier(deps.db, Number(id));
  const actor: Actor = {
    id: null,
    username: 'wall',
    company: null,
    name: `${key?.name ?? 'carrier'} (estafeta)`,
  };
  const revoked =
    !key || key.revoked_at ? { reason: 'credentialRevoked', revokedAt: key?.revoked_at ?? null } : null;
  return { actor, revoked };
}

/**
 * A parcel a courier put in alone (issue #32): the order takes the locker of the door the wall
 * chose (unless it is the one reserved for it) and the deposit's open state at the wall's time; the
 * door closing, from the same journal, stores it and sends the recipient's code as any deposit. A
 * parcel the server holds otherwise (cancelled, deposited elsewhere meanwhile), or a door another
 * order holds, changes nothing and is a conflict with both sides. A depositor revoked meanwhile
 * still deposited (the parcel is in the door): applied, and a conflict says so.
 */
export async function applyWallDeposit(
  deps: OrdersDeps,
  placeId: number,
  e: DepositEntry,
): Promise<WallResult> {
  const orderId = Number(e.parcelId.split(':')[1]);
  const order = await ordersRepository.findById(deps.db, orderId);
  if (!order) return { result: 'conflict', detail: { reason: 'orderGone', orderId } };
  if (e.outcome === 'jammed') return { result: 'ignored', detail: { reason: 'jammed' } };
  const last = async () => (await orderLogsRepository.ofOrder(deps.db, order.id)).at(-1);
  const serverSide = async (reason: string) => {
    const l = await last();
    return {
      reason,
      orderId: order.id,
      packageId: order.package_id,
      state: order.state,
      lastChange: l ? { action: l.action, by: l.admin_name, at: l.created_at, state: l.state } : null,
    };
  };
  if (!WALL_TO_DEPOSIT.includes(order.state as (typeof WALL_TO_DEPOSIT)[number]))
    return { result: 'conflict', detail: await serverSide('notToDeposit') };
  const locker = await repo.lockerAtDoor(deps.db, placeId, e.door);
  if (!locker) return { result: 'conflict', detail: { reason: 'unknownDoor', door: e.door } };
  const { actor, revoked } = await depositor(deps, e.credentialId);
  const at = new Date(e.at).toISOString();
  try {
    await deps.db.transaction().execute(async (tx) => {
      let current = order;
      if (order.locker_id !== locker.id) {
        if (
          !(await lockerAvailabilityRepository.claim(tx, locker.id, nowIso(), LOCKER_STATUS.RESERVED, {
            doorOpenedByWall: true,
          }))
        )
          throw new AppError('lockerNotAvailable');
        await transition(
          tx,
          deps.events,
          current,
          'assignLocker',
          actor,
          { locker_id: locker.id },
          {
            description: `wall · ${e.door}`,
            at,
          },
        );
        if (order.locker_id !== null)
          await deliveryLockersRepository.setStatus(tx, order.locker_id, LOCKER_STATUS.AVAILABLE, nowIso());
        current = (await ordersRepository.findById(tx, order.id))!;
      }
      await transition(
        tx,
        deps.events,
        current,
        'openForDeposit',
        actor,
        {},
        {
          description: `wall:${e.outcome}`,
          at,
        },
      );
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { result: 'conflict', detail: { ...(await serverSide(err.code)), door: e.door } };
  }
  await deps.lockerUpdates.changed([order.locker_id, locker.id], { capacity: true });
  return revoked
    ? { result: 'conflict', applied: true, detail: { ...revoked, orderId } }
    : { result: 'applied' };
}
