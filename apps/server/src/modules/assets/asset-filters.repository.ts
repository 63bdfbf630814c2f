import type { Kysely } from 'kysely';
import { ASSET_STATUS, TAG_STATUS } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

/**
 * The office area's tables read here (locker users, schedules), typed locally with only the columns
 * used, so this module does not depend on that area's row types.
 */
export interface OfficeLookup {
  locker_users: { id: number; name: string };
  schedules: { id: number };
}
export const office = (db: DbOrTx) => db as unknown as Kysely<OfficeLookup>;

export interface AssetListFilter {
  search?: string | undefined;
  status?: number[] | undefined;
  categoryId?: number | undefined;
  enabled?: number | undefined;
  warning?: number | undefined;
  /** Held in a locker of this location. */
  placeId?: number | undefined;
  /** Retrievable by this user group's members. */
  groupId?: number | undefined;
}

export interface AssetLogFilter {
  assetId?: number | undefined;
  actionId?: number[] | undefined;
  userId?: number | undefined;
  adminId?: number | undefined;
  lockerId?: number | undefined;
  /** Any part of the user's or admin's name, any case. */
  actor?: string | undefined;
  search?: string | undefined;
  from?: string | undefined;
  /** Exclusive upper bound (ISO). */
  to?: string | undefined;
}

/** Lower-cased on both sides so both databases agree; the user's own wildcards are dropped. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, '')}%`;
}

export function assetFilters(db: DbOrTx, f: AssetListFilter) {
  let q = db.selectFrom('assets');
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([eb(eb.fn('lower', ['assets.name']), 'like', p), eb(eb.fn('lower', ['assets.tag']), 'like', p)]),
    );
  }
  if (f.status?.length) q = q.where('assets.status', 'in', f.status);
  if (f.enabled !== undefined) q = q.where('assets.enabled', '=', f.enabled);
  if (f.categoryId !== undefined) {
    const categoryId = f.categoryId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('asset_category_links as l')
          .select('l.asset_id')
          .whereRef('l.asset_id', '=', 'assets.id')
          .where('l.category_id', '=', categoryId),
      ),
    );
  }
  if (f.placeId !== undefined) {
    const placeId = f.placeId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('asset_lockers as al')
          .innerJoin('lockers as lk', 'lk.id', 'al.locker_id')
          .select('al.asset_id')
          .whereRef('al.asset_id', '=', 'assets.id')
          .where('lk.place_id', '=', placeId),
      ),
    );
  }
  if (f.groupId !== undefined) {
    const groupId = f.groupId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('asset_groups as ag')
          .select('ag.asset_id')
          .whereRef('ag.asset_id', '=', 'assets.id')
          .where('ag.group_id', '=', groupId),
      ),
    );
  }
  if (f.warning !== undefined) {
    q = q.where((eb) => {
      const warn = eb.or([
        eb.and([
          eb('assets.status', '=', ASSET_STATUS.STORED),
          eb('assets.tag_status', '=', TAG_STATUS.UNDETECTED),
        ]),
        eb.and([
          eb('assets.status', '=', ASSET_STATUS.RETRIEVED),
          eb('assets.tag_status', '=', TAG_STATUS.DETECTED),
        ]),
      ]);
      return f.warning ? warn : eb.not(warn);
    });
  }
  return q;
}

export function logFilters(db: DbOrTx, f: AssetLogFilter) {
  let q = db.selectFrom('asset_logs');
  if (f.assetId !== undefined) q = q.where('asset_id', '=', f.assetId);
  if (f.actionId?.length) q = q.where('action_id', 'in', f.actionId);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.adminId !== undefined) q = q.where('admin_id', '=', f.adminId);
  if (f.lockerId !== undefined) q = q.where('locker_id', '=', f.lockerId);
  if (f.search) q = q.where((eb) => eb(eb.fn('lower', ['asset_name']), 'like', likePattern(f.search!)));
  if (f.actor) {
    const p = likePattern(f.actor);
    q = q.where((eb) =>
      eb.or([eb(eb.fn('lower', ['username']), 'like', p), eb(eb.fn('lower', ['admin_name']), 'like', p)]),
    );
  }
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', f.to);
  return q;
}
