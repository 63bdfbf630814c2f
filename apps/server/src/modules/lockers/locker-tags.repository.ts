import type { DbOrTx } from '../../db/schema.js';

/**
 * The tags each locker's reader reports now (migration 0166, issue #32), kept from tag events and
 * the controllers' snapshots: the availability rule reads them (a locker whose reader still sees a
 * tag is never free).
 */
export const lockerTagsRepository = {
  async seen(db: DbOrTx, lockerId: number, tagId: string, present: boolean, at: string): Promise<void> {
    if (!present) {
      await db
        .deleteFrom('locker_tags')
        .where('locker_id', '=', lockerId)
        .where('tag_id', '=', tagId)
        .execute();
      return;
    }
    await db
      .insertInto('locker_tags')
      .values({ locker_id: lockerId, tag_id: tagId, seen_at: at })
      .onConflict((oc) => oc.columns(['locker_id', 'tag_id']).doUpdateSet({ seen_at: at }))
      .execute();
  },

  /** A controller's whole picture: its place's lockers hold exactly these tags. */
  async snapshot(
    db: DbOrTx,
    placeId: number,
    tags: ReadonlyArray<{ doorNumber: number; tagId: string }>,
    at: string,
  ): Promise<void> {
    const lockers = await db
      .selectFrom('lockers')
      .select(['id', 'door_number'])
      .where('place_id', '=', placeId)
      .execute();
    const byDoor = new Map(lockers.map((l) => [l.door_number, l.id]));
    const ids = lockers.map((l) => l.id);
    if (ids.length === 0) return;
    await db.deleteFrom('locker_tags').where('locker_id', 'in', ids).execute();
    const rows = tags
      .filter((t) => byDoor.has(t.doorNumber))
      .map((t) => ({ locker_id: byDoor.get(t.doorNumber)!, tag_id: t.tagId, seen_at: at }));
    const unique = [...new Map(rows.map((r) => [`${r.locker_id}:${r.tag_id}`, r])).values()];
    for (let i = 0; i < unique.length; i += 200)
      await db
        .insertInto('locker_tags')
        .values(unique.slice(i, i + 200))
        .execute();
  },
};
