import type { DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';

/** The store role is scoped to its company; every other role sees every order. */
export function companyScope(account: Account): string | null | undefined {
  return account.role === 'store' ? (account.company ?? '') : undefined;
}

export function visibleTo(account: Account, row: { company: string | null }): boolean {
  const scope = companyScope(account);
  return scope === undefined || row.company === scope;
}

/** Loads an order the caller may see; another company's order reads as not existing. */
export async function loadOrder(db: DbOrTx, account: Account | null, id: number): Promise<OrderRow> {
  const row = await ordersRepository.findById(db, id);
  if (!row || (account && !visibleTo(account, row))) throw new AppError('orderNotExist');
  return row;
}
