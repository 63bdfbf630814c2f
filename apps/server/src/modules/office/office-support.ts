import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MSG_TYPE } from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso, sql } from '../../db/helpers.js';

const PEPPER_KEY = 'office.pinPepper';

/**
 * Locker-user PINs are stored as an HMAC keyed by a random pepper kept in settings, not beside the
 * users: the kiosk must find a user by PIN (so the digest is deterministic), and a copy of the
 * users table alone does not give the PINs away.
 */
export async function pinDigest(db: DbOrTx, pin: string): Promise<string> {
  let row = await db.selectFrom('settings').select('value').where('key', '=', PEPPER_KEY).executeTakeFirst();
  if (!row) {
    await db
      .insertInto('settings')
      .values({ key: PEPPER_KEY, value: randomBytes(32).toString('base64url'), updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    row = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', PEPPER_KEY)
      .executeTakeFirstOrThrow();
  }
  return createHmac('sha256', row.value).update(pin).digest('hex');
}

/** Tells every open user screen to refetch; never fails the command that changed the data. */
export function refreshUsers(app: FastifyInstance, userIds: number[]): void {
  app.realtime.publish({ MsgType: MSG_TYPE.REFRESH_USERS, Data: { userIds } }).catch((err: unknown) => {
    app.log.warn({ err }, 'RefreshUsers publish failed');
  });
}

/** Transaction statuses that still hold money or wait for it (contract `transactionStatus`). */
const PENDING_STATUSES = ['pending', 'processing', 'captive'];

/**
 * The marketplace area owns transactions; they name the renter by phone. A locker user has pending
 * transactions when an open one carries their phone number (or their id, should a
 * `locker_user_id` column appear). With no transactions table, there are none.
 */
export async function hasPendingTransactions(
  db: DbOrTx,
  user: { id: number; phone_number: string | null },
): Promise<boolean> {
  const tables = await (db as Db).introspection.getTables();
  const t = tables.find((x) => x.name === 'transactions');
  if (!t) return false;
  const byId = t.columns.some((c) => c.name === 'locker_user_id');
  const byPhone = t.columns.some((c) => c.name === 'phone') && !!user.phone_number;
  if (!byId && !byPhone) return false;
  const who = [
    ...(byId ? [sql`locker_user_id = ${user.id}`] : []),
    ...(byPhone ? [sql`phone = ${user.phone_number}`] : []),
  ];
  const r = await sql<{ n: number | string }>`select count(*) as n from transactions
    where status in (${sql.join(PENDING_STATUSES)}) and (${sql.join(who, sql` or `)})`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}
