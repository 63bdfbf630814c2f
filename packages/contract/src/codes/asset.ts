import { defineCodes, type CodeOf } from './define.js';
import { TAG_ID_MAX } from '../limits.js';

/** Asset status 1-7 (SPEC §4). */
export const ASSET_STATUS = {
  CREATED: 1,
  LOCKER_ASSIGNED: 2,
  OPEN_FOR_STORAGE: 3,
  STORED: 4,
  OPEN_FOR_RETRIEVAL: 5,
  RETRIEVED: 6,
  UPDATED: 7,
} as const;
export const assetStatus = defineCodes('assetStatus', ASSET_STATUS);
export type AssetStatus = CodeOf<typeof ASSET_STATUS>;

/** Asset log actions: the status codes 1-7 plus 8-13 (SPEC §4). */
export const ASSET_LOG_ACTION = {
  ...ASSET_STATUS,
  TAG_DETECTED: 8,
  TAG_MISSING: 9,
  OPENED_FOR_RETRIEVAL_BY_ADMIN: 10,
  OPENED_FOR_STORAGE_BY_ADMIN: 11,
  ASSET_ENABLED: 12,
  ASSET_DISABLED: 13,
  /** A locker user took it out at the kiosk with their card or PIN (issue #27). */
  OPENED_FOR_RETRIEVAL_BY_USER: 14,
  /**
   * The door closed after an open for retrieval while the locker's reader still saw the asset's
   * tag: not taken, the asset stays stored there (issue #32).
   */
  RETRIEVAL_NOT_TAKEN: 15,
  /** A locker user opened a door at the office wall to bring the asset back (issue #33). */
  OPENED_FOR_STORAGE_BY_USER: 16,
  /**
   * The door closed after a return at the wall while the place's reader did not see the asset's
   * tag: not put back, the asset stays out (issue #33).
   */
  RETURN_NOT_STORED: 17,
} as const;
export const assetLogAction = defineCodes('assetLogAction', ASSET_LOG_ACTION);
export type AssetLogAction = CodeOf<typeof ASSET_LOG_ACTION>;

/** Tag status (SPEC §4). */
export const TAG_STATUS = { UNDETECTED: 0, DETECTED: 1 } as const;
export const tagStatus = defineCodes('tagStatus', TAG_STATUS);
export type TagStatus = CodeOf<typeof TAG_STATUS>;

export const ASSET_WARNING_KINDS = ['shouldBeDetected', 'shouldBeUndetected'] as const;
export type AssetWarningKind = (typeof ASSET_WARNING_KINDS)[number];
/** SPEC §4 warnings: stored but tag unseen, or retrieved but tag still seen. */
export function assetWarning(status: AssetStatus, tag: TagStatus): AssetWarningKind | null {
  if (status === ASSET_STATUS.STORED && tag === TAG_STATUS.UNDETECTED) return 'shouldBeDetected';
  if (status === ASSET_STATUS.RETRIEVED && tag === TAG_STATUS.DETECTED) return 'shouldBeUndetected';
  return null;
}

/**
 * Assets (SPEC §3, §7). SPEC says asset and category names have a limit without giving it; these
 * bounds fit a locker screen's label and are the one place both the server and the forms read.
 * Here, not in schemas/assets.ts (which re-exports them), so screens need not load zod for them.
 */
export const ASSET_NAME_MAX = 50;
export const ASSET_CATEGORY_NAME_MAX = 30;
export const ASSET_TAG_MAX = TAG_ID_MAX;

/** Icons a category may take: names the web maps to its icon set. */
export const ASSET_CATEGORY_ICONS = [
  'laptop',
  'tablet',
  'mobile',
  'camera',
  'tool',
  'key',
  'car',
  'book',
  'medicine',
  'box',
  'headphones',
  'printer',
] as const;
export type AssetCategoryIcon = (typeof ASSET_CATEGORY_ICONS)[number];
