import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { VouchersTable } from '../../db/tables/marketplace.js';
import { dialectOf, toNumber } from '../../db/helpers.js';

export type VoucherRow = Selectable<VouchersTable>;
/** Transactions that consume a voucher use: failed, expired and canceled ones give it back. */
const USE_STATUSES = ['pending', 'paid', 'processing', 'transferred', 'captive', 'refunded', 'returned'];

export const vouchersRepository = {
  async list(db: DbOrTx): Promise<VoucherRow[]> {
    return db
      .selectFrom('vouchers')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },
  async byId(db: DbOrTx, id: number) {
    return db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async byCode(db: DbOrTx, code: string) {
    return db.selectFrom('vouchers').selectAll().where('code', '=', code).executeTakeFirst();
  },
  /**
   * Inside a rental's transaction on PostgreSQL, locks the voucher row so two kiosks cannot both
   * take its last use; SQLite already runs one writing transaction at a time.
   */
  async lockForUse(db: DbOrTx, id: number) {
    if (dialectOf(db) !== 'postgres' || !db.isTransaction) return;
    await db.selectFrom('vouchers').select('id').where('id', '=', id).forUpdate().execute();
  },
  async insert(db: DbOrTx, row: Insertable<VouchersTable>): Promise<number> {
    const r = await db.insertInto('vouchers').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  async update(db: DbOrTx, id: number, patch: Updateable<VouchersTable>) {
    await db.updateTable('vouchers').set(patch).where('id', '=', id).execute();
  },
  async delete(db: DbOrTx, id: number) {
    await db.deleteFrom('vouchers').where('id', '=', id).execute();
  },
  /** Uses per voucher, all time. */
  async usesByVoucher(db: DbOrTx): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('transactions')
      .select(['voucher_id', (eb) => eb.fn.countAll().as('n')])
      .where('voucher_id', 'is not', null)
      .where('status', 'in', USE_STATUSES)
      .groupBy('voucher_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.voucher_id), toNumber(r.n as number)]));
  },
  /** Uses of one voucher since `since` (ISO), or all time. */
  async uses(db: DbOrTx, voucherId: number, since?: string): Promise<number> {
    let q = db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('voucher_id', '=', voucherId)
      .where('status', 'in', USE_STATUSES);
    if (since) q = q.where('created_at', '>=', since);
    const r = await q.executeTakeFirst();
    return toNumber(r?.n as number);
  },
};
