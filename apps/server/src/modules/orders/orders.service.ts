import {
  ADMIN_LOG_ACTION,
  LOCKER_HOLDING_STATES,
  DELIVERED_STATES,
  LOCKER_STATUS,
  lockerSize,
  ORDER_RECIPIENT_NAME,
  ORDER_STATE,
  ROLE,
  type Order,
  type OrderLogsReply,
  type OrderState,
  type assignLockerQuerySchema,
  type orderInputSchema,
  type orderLogsQuerySchema,
  type orderUpdateSchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import { isUniqueViolation, nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { nextDay } from '../../lib/date-range.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { assertPlaceInService } from '../lockers/locker-claims.js';
import { deliveryLockersRepository } from './delivery-lockers.repository.js';
import { openDoorAction } from './door-actions.js';
import { newOrderRow } from './new-order.js';
import { companyScope, loadOrder, packageIdTaken, reaches, visibleTo } from './order-access.js';
import { recordChange } from './order-log-writer.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { orderMessages, toOrder, toOrderLog } from './order-mapper.js';
import { refuse, targetOf, transition } from './order-transitions.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository } from './orders.repository.js';

type OrderInput = z.output<typeof orderInputSchema>;
/** States in which the package is physically in (or being put in, or taken from) a locker. */
const IN_LOCKER_STATES: readonly number[] = [3, 4, 5, 6, 8, 10, 12, 15, 16, 17];

export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}
  private get db() {
    return this.deps.db;
  }

  /**
   * GET /api/delivery/order as the caller may read it (issue #20). A courier finds an order by its
   * package id (the scan) while it waits for deposit (or for return), and reads the orders it
   * deposited; never by numeric id, and any other order reads as not existing.
   */
  async read(
    account: Account,
    q: { packageId?: string | undefined; id?: number | undefined },
  ): Promise<Order> {
    if (account.role !== ROLE.COURIER) return this.get(account, q);
    if (q.packageId === undefined) throw new AppError('forbidden');
    const row = await ordersRepository.findByPackageId(this.db, q.packageId);
    if (!row || !(await reaches(this.db, account, row, 'package'))) throw new AppError('orderNotExist');
    return this.get(account, { packageId: q.packageId });
  }

  /**
   * SPEC §7 `order?packageId`: a delivered order answers `orderDelivered` with the order as Data
   * (the navbar opens its history page; the second scanner version still opens the dialog).
   */
  async get(
    account: Account,
    q: { packageId?: string | undefined; id?: number | undefined },
  ): Promise<Order> {
    let found = await ordersRepository.findWithLogs(
      this.db,
      q.id !== undefined ? { id: q.id } : { packageId: q.packageId! },
    );
    // A package id typed in another case finds its order when no other order shares it.
    if (!found && q.id === undefined) {
      const ids = await ordersRepository.idsByPackageIdAnyCase(this.db, q.packageId!);
      if (ids.length === 1) found = await ordersRepository.findWithLogs(this.db, { id: ids[0]! });
    }
    if (!found || !visibleTo(account, found.order)) throw new AppError('orderNotExist');
    const order = toOrder(found.order, found.logs, await orderMessages(this.db, found.order.id));
    if (q.id === undefined && DELIVERED_STATES.includes(order.state))
      throw new AppError('orderDelivered', order);
    return order;
  }

  async create(account: Account, input: OrderInput): Promise<Order> {
    const now = nowIso();
    const row = newOrderRow(input, account, now);
    const id = await this.db.transaction().execute(async (tx) => {
      const newId = await ordersRepository.insertIfNew(tx, row);
      // The unique package id decides a double submit: the second one is told, nothing is written.
      if (newId === null) throw packageIdTaken(account, input.packageId);
      await recordChange(tx, this.deps.events, {
        orderId: newId,
        before: null,
        action: 'create',
        from: null,
        to: ORDER_STATE.CREATED,
        actor: account,
      });
      return newId;
    });
    return this.get(account, { id });
  }

  async update(account: Account, input: z.output<typeof orderUpdateSchema>): Promise<Order> {
    const order = await loadOrder(this.db, account, input.id);
    // The editor's version against the row read; the transition's compare-and-set on `version`
    // then makes the check and the write one atomic step.
    if (order.updated_at !== input.updatedAt) throw new AppError('staleVersion');
    targetOf('update', order.state);
    const renamed = input.packageId !== order.package_id;
    if (renamed) {
      // Taken in any case by another order (migration 0150); its own id in other letters is fine.
      const others = await ordersRepository.idsByPackageIdAnyCase(this.db, input.packageId);
      if (others.some((id) => id !== order.id)) throw packageIdTaken(account, input.packageId);
    }
    await this.db
      .transaction()
      .execute((tx) =>
        transition(tx, this.deps.events, order, 'update', account, {
          package_id: input.packageId,
          recipient_name: input.recipientName || ORDER_RECIPIENT_NAME,
          recipient_email: input.recipientEmail ?? '',
          recipient_phone: input.recipientPhone,
          recipient_number: input.recipientNumber ?? '',
          ...(input.recipientLanguage !== undefined ? { recipient_language: input.recipientLanguage } : {}),
          delivery_type: input.deliveryType ?? order.delivery_type,
          // A new id ends a case clash that migration 0150 left outside the unique index.
          ...(renamed ? { package_clash: 0 } : {}),
        }),
      )
      .catch((err: unknown) => {
        // Another request took the package id between the check above and this write.
        if (isUniqueViolation(err)) throw packageIdTaken(account, input.packageId);
        // Someone changed the order between the read above and this write.
        if (err instanceof AppError && err.code === 'conflict') throw new AppError('staleVersion');
        throw err;
      });
    return this.get(account, { id: order.id });
  }

  /** Deletes an order whose package is not in a locker; a reserved locker is freed with it. */
  async remove(account: Account, packageId: string): Promise<{ packageId: string }> {
    const row = await ordersRepository.findByPackageId(this.db, packageId);
    if (!row || !visibleTo(account, row)) throw new AppError('orderNotExist');
    if (IN_LOCKER_STATES.includes(row.state)) throw new AppError('stateNotAllowed', { state: row.state });
    await this.db.transaction().execute(async (tx) => {
      if (!(await ordersRepository.delete(tx, row.id, row.version))) throw new AppError('conflict');
      // Its log rows go with it (cascade); the listeners still hear of it.
      await this.deps.events.emit(tx, [
        {
          action: 'delete',
          orderId: row.id,
          before: row,
          after: null,
          actor: account,
          description: null,
          at: nowIso(),
        },
      ]);
      // The order's own history is deleted with it: the admin log keeps that it existed.
      await writeAdminLog(tx, {
        actor: account,
        action: ADMIN_LOG_ACTION.ORDER_DELETED,
        details: { orderId: row.id, packageId: row.package_id, state: row.state, company: row.company },
      });
      if (row.locker_id !== null && LOCKER_HOLDING_STATES.includes(row.state as OrderState)) {
        await deliveryLockersRepository.setStatus(tx, row.locker_id, LOCKER_STATUS.AVAILABLE, nowIso());
      }
    });
    await this.deps.lockerUpdates.changed([row.locker_id], { capacity: true });
    return { packageId };
  }

  /**
   * Reserves a free locker of `size` at the place for the order. Each candidate is claimed with a
   * conditional UPDATE (status 0 -> 1); a claim lost to a concurrent courier moves on to the next
   * candidate, so two couriers never get the same locker on SQLite or PostgreSQL.
   */
  async assignLocker(account: Account, q: z.output<typeof assignLockerQuerySchema>): Promise<Order> {
    const size = q.size?.toUpperCase();
    if (!size || !lockerSize.has(size)) throw new AppError('selectSize');
    const found = await ordersRepository.findByPackageId(this.db, q.packageId);
    if (!found || !(await reaches(this.db, account, found, 'package'))) throw new AppError('orderNotExist');
    targetOf('assignLocker', found.state);
    const place = await deliveryLockersRepository.place(this.db, q.locationId);
    if (place?.type !== 'DELIVERY') throw new AppError('notFound', { locationId: q.locationId });
    await assertPlaceInService(this.db, place.id);
    const previous = found.locker_id;
    await this.db.transaction().execute(async (tx) => {
      const order = await loadOrder(tx, account, found.id, 'package');
      const now = nowIso();
      let claimed: number | null = null;
      for (let round = 0; round < 5 && claimed === null; round++) {
        const candidates = await deliveryLockersRepository.freeLockerIds(tx, place.id, size, 10);
        if (candidates.length === 0) break;
        for (const id of candidates) {
          if (await deliveryLockersRepository.claim(tx, id, now)) {
            claimed = id;
            break;
          }
        }
      }
      if (claimed === null) throw new AppError('No locker avaliable', { locationId: place.id, size });
      const door = (await deliveryLockersRepository.locker(tx, claimed))?.door_number ?? claimed;
      await transition(
        tx,
        this.deps.events,
        order,
        'assignLocker',
        account,
        { locker_id: claimed },
        { description: `${place.name} · ${door}` },
      );
      if (order.locker_id !== null) {
        await deliveryLockersRepository.setStatus(tx, order.locker_id, LOCKER_STATUS.AVAILABLE, now);
      }
    });
    const order = await this.get(account, { id: found.id });
    await this.deps.lockerUpdates.changed([order.assignedLocker?.id, previous], { capacity: true });
    return order;
  }

  /** SPEC §7 storePackage: opens the assigned locker for the courier; closing it stores the package. */
  async storePackage(account: Account, packageId: string): Promise<Order> {
    const row = await ordersRepository.findByPackageId(this.db, packageId);
    if (!row || !(await reaches(this.db, account, row, 'package'))) throw new AppError('orderNotExist');
    if (row.locker_id === null) refuse('openForDeposit', row.state);
    // A deposit starts a use of the locker: none while its location is in maintenance or emergency.
    if (row.place_id !== null) await assertPlaceInService(this.db, row.place_id);
    await openDoorAction(this.deps, row, 'openForDeposit', account);
    return this.get(account, { id: row.id });
  }

  async logs(account: Account, q: z.output<typeof orderLogsQuerySchema>): Promise<OrderLogsReply> {
    const { rows, total, lowerBound } = await orderLogsRepository.list(
      this.db,
      {
        ...(q.orderId ? { orderId: q.orderId } : {}),
        ...(q.packageId ? { packageId: q.packageId } : {}),
        ...(q.actionId !== undefined ? { actionId: q.actionId } : {}),
        ...(q.actor ? { actor: q.actor } : {}),
        ...(q.createdAtInterval
          ? { from: q.createdAtInterval.from, to: nextDay(q.createdAtInterval.to) }
          : {}),
        company: companyScope(account),
        order: q.order,
      },
      q.max_results,
      q.offset,
    );
    return {
      logs: rows.map(toOrderLog),
      totalLogs: total,
      ...(lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }
}
