import type { DbOrTx } from '../../db/schema.js';

/** User groups given access to assets (issue #27): Kysely queries only. */
export const assetGroupsRepository = {
  groupsOf(db: DbOrTx, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_groups as ag')
      .innerJoin('user_groups as g', 'g.id', 'ag.group_id')
      .select(['ag.asset_id', 'g.id', 'g.name'])
      .where('ag.asset_id', 'in', assetIds)
      .orderBy('g.name')
      .orderBy('g.id')
      .execute();
  },
  async groupExists(db: DbOrTx, groupId: number): Promise<boolean> {
    const row = await db.selectFrom('user_groups').select('id').where('id', '=', groupId).executeTakeFirst();
    return row !== undefined;
  },
  async add(db: DbOrTx, assetId: number, groupId: number, now: string) {
    await db
      .insertInto('asset_groups')
      .values({ asset_id: assetId, group_id: groupId, created_at: now })
      .onConflict((oc) => oc.columns(['asset_id', 'group_id']).doNothing())
      .execute();
  },
  async remove(db: DbOrTx, assetId: number, groupId: number): Promise<boolean> {
    const r = await db
      .deleteFrom('asset_groups')
      .where('asset_id', '=', assetId)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};
