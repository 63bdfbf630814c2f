import type { DbOrTx } from '../../db/schema.js';

export const bookmarksRepository = {
  async starredRouteIds(db: DbOrTx, adminId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('bookmarks')
      .select('route_id')
      .where('admin_id', '=', adminId)
      .orderBy('created_at')
      .orderBy('route_id')
      .execute();
    return rows.map((r) => r.route_id);
  },
  async star(db: DbOrTx, adminId: number, routeId: string, now: string) {
    await db
      .insertInto('bookmarks')
      .values({ admin_id: adminId, route_id: routeId, created_at: now })
      .onConflict((oc) => oc.columns(['admin_id', 'route_id']).doNothing())
      .execute();
  },
  async unstar(db: DbOrTx, adminId: number, routeId: string) {
    await db
      .deleteFrom('bookmarks')
      .where('admin_id', '=', adminId)
      .where('route_id', '=', routeId)
      .execute();
  },
};
