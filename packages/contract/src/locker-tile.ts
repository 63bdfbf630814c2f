import {
  DOOR_STATUS,
  LOCKER_ENABLED,
  LOCKER_STATUS,
  type DeliveryType,
  type DoorStatus,
  type LockerEnabled,
  type LockerHolder,
  type LockerStatus,
} from './codes/locker.js';
import type { LockerView } from './schemas/locations.js';

/** What the locker tile rules need to know about a locker (SPEC §2, §3, §4). */
export interface LockerTileInput {
  status: LockerStatus;
  doorStatus: DoorStatus;
  enabled: LockerEnabled;
  lockerUsers: readonly unknown[] | number;
  /** Groups sharing the locker with their members. */
  lockerGroups: readonly unknown[] | number;
  activeDelivery: { deliveryType: DeliveryType; storedAt: string | null } | null;
  asset: object | null;
  rental: object | null;
  /** Tags the door's RFID reader sees now (issue #32): a locker with one is never free. */
  tagsSeen: readonly unknown[] | number;
}

/** The tile rules' view of a locker as the API describes it (grid, drawer, counts, modes). */
export function tileInput(l: LockerView): LockerTileInput {
  return {
    status: l.status,
    doorStatus: l.doorStatus,
    enabled: l.enabled,
    lockerUsers: l.locker_users,
    lockerGroups: l.lockerGroups,
    activeDelivery: l.activeDelivery,
    asset: l.asset,
    rental: l.rental,
    tagsSeen: l.tagsSeen,
  };
}

const countOf = (v: readonly unknown[] | number) => (typeof v === 'number' ? v : v.length);

/**
 * Who holds a locker, besides its status (docs/adr/0070). The server's SQL form of the same rule is
 * `LOCKER_HOLDER_SQL` (apps/server/src/modules/lockers/locker-availability.repository.ts), keyed by
 * the same list, and a test compares the two on every locker of the demo site.
 */
export function lockerHolders(l: LockerTileInput): LockerHolder[] {
  const out: LockerHolder[] = [];
  if (countOf(l.lockerUsers) > 0) out.push('users');
  if (countOf(l.lockerGroups) > 0) out.push('groups');
  if (l.activeDelivery !== null) out.push('delivery');
  if (l.asset !== null) out.push('asset');
  if (l.rental !== null) out.push('rental');
  if (countOf(l.tagsSeen) > 0) out.push('tag');
  return out;
}

/** In use (the "occupied" of every count): a status other than available, or anyone holding it. */
export function isLockerInUse(l: LockerTileInput): boolean {
  return l.status !== LOCKER_STATUS.AVAILABLE || lockerHolders(l).length > 0;
}

/**
 * SPEC §4: a locker counts as available only with no active delivery, no locker users, door status
 * 2, enabled 1 and status 0; Cacifo adds no group, asset or rental holding it (issue #27) and no tag
 * seen by its reader (issue #32).
 */
export function isLockerAvailable(l: LockerTileInput): boolean {
  return !isLockerInUse(l) && l.doorStatus === DOOR_STATUS.CLOSED && l.enabled === LOCKER_ENABLED.ENABLED;
}

export type OwnerView = 'open' | 'reserved' | 'occupied';
/**
 * For a locker owned by the current user or asset: an open door shows open, status 1 reserved,
 * status 2 occupied. Null when none of these applies (the normal tile is shown).
 */
export function ownerView(l: Pick<LockerTileInput, 'status' | 'doorStatus'>): OwnerView | null {
  if (l.doorStatus === DOOR_STATUS.OPEN) return 'open';
  if (l.status === LOCKER_STATUS.RESERVED) return 'reserved';
  if (l.status === LOCKER_STATUS.OCCUPIED) return 'occupied';
  return null;
}

const OPEN_OCCUPIED_STATUSES: readonly LockerStatus[] = [
  LOCKER_STATUS.RESERVED,
  LOCKER_STATUS.OCCUPIED,
  LOCKER_STATUS.OCCUPIED_DELIVERY,
  LOCKER_STATUS.PENDING,
];
/**
 * An open door with status 1, 2, 4 or 7 shows the open-occupied marker; so does an open office
 * locker held by its users or groups, whose assignment keeps status 0 (issue #33).
 */
export function showsOpenOccupied(
  l: Pick<LockerTileInput, 'status' | 'doorStatus' | 'lockerUsers' | 'lockerGroups'>,
): boolean {
  if (l.doorStatus !== DOOR_STATUS.OPEN) return false;
  if (OPEN_OCCUPIED_STATUSES.includes(l.status)) return true;
  return countOf(l.lockerUsers) > 0 || countOf(l.lockerGroups) > 0;
}

export type TimeChipColour = 'green' | 'orange' | 'red';
export interface TimeChip {
  unit: 'days' | 'hours';
  value: number;
  colour: TimeChipColour;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const TIME_CHIP_ORANGE_AFTER_DAYS = 10;
export const TIME_CHIP_RED_AFTER_DAYS = 20;

/**
 * The time chip of a delivery in status 4: days stored, or hours when under a day; green up to 10
 * days, orange above 10, red above 20. Null when the tile shows no chip.
 */
export function timeChip(
  l: Pick<LockerTileInput, 'status' | 'activeDelivery'>,
  now: Date = new Date(),
): TimeChip | null {
  if (l.status !== LOCKER_STATUS.OCCUPIED_DELIVERY || !l.activeDelivery?.storedAt) return null;
  const elapsed = Math.max(0, now.getTime() - new Date(l.activeDelivery.storedAt).getTime());
  const days = elapsed / DAY_MS;
  const colour: TimeChipColour =
    days > TIME_CHIP_RED_AFTER_DAYS ? 'red' : days > TIME_CHIP_ORANGE_AFTER_DAYS ? 'orange' : 'green';
  if (elapsed < DAY_MS) return { unit: 'hours', value: Math.floor(elapsed / HOUR_MS), colour };
  return { unit: 'days', value: Math.floor(days), colour };
}

export type TileColour =
  'available' | 'reserved' | 'occupied' | 'alert' | 'open' | 'disabled' | 'cleaning' | 'offline';
/** The state colour of a tile: hardware conditions first (offline, alert, open), then enabled, then status. */
export function tileColour(l: LockerTileInput): TileColour {
  if (l.doorStatus === DOOR_STATUS.OFFLINE) return 'offline';
  if (l.doorStatus === 1 || l.doorStatus === 3 || l.doorStatus === 11) return 'alert';
  if (l.doorStatus === DOOR_STATUS.OPEN) return 'open';
  if (l.enabled === LOCKER_ENABLED.DISABLED) return 'disabled';
  if (l.enabled === LOCKER_ENABLED.CLEANING) return 'cleaning';
  if (isLockerAvailable(l)) return 'available';
  if (l.status === 1 || l.status === 3 || l.status === 5 || l.status === 7 || l.status === 8)
    return 'reserved';
  return 'occupied';
}
