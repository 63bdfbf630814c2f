import type { DbOrTx } from '../../db/schema.js';

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
  async deleteCategory(db: DbOrTx, id: number) {
    await db.deleteFrom('asset_category_links').where('category_id', '=', id).execute();
    await db.deleteFrom('asset_categories').where('id', '=', id).execute();
  },
};
