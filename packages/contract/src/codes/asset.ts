import { defineCodes, type CodeOf } from './define.js';

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
} as const;
export const assetLogAction = defineCodes('assetLogAction', ASSET_LOG_ACTION);
export type AssetLogAction = CodeOf<typeof ASSET_LOG_ACTION>;

/** Tag status (SPEC §4). */
export const TAG_STATUS = { UNDETECTED: 0, DETECTED: 1 } as const;
export const tagStatus = defineCodes('tagStatus', TAG_STATUS);
export type TagStatus = CodeOf<typeof TAG_STATUS>;

export type AssetWarningKind = 'shouldBeDetected' | 'shouldBeUndetected';
/** SPEC §4 warnings: stored but tag unseen, or retrieved but tag still seen. */
export function assetWarning(status: AssetStatus, tag: TagStatus): AssetWarningKind | null {
  if (status === ASSET_STATUS.STORED && tag === TAG_STATUS.UNDETECTED) return 'shouldBeDetected';
  if (status === ASSET_STATUS.RETRIEVED && tag === TAG_STATUS.DETECTED) return 'shouldBeUndetected';
  return null;
}
