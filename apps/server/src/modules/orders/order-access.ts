import { can, DELIVERY_TYPE, ORDER_STATE, orderStage, type OrderState, type Role } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';

/** The store role is scoped to its company; every other role sees every order. */
export function companyScope(account: Account): string | null | undefined {
  return account.role === 'store' ? (account.company ?? '') : undefined;
}

export function visibleTo(account: Account, row: { company: string | null }): boolean {
  const scope = companyScope(account);
  return scope === undefined || row.company === scope;
}

/**
 * How the caller names the order: `id` its numeric id (a list, a link, a label or slip), `package`
 * the package id read off the parcel in its hands (a scan), `return` an expired parcel or a
 * dropped-off return of the return list it is taking back.
 */
export type OrderReach = 'id' | 'package' | 'return';

/**
 * May the caller act on this order? A store, its company's. A caller who does not view orders (a
 * courier, issues #20 and #31) reaches the parcels it handled (created, claimed a locker for,
 * deposited or took back: orderLogsRepository.handledBy); besides those, by its package id one
 * waiting for deposit or return (the parcel in hand), and from the return list an expired one. So a
 * numeric id alone never gives a courier another courier's parcel, its label or slip.
 */
export async function reaches(
  db: DbOrTx,
  account: Account,
  row: { id: number; company: string | null; state: number; delivery_type?: number | null },
  by: OrderReach = 'id',
): Promise<boolean> {
  if (!visibleTo(account, row)) return false;
  if (can(account.role, 'orders.view')) return true;
  const stage = orderStage(row.state as OrderState);
  if (by === 'package' && (stage === 'toDeposit' || stage === 'toReturn')) return true;
  if (by === 'return' && (stage === 'toReturn' || isDroppedOffReturn(row))) return true;
  return orderLogsRepository.handledBy(db, row.id, account.id);
}

/** A customer's return dropped off at a wall, waiting for its collection (docs/adr/0180). */
export function isDroppedOffReturn(row: { state: number; delivery_type?: number | null }): boolean {
  return row.delivery_type === DELIVERY_TYPE.RETURN_BOX && row.state === ORDER_STATE.STORED_IN_LOCKER;
}

/** Loads an order the caller may act on; anything else reads as not existing. */
export async function loadOrder(
  db: DbOrTx,
  account: Account | null,
  id: number,
  by: OrderReach = 'id',
): Promise<OrderRow> {
  const row = await ordersRepository.findById(db, id);
  if (!row || (account && !(await reaches(db, account, row, by)))) throw new AppError('orderNotExist');
  return row;
}

/** The order as the caller sees it after its own action (a courier's order has moved on by then). */
export async function loadVisible(db: DbOrTx, account: Account | null, id: number): Promise<OrderRow> {
  const row = await ordersRepository.findById(db, id);
  if (!row || (account && !visibleTo(account, row))) throw new AppError('orderNotExist');
  return row;
}

/**
 * A package id already used (ids are unique across companies). Only a caller who reads every order
 * (an admin, an unscoped partner key) is told an order exists; anyone else gets the same neutral
 * refusal whoever owns it, with nothing about the order (ADR 0020, issue #20).
 */
export function packageIdTaken(caller: { role?: Role; company: string | null }, packageId: string): AppError {
  const seesAll = caller.role === undefined ? caller.company === null : can(caller.role, 'companies.all');
  return seesAll
    ? new AppError('orderExists', { packageId })
    : new AppError('packageIdUnavailable', { packageId });
}
