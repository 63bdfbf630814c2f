import type { Db, DbOrTx } from '../../db/schema.js';
import type { LockerInfo, LockerScope } from './locker-info.js';

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

  /** The tags each of some lockers' readers sees, for the locker views (in tag order). */
  tagsIn(db: DbOrTx, scope: LockerScope) {
    let q = db.selectFrom('locker_tags as t').select(['t.locker_id as lockerId', 't.tag_id as tagId']);
    q =
      'placeId' in scope
        ? q.innerJoin('lockers as l', 'l.id', 't.locker_id').where('l.place_id', '=', scope.placeId)
        : q.where('t.locker_id', 'in', scope.lockerIds.length ? [...scope.lockerIds] : [-1]);
    return q.orderBy('t.tag_id').execute();
  },

  /**
   * A controller's whole picture: its place's lockers hold exactly these tags. True when that changed
   * what was held (a controller reports its picture at every start, mostly the same).
   */
  async snapshot(
    db: DbOrTx,
    placeId: number,
    tags: ReadonlyArray<{ doorNumber: number; tagId: string }>,
    at: string,
  ): Promise<boolean> {
    const lockers = await db
      .selectFrom('lockers')
      .select(['id', 'door_number'])
      .where('place_id', '=', placeId)
      .execute();
    const byDoor = new Map(lockers.map((l) => [l.door_number, l.id]));
    const ids = lockers.map((l) => l.id);
    if (ids.length === 0) return false;
    const before = await db
      .selectFrom('locker_tags')
      .select(['locker_id', 'tag_id'])
      .where('locker_id', 'in', ids)
      .execute();
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
    const had = new Set(before.map((r) => `${r.locker_id}:${r.tag_id}`));
    return had.size !== unique.length || unique.some((r) => !had.has(`${r.locker_id}:${r.tag_id}`));
  },
};

/** The lockerInfo provider of the doors: the tags a locker's reader sees (a holder, docs/adr/0070). */
export async function tagLockerInfo(db: Db, scope: LockerScope): Promise<Map<number, LockerInfo>> {
  const out = new Map<number, LockerInfo>();
  for (const r of await lockerTagsRepository.tagsIn(db, scope)) {
    const info = out.get(r.lockerId) ?? { tagsSeen: [] };
    info.tagsSeen!.push(r.tagId);
    out.set(r.lockerId, info);
  }
  return out;
}
