import type { DbOrTx } from '../../db/schema.js';
import { largestSize } from './asset-size.js';

/** Asset categories: Kysely queries only. */
export const assetCategoriesRepository = {
  listCategories(db: DbOrTx) {
    return db
      .selectFrom('asset_categories as c')
      .leftJoin('asset_category_links as l', 'l.category_id', 'c.id')
      .select((eb) => [
        'c.id',
        'c.name',
        'c.icon',
        'c.size',
        'c.updated_at',
        eb.fn.count<string | number>('l.asset_id').as('asset_count'),
      ])
      .groupBy(['c.id', 'c.name', 'c.icon', 'c.size', 'c.updated_at'])
      .orderBy('c.name')
      .execute();
  },
  categoryById(db: DbOrTx, id: number) {
    return db.selectFrom('asset_categories').selectAll().where('id', '=', id).executeTakeFirst();
  },
  categoryByName(db: DbOrTx, name: string) {
    return db
      .selectFrom('asset_categories')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  },
  async existingCategoryIds(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('asset_categories').select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },
  async insertCategory(db: DbOrTx, row: { name: string; icon: string; size: string; now: string }) {
    const { id } = await db
      .insertInto('asset_categories')
      .values({ name: row.name, icon: row.icon, size: row.size, created_at: row.now, updated_at: row.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  /**
   * Deletes a category; each asset in it first keeps, as its own size, the size it had (the largest
   * of its categories' and its own), so no asset loses its size with the label.
   */
  async deleteCategory(db: DbOrTx, id: number) {
    const rows = await db
      .selectFrom('asset_category_links as mine')
      .innerJoin('assets as a', 'a.id', 'mine.asset_id')
      .innerJoin('asset_category_links as l', 'l.asset_id', 'a.id')
      .innerJoin('asset_categories as c', 'c.id', 'l.category_id')
      .select(['a.id', 'a.size as own', 'c.size'])
      .where('mine.category_id', '=', id)
      .execute();
    const sizes = new Map<number, (string | null)[]>();
    for (const r of rows) sizes.set(r.id, [...(sizes.get(r.id) ?? [r.own]), r.size]);
    const byKept = new Map<string, number[]>();
    for (const [assetId, list] of sizes) {
      const kept = largestSize(list);
      if (kept !== null) byKept.set(kept, [...(byKept.get(kept) ?? []), assetId]);
    }
    for (const [size, assetIds] of byKept) {
      await db.updateTable('assets').set({ size }).where('id', 'in', assetIds).execute();
    }
    await db.deleteFrom('asset_category_links').where('category_id', '=', id).execute();
    await db.deleteFrom('asset_categories').where('id', '=', id).execute();
  },
};
