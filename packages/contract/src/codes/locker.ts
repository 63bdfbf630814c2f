import { defineCodes, type CodeOf } from './define.js';

/** Locker status (SPEC §4). 1, 3 and 5 all mean reserved; 2 and 6 occupied; 4 holds a delivery. */
export const LOCKER_STATUS = {
  AVAILABLE: 0,
  RESERVED: 1,
  OCCUPIED: 2,
  RESERVED_KIOSK: 3,
  OCCUPIED_DELIVERY: 4,
  RESERVED_RENTAL: 5,
  OCCUPIED_RENTAL: 6,
  PENDING: 7,
  SAFE_TIME: 8,
} as const;
export const lockerStatus = defineCodes('lockerStatus', LOCKER_STATUS);
export type LockerStatus = CodeOf<typeof LOCKER_STATUS>;

/** What a status means to an operator: several codes share one meaning. */
export const LOCKER_STATUS_MEANING = {
  0: 'available',
  1: 'reserved',
  3: 'reserved',
  5: 'reserved',
  2: 'occupied',
  6: 'occupied',
  4: 'occupiedDelivery',
  7: 'pending',
  8: 'safeTime',
} as const satisfies Record<LockerStatus, string>;
export type LockerStatusMeaning = (typeof LOCKER_STATUS_MEANING)[LockerStatus];

/** Locker enabled codes (SPEC §4): 0 door disabled, 1 enabled, 3 cleaning. */
export const LOCKER_ENABLED = { DISABLED: 0, ENABLED: 1, CLEANING: 3 } as const;
export const lockerEnabled = defineCodes('lockerEnabled', LOCKER_ENABLED);
export type LockerEnabled = CodeOf<typeof LOCKER_ENABLED>;

/**
 * Door status (SPEC §4): 0 open, 2 closed, 255 offline; 1, 3 and 11 are alerts. SPEC does not say
 * which alert is which; Cacifo fixes them (docs/adr/0002): 1 opened with no command, 3 jammed
 * (commanded but did not open), 11 left open too long.
 */
export const DOOR_STATUS = {
  OPEN: 0,
  ALERT_UNCOMMANDED: 1,
  CLOSED: 2,
  ALERT_JAMMED: 3,
  ALERT_LEFT_OPEN: 11,
  OFFLINE: 255,
} as const;
export const doorStatus = defineCodes('doorStatus', DOOR_STATUS);
export type DoorStatus = CodeOf<typeof DOOR_STATUS>;
export const ALERT_DOOR_STATUSES: readonly DoorStatus[] = [1, 3, 11];
export function isAlertDoor(status: DoorStatus): boolean {
  return ALERT_DOOR_STATUSES.includes(status);
}

/**
 * What can hold a locker besides its status (issue #27, docs/adr/0070): its office users, the groups
 * sharing it, a parcel, an asset, a rental, and a tag its RFID reader still sees (issue #32: something
 * is inside, whatever the rows say). A locker held by any of them is in use, never available.
 */
export const LOCKER_HOLDER = {
  USERS: 'users',
  GROUPS: 'groups',
  DELIVERY: 'delivery',
  ASSET: 'asset',
  RENTAL: 'rental',
  TAG: 'tag',
} as const;
export const lockerHolder = defineCodes('lockerHolder', LOCKER_HOLDER);
export type LockerHolder = CodeOf<typeof LOCKER_HOLDER>;

/** Delivery types (SPEC §4). */
export const DELIVERY_TYPE = { PACKAGE: 1, RETURN_BOX: 2, USER: 3 } as const;
export const deliveryType = defineCodes('deliveryType', DELIVERY_TYPE);
export type DeliveryType = CodeOf<typeof DELIVERY_TYPE>;

/** Locker sizes; XS exists in analytics and in location configuration. */
export const LOCKER_SIZE = { XS: 'XS', S: 'S', M: 'M', L: 'L' } as const;
export const lockerSize = defineCodes('lockerSize', LOCKER_SIZE);
export type LockerSize = CodeOf<typeof LOCKER_SIZE>;

/** Location modes (SPEC §4). NORMAL is the absence of a special mode. */
export const LOCATION_MODE = {
  NORMAL: 'normal',
  MAINTENANCE: 'maintenance',
  CLEANING: 'cleaning',
  EMERGENCY: 'emergency',
} as const;
export const locationMode = defineCodes('locationMode', LOCATION_MODE);
export type LocationMode = CodeOf<typeof LOCATION_MODE>;

/** Place types: which module a location serves. */
export const PLACE_TYPE = {
  OFFICE: 'OFFICE',
  DELIVERY: 'DELIVERY',
  ASSETS: 'ASSETS',
  MARKETPLACE: 'MARKETPLACE',
} as const;
export const placeType = defineCodes('placeType', PLACE_TYPE);
export type PlaceType = CodeOf<typeof PLACE_TYPE>;
