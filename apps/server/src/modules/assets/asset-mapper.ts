import {
  assetWarning,
  type AssetCategoryIcon,
  type DoorStatus,
  type LockerStatus,
  type Asset,
  type AssetLog,
  type AssetLogAction,
  type AssetStatus,
  type TagStatus,
} from '@cacifo/contract';
import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { AssetLogsTable, AssetsTable } from '../../db/tables/assets.js';
import { assetGroupsRepository } from './asset-groups.repository.js';
import { assetsRepository } from './assets.repository.js';
import { largestSize } from './asset-size.js';

function group<T extends { asset_id: number }>(rows: T[]): Map<number, T[]> {
  const m = new Map<number, T[]>();
  for (const r of rows) m.set(r.asset_id, [...(m.get(r.asset_id) ?? []), r]);
  return m;
}

/** Rows of a page of assets to replies, with their relations loaded in a few queries. */
export async function toAssets(db: DbOrTx, rows: Selectable<AssetsTable>[]): Promise<Asset[]> {
  const ids = rows.map((r) => r.id);
  const [categories, lockers, users, userSchedules, schedules, groups] = await Promise.all([
    assetsRepository.categoriesOf(db, ids),
    assetsRepository.lockersOf(db, ids),
    assetsRepository.usersOf(db, ids),
    assetsRepository.userSchedulesOf(db, ids),
    assetsRepository.schedulesOf(db, ids),
    assetGroupsRepository.groupsOf(db, ids),
  ]);
  const gs = group(groups);
  const names = await assetsRepository.userNames(db, [...new Set(users.map((u) => u.user_id))]);
  const [cats, locks, us, uss, ss] = [
    group(categories),
    group(lockers),
    group(users),
    group(userSchedules),
    group(schedules),
  ];
  return rows.map((r) => {
    const assetCategories = (cats.get(r.id) ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      icon: c.icon as AssetCategoryIcon,
      size: c.size,
    }));
    const assetLockers = (locks.get(r.id) ?? []).map((l) => ({
      id: l.id,
      placeId: l.place_id,
      placeName: l.place_name,
      doorNumber: l.door_number,
      size: l.size,
      status: l.status as LockerStatus,
      doorStatus: l.door_status as DoorStatus,
    }));
    // The size kept from deleted categories counts as well: deleting a category strips no size.
    const size = largestSize([...assetCategories.map((c) => c.size), r.size]);
    const status = r.status as AssetStatus;
    const tagStatus = r.tag_status as TagStatus;
    const inLocker = status >= 2 && status <= 5 && assetLockers[0];
    return {
      id: r.id,
      name: r.name,
      tag: r.tag,
      description: r.description,
      status,
      size,
      container: inLocker ? `${assetLockers[0]!.placeName} #${assetLockers[0]!.doorNumber}` : null,
      enabled: r.enabled as 0 | 1,
      isRandomLocker: r.is_random_locker === 1,
      tagStatus,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      statusChangeAt: r.status_change_at,
      tagStatusChangeAt: r.tag_status_change_at,
      lockers: assetLockers,
      categories: assetCategories,
      retrievedBy: (us.get(r.id) ?? []).map((u) => ({
        id: u.user_id,
        name: names.get(u.user_id) ?? null,
        scheduleIds: (uss.get(r.id) ?? []).filter((s) => s.user_id === u.user_id).map((s) => s.schedule_id),
      })),
      groups: (gs.get(r.id) ?? []).map((g) => ({ id: g.id, name: g.name })),
      schedules: (ss.get(r.id) ?? []).map((s) => s.schedule_id),
      warning: assetWarning(status, tagStatus),
    };
  });
}

export function toLog(r: Selectable<AssetLogsTable>, places: ReadonlyMap<number, string>): AssetLog {
  return {
    id: r.id,
    assetId: r.asset_id,
    assetName: r.asset_name,
    actionId: r.action_id as AssetLogAction,
    createdAt: r.created_at,
    description: r.description,
    userId: r.user_id,
    username: r.username,
    adminId: r.admin_id,
    adminName: r.admin_name,
    lockerId: r.locker_id,
    doorNumber: r.door_number,
    placeName: r.locker_id === null ? null : (places.get(r.locker_id) ?? null),
    drawerMetraId: r.drawer_metra_id,
  };
}
