import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';

export const accessRepository = {
  /** The user's own lockers and their groups' lockers. */
  async lockers(db: DbOrTx, userId: number) {
    const own = await db
      .selectFrom('user_lockers as ul')
      .innerJoin('lockers as l', 'l.id', 'ul.locker_id')
      .select(['l.id', 'l.place_id', 'l.enabled'])
      .where('ul.user_id', '=', userId)
      .execute();
    const shared = await db
      .selectFrom('user_group_members as m')
      .innerJoin('user_group_lockers as gl', 'gl.group_id', 'm.group_id')
      .innerJoin('lockers as l', 'l.id', 'gl.locker_id')
      .select(['l.id', 'l.place_id', 'l.enabled'])
      .where('m.user_id', '=', userId)
      .execute();
    return { own, shared };
  },
  /** Door numbers of these lockers. */
  doors(db: DbOrTx, lockerIds: number[]) {
    if (lockerIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('lockers').select(['id', 'door_number']).where('id', 'in', lockerIds).execute();
  },
  /** The user's own schedules and the schedules of their groups. */
  async schedules(db: DbOrTx, userId: number) {
    const own = db
      .selectFrom('user_schedules as us')
      .innerJoin('schedules as s', 's.id', 'us.schedule_id')
      .selectAll('s')
      .where('us.user_id', '=', userId);
    const viaGroup = db
      .selectFrom('user_group_members as m')
      .innerJoin('schedules as s', 's.user_group_id', 'm.group_id')
      .selectAll('s')
      .where('m.user_id', '=', userId);
    return own.union(viaGroup).execute();
  },
  async record(
    db: DbOrTx,
    row: {
      placeId: number;
      lockerId: number | null;
      doorNumber: number | null;
      user: { id: number; name: string } | null;
      credential: 'card' | 'pin';
      granted: boolean;
      reason: string | null;
      outcome: string | null;
      commandId: string | null;
      adminId: number | null;
      /** When it happened, if not now: a wall's journal (issue #32). */
      at?: string;
    },
  ) {
    await db
      .insertInto('office_access_log')
      .values({
        place_id: row.placeId,
        locker_id: row.lockerId,
        door_number: row.doorNumber,
        user_id: row.user?.id ?? null,
        user_name: row.user?.name ?? null,
        credential: row.credential,
        granted: row.granted ? 1 : 0,
        reason: row.reason,
        outcome: row.outcome,
        command_id: row.commandId,
        admin_id: row.adminId,
        created_at: row.at ?? nowIso(),
      })
      .execute();
  },
};
