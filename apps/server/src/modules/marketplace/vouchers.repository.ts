import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { VouchersTable } from '../../db/tables/marketplace.js';
import { containsPattern, dialectOf, likeEscaped, toNumber } from '../../db/helpers.js';
import { sortTerms, type SortKey } from '../../db/keyset.js';
import type { VouchersFilter } from '@cacifo/contract';

export type VoucherRow = Selectable<VouchersTable>;
/** Transactions that consume a voucher use: failed, expired and canceled ones give it back. */
const USE_STATUSES = ['pending', 'paid', 'processing', 'transferred', 'captive', 'refunded', 'returned'];

const VOUCHER_SORT: Record<VouchersFilter['sort'], SortKey> = {
  createdAt: { ref: 'created_at' },
  code: { ref: 'code' },
  title: { ref: 'title' },
  startDate: { ref: 'start_date' },
  endDate: { ref: 'end_date' },
};

export const vouchersRepository = {
  /** The vouchers list (issue #22): filtered and sorted on the server; `today` is Lisbon's date. */
  async list(db: DbOrTx, f: Partial<VouchersFilter> = {}, today?: string): Promise<VoucherRow[]> {
    let q = db.selectFrom('vouchers').selectAll();
    if (f.search) {
      const like = containsPattern(f.search.toLowerCase());
      q = q.where((eb) => eb.or([likeEscaped(sql`lower(code)`, like), likeEscaped(sql`lower(title)`, like)]));
    }
    if (f.enabled) q = q.where('enabled', '=', Number(f.enabled));
    if (f.validity && today) {
      if (f.validity === 'current') q = q.where('start_date', '<=', today).where('end_date', '>=', today);
      else if (f.validity === 'upcoming') q = q.where('start_date', '>', today);
      else q = q.where('end_date', '<', today);
    }
    const [first, then] = sortTerms(VOUCHER_SORT[f.sort ?? 'createdAt'], 'id', f.order ?? 'desc');
    return q.orderBy(first).orderBy(then).execute();
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
