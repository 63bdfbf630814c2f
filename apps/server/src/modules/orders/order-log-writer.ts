import type { Insertable } from 'kysely';
import type { OrderAction } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import type { OrderLogsTable } from '../../db/tables/orders.js';
import { nowIso } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { orderLogsRepository } from './order-logs.repository.js';
import type { OrderRow } from './orders.repository.js';

/** Who did it: a staff or kiosk account, or null for the system (a door closing, a sweep). */
export type Actor = Pick<Account, 'id' | 'name' | 'username' | 'company'> | null;
export type LogAction = OrderAction | 'create';
type LoggedOrder = Pick<OrderRow, 'id' | 'package_id' | 'company' | 'locker_id'>;

const actorName = (a: Actor) => (a ? a.name || a.username : 'system');

/** The log row of one order action; `writeLog` writes it, the import writes many at once. */
export function orderLogRow(
  order: LoggedOrder,
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
  order: LoggedOrder,
  action: LogAction,
  from: number | null,
  to: number,
  actor: Actor,
  description: string | null = null,
) {
  await orderLogsRepository.insert(tx, orderLogRow(order, action, from, to, actor, description));
}
