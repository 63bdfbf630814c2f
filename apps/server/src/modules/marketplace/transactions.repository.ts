import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { RentalsTable, TransactionLogsTable, TransactionsTable } from '../../db/tables/marketplace.js';
import { toNumber } from '../../db/helpers.js';

export type TransactionRow = Selectable<TransactionsTable>;
export type RentalRow = Selectable<RentalsTable>;

export interface TransactionFilter {
  status?: string | undefined;
  method?: string | undefined;
  placeId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

/** Statuses whose money is the operator's: revenue counts charged cents of these. */
const REVENUE_STATUSES = ['paid', 'captive', 'transferred'];

export const transactionsRepository = {
  async insert(db: DbOrTx, row: Insertable<TransactionsTable>): Promise<number> {
    const r = await db.insertInto('transactions').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  async update(db: DbOrTx, id: number, patch: Updateable<TransactionsTable>) {
    await db.updateTable('transactions').set(patch).where('id', '=', id).execute();
  },
  /** Conditional update: false when another call moved the transaction first. */
  async transition(
    db: DbOrTx,
    id: number,
    fromStatus: string,
    patch: Updateable<TransactionsTable>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('transactions')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', fromStatus)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /**
   * Payments of running rentals (extension, overtime) still waiting for approval past their rental's
   * `pending_until`, the deadline set when they started (docs/adr/0222).
   */
  async waitingPastDeadline(db: DbOrTx, now: string): Promise<TransactionRow[]> {
    return db
      .selectFrom('transactions as t')
      .innerJoin('rentals as r', 'r.id', 't.rental_id')
      .selectAll('t')
      .where('t.kind', 'in', ['extension', 'overtime'])
      .where('t.status', '=', 'pending')
      .where('r.status', '=', 'active')
      .where('r.pending_until', '<', now)
      .execute();
  },
  async byId(db: DbOrTx, id: number) {
    return db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Takes a provider event id once: false when it was taken before (a replay). */
  async takeEvent(db: DbOrTx, eventId: string, at: string): Promise<boolean> {
    const r = await db
      .insertInto('payment_webhook_events')
      .values({ event_id: eventId, received_at: at })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },
  async pruneEvents(db: DbOrTx, before: string) {
    await db.deleteFrom('payment_webhook_events').where('received_at', '<', before).execute();
  },
  async byProviderId(db: DbOrTx, providerId: string) {
    return db
      .selectFrom('transactions')
      .selectAll()
      .where('provider_transaction_id', '=', providerId)
      .executeTakeFirst();
  },
  async ofRentals(db: DbOrTx, rentalIds: number[]): Promise<TransactionRow[]> {
    if (rentalIds.length === 0) return [];
    return db
      .selectFrom('transactions')
      .selectAll()
      .where('rental_id', 'in', rentalIds)
      .orderBy('id')
      .execute();
  },
  async delete(db: DbOrTx, id: number) {
    await db.deleteFrom('transactions').where('id', '=', id).execute();
  },
  async revenueSince(db: DbOrTx, since?: string): Promise<number> {
    let q = db
      .selectFrom('transactions')
      .select((eb) => eb.fn.sum<number>('charged_cents').as('s'))
      .where('status', 'in', REVENUE_STATUSES);
    if (since) q = q.where('paid_at', '>=', since);
    return toNumber((await q.executeTakeFirst())?.s);
  },
  async paidSince(db: DbOrTx, since: string) {
    return db
      .selectFrom('transactions')
      .select(['paid_at', 'charged_cents'])
      .where('status', 'in', REVENUE_STATUSES)
      .where('paid_at', '>=', since)
      .execute();
  },
  async countByStatus(db: DbOrTx): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('transactions')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    return new Map(rows.map((r) => [r.status, toNumber(r.n as number)]));
  },

  async insertLog(db: DbOrTx, row: Insertable<TransactionLogsTable>) {
    await db.insertInto('transaction_logs').values(row).execute();
  },
  async logs(db: DbOrTx, transactionId: number) {
    return db
      .selectFrom('transaction_logs')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .orderBy('id')
      .execute();
  },
};

export const rentalsRepository = {
  async insert(db: DbOrTx, row: Insertable<RentalsTable>): Promise<number> {
    const r = await db.insertInto('rentals').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  async byId(db: DbOrTx, id: number) {
    return db.selectFrom('rentals').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Conditional update: answers false when another call moved the rental first. */
  async transition(
    db: DbOrTx,
    id: number,
    fromStatus: string,
    patch: Updateable<RentalsTable>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('rentals')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', fromStatus)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async update(db: DbOrTx, id: number, patch: Updateable<RentalsTable>) {
    await db.updateTable('rentals').set(patch).where('id', '=', id).execute();
  },
  async open(db: DbOrTx, placeId?: number): Promise<RentalRow[]> {
    let q = db.selectFrom('rentals').selectAll().where('status', 'in', ['pending', 'active']);
    if (placeId) q = q.where('place_id', '=', placeId);
    return q.orderBy('created_at').orderBy('id').execute();
  },
  /** Rentals holding a locker at a place whose PIN or QR hash is this one. */
  async holdingByCode(
    db: DbOrTx,
    placeId: number,
    column: 'pin_hash' | 'qr_hash',
    hash: string,
  ): Promise<RentalRow[]> {
    return db
      .selectFrom('rentals')
      .selectAll()
      .where('place_id', '=', placeId)
      .where(column, '=', hash)
      .where('status', 'in', ['pending', 'active'])
      .execute();
  },
  async pendingExpired(db: DbOrTx, now: string): Promise<RentalRow[]> {
    return db
      .selectFrom('rentals')
      .selectAll()
      .where('status', '=', 'pending')
      .where('pending_until', '<', now)
      .execute();
  },
  async activePastEnd(db: DbOrTx, now: string): Promise<RentalRow[]> {
    return db
      .selectFrom('rentals')
      .selectAll()
      .where('status', '=', 'active')
      .where('ends_at', '<', now)
      .execute();
  },
};

/** Lockers and places as the marketplace sees them. */
export const marketplaceLockersRepository = {
  async bindScreen(db: DbOrTx, adminId: number, placeId: number, now: string) {
    await db
      .insertInto('kiosk_screens')
      .values({ admin_id: adminId, place_id: placeId, created_at: now })
      .onConflict((oc) => oc.column('admin_id').doUpdateSet({ place_id: placeId, created_at: now }))
      .execute();
  },
  async place(db: DbOrTx, id: number) {
    return db.selectFrom('places').select(['id', 'name', 'type']).where('id', '=', id).executeTakeFirst();
  },
  async account(db: DbOrTx, id: number) {
    return db
      .selectFrom('admins')
      .select(['id', 'role', 'name', 'username'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  async marketplacePlaces(db: DbOrTx) {
    return db
      .selectFrom('places')
      .select(['id', 'name'])
      .where('type', '=', 'MARKETPLACE')
      .orderBy('name')
      .execute();
  },
  async lockersOfPlaces(db: DbOrTx, placeIds: number[]) {
    if (placeIds.length === 0) return [];
    return db
      .selectFrom('lockers')
      .select(['id', 'place_id', 'door_number', 'size', 'status', 'door_status', 'enabled'])
      .where('place_id', 'in', placeIds)
      .orderBy('door_number')
      .execute();
  },
  /** Moves a locker between statuses only if it is still in `from`; false when someone else won. */
  async setStatus(db: DbOrTx, lockerId: number, from: number[], to: number, now: string): Promise<boolean> {
    const r = await db
      .updateTable('lockers')
      .set({ status: to, updated_at: now })
      .where('id', '=', lockerId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async marketplaceLogs(db: DbOrTx, limit: number, offset: number) {
    const q = db.selectFrom('admin_logs').where('action', '>=', 30).where('action', '<=', 92);
    const [rows, count] = await Promise.all([
      q
        .select(['id', 'admin_name', 'action', 'details', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: toNumber(count?.n as number) };
  },
};
