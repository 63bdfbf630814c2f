import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { netFromGross, type PricePacksFilter } from '@cacifo/contract';
import { containsPattern, likeEscaped } from '../../db/helpers.js';
import { sortTerms, type SortKey } from '../../db/keyset.js';
import type { DbOrTx } from '../../db/schema.js';
import type { PricePacksTable } from '../../db/tables/marketplace.js';

export type PricePackRow = Selectable<PricePacksTable>;

const PRICE_SORT: Record<PricePacksFilter['sort'], SortKey> = {
  hours: { ref: 'hours' },
  name: { ref: 'name' },
  priceCents: { ref: 'price_cents' },
  createdAt: { ref: 'created_at' },
};

export const pricesRepository = {
  /** Packs of one type (or all), filtered and sorted on the server (issue #22); type first. */
  async list(db: DbOrTx, f: Partial<PricePacksFilter> = {}): Promise<PricePackRow[]> {
    let q = db.selectFrom('price_packs').selectAll();
    if (f.type) q = q.where('type', '=', f.type);
    if (f.search) q = q.where(likeEscaped(sql`lower(name)`, containsPattern(f.search.toLowerCase())));
    if (f.enabled) q = q.where('enabled', '=', Number(f.enabled));
    const [first, then] = sortTerms(PRICE_SORT[f.sort ?? 'hours'], 'id', f.order ?? 'asc');
    return q.orderBy('type').orderBy(first).orderBy(then).execute();
  },
  async byId(db: DbOrTx, id: number): Promise<PricePackRow | undefined> {
    return db.selectFrom('price_packs').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async existingIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('price_packs')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  },
  /** Highest enabled price with VAT, optionally ignoring one pack (the one being changed). */
  async highestActivePrice(db: DbOrTx, exceptId?: number): Promise<number> {
    let q = db
      .selectFrom('price_packs')
      .select((eb) => eb.fn.max('price_cents').as('max'))
      .where('enabled', '=', 1);
    if (exceptId) q = q.where('id', '!=', exceptId);
    const row = await q.executeTakeFirst();
    return Number(row?.max ?? 0);
  },
  async insert(db: DbOrTx, row: Insertable<PricePacksTable>): Promise<number> {
    const r = await db.insertInto('price_packs').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  async update(db: DbOrTx, id: number, patch: Updateable<PricePacksTable>) {
    await db.updateTable('price_packs').set(patch).where('id', '=', id).execute();
  },
  async delete(db: DbOrTx, id: number) {
    await db.deleteFrom('price_packs').where('id', '=', id).execute();
  },
  async repriceNet(db: DbOrTx, ivaPercent: number, now: string) {
    const rows = await db.selectFrom('price_packs').select(['id', 'price_cents']).execute();
    for (const r of rows) {
      await db
        .updateTable('price_packs')
        .set({ price_net_cents: netFromGross(r.price_cents, ivaPercent), updated_at: now })
        .where('id', '=', r.id)
        .execute();
    }
  },
};
