import { ASSET_LOG_ACTION, ASSET_STATUS } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

/**
 * What the assets kiosk asks (issue #27): the assets stored at a place that a person may retrieve,
 * as one of the asset's users or as a member of a group given the asset (members who joined later
 * included), and the schedules that limit them. Kysely queries only.
 */
export const assetAccessRepository = {
  candidates(db: DbOrTx, userId: number, placeId: number) {
    return (
      db
        .selectFrom('assets as a')
        .innerJoin('asset_lockers as al', 'al.asset_id', 'a.id')
        .innerJoin('lockers as k', 'k.id', 'al.locker_id')
        .select(['a.id', 'a.name', 'a.status', 'k.id as lockerId', 'k.door_number as doorNumber'])
        .where('k.place_id', '=', placeId)
        .where('a.enabled', '=', 1)
        // In its locker (a door opened and closed before it was taken may be opened again).
        .where('a.status', 'in', [ASSET_STATUS.STORED, ASSET_STATUS.OPEN_FOR_RETRIEVAL])
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('asset_users as au')
                .select('au.asset_id')
                .whereRef('au.asset_id', '=', 'a.id')
                .where('au.user_id', '=', userId),
            ),
            eb.exists(
              eb
                .selectFrom('asset_groups as ag')
                .innerJoin('user_group_members as m', 'm.group_id', 'ag.group_id')
                .select('ag.asset_id')
                .whereRef('ag.asset_id', '=', 'a.id')
                .where('m.user_id', '=', userId),
            ),
          ]),
        )
        .orderBy((eb) => eb.fn('lower', ['a.name']))
        .orderBy('a.id')
        .execute()
    );
  },
  /** The person's own schedules for these assets. */
  userSchedules(db: DbOrTx, userId: number, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_user_schedules as aus')
      .innerJoin('schedules as s', 's.id', 'aus.schedule_id')
      .selectAll('s')
      .select('aus.asset_id')
      .where('aus.user_id', '=', userId)
      .where('aus.asset_id', 'in', assetIds)
      .execute();
  },
  /** The schedules of these assets, for everyone who may take them. */
  assetSchedules(db: DbOrTx, assetIds: number[]) {
    if (assetIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('asset_schedules as ash')
      .innerJoin('schedules as s', 's.id', 'ash.schedule_id')
      .selectAll('s')
      .select('ash.asset_id')
      .where('ash.asset_id', 'in', assetIds)
      .execute();
  },
  /**
   * The assets this person has out and may bring back at the office wall (issue #33): retrieved,
   * enabled, and theirs: one of its users, a member of one of its groups, or the one who took it.
   */
  returnable(db: DbOrTx, userId: number) {
    return db
      .selectFrom('assets as a')
      .select(['a.id', 'a.name'])
      .where('a.enabled', '=', 1)
      .where('a.status', '=', ASSET_STATUS.RETRIEVED)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('asset_users as au')
              .select('au.asset_id')
              .whereRef('au.asset_id', '=', 'a.id')
              .where('au.user_id', '=', userId),
          ),
          eb.exists(
            eb
              .selectFrom('asset_groups as ag')
              .innerJoin('user_group_members as m', 'm.group_id', 'ag.group_id')
              .select('ag.asset_id')
              .whereRef('ag.asset_id', '=', 'a.id')
              .where('m.user_id', '=', userId),
          ),
          eb.exists(
            eb
              .selectFrom('asset_logs as lg')
              .select('lg.asset_id')
              .whereRef('lg.asset_id', '=', 'a.id')
              .where('lg.action_id', '=', ASSET_LOG_ACTION.OPENED_FOR_RETRIEVAL_BY_USER)
              .where('lg.user_id', '=', userId),
          ),
        ]),
      )
      .orderBy((eb) => eb.fn('lower', ['a.name']))
      .orderBy('a.id')
      .execute();
  },
};
