import type { DbOrTx } from '../../db/schema.js';

const OPENED = 0;
const ALERTS = [1, 3, 11];

/** Door-event queries behind location analytics; all bounded by place and time window (indexed). */
export const analyticsRepository = {
  async countOpenings(db: DbOrTx, placeId: number, since: string) {
    const r = await db
      .selectFrom('door_events')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('user_id').distinct().as('users'),
      ])
      .where('place_id', '=', placeId)
      .where('created_at', '>=', since)
      .where('door_status', '=', OPENED)
      .executeTakeFirstOrThrow();
    return { openings: Number(r.n), users: Number(r.users) };
  },

  async alertsByStatus(db: DbOrTx, placeId: number, since: string) {
    const rows = await db
      .selectFrom('door_events')
      .select((eb) => ['door_status', eb.fn.countAll<number>().as('n')])
      .where('place_id', '=', placeId)
      .where('created_at', '>=', since)
      .where('door_status', 'in', ALERTS)
      .groupBy('door_status')
      .execute();
    return new Map(rows.map((r) => [r.door_status, Number(r.n)]));
  },

  async openingTimes(db: DbOrTx, placeId: number, since: string) {
    const rows = await db
      .selectFrom('door_events')
      .select('created_at')
      .where('place_id', '=', placeId)
      .where('created_at', '>=', since)
      .where('door_status', '=', OPENED)
      .execute();
    return rows.map((r) => r.created_at);
  },

  async topUsers(db: DbOrTx, placeId: number, since: string, limit: number) {
    const rows = await db
      .selectFrom('door_events')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
      .where('place_id', '=', placeId)
      .where('created_at', '>=', since)
      .where('door_status', '=', OPENED)
      .where('user_id', 'is not', null)
      .groupBy('user_id')
      .orderBy('n', 'desc')
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ userId: r.user_id!, openings: Number(r.n) }));
  },

  async failedCommands(db: DbOrTx, placeId: number, since: string) {
    const r = await db
      .selectFrom('door_commands')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('place_id', '=', placeId)
      .where('requested_at', '>=', since)
      .where('outcome', 'not in', ['opened', 'alreadyOpen'])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
};
