import { DOOR_FAILURE_CODES, PLACE_MODE_REFUSALS } from '../envelope.js';
import {
  kioskAccessReplySchema,
  kioskAccessSchema,
  kioskAssetsReplySchema,
  kioskAssetsSchema,
  kioskLockersReplySchema,
  kioskReturnableAssetsReplySchema,
  kioskReturnAssetReplySchema,
  kioskReturnAssetSchema,
  kioskTakeAssetReplySchema,
  kioskTakeAssetSchema,
} from '../schemas/office.js';

/**
 * The office kiosk and wall (card or PIN at a location): opening a door, the doors and assets this
 * person may use, taking and returning an asset. Part of the office area (endpoints/office.ts).
 */
export const officeKioskEndpoints = {
  kioskOpen: {
    method: 'POST',
    path: '/api/kiosk/office/open',
    permission: 'kiosk.use',
    summary: 'Kiosk: card or PIN at a location; decides, opens the door, records the attempt',
    body: kioskAccessSchema,
    reply: kioskAccessReplySchema,
    // kiosk.use serves every module's kiosk, so the office one answers moduleDisabled itself.
    errors: [
      'moduleDisabled',
      'notFound',
      'tooManyAttempts',
      'accessDenied',
      ...PLACE_MODE_REFUSALS,
      ...DOOR_FAILURE_CODES,
    ],
  },
  kioskLockers: {
    method: 'POST',
    path: '/api/kiosk/office/lockers',
    permission: 'kiosk.use',
    summary:
      'Office wall: card or PIN at a location; the doors this person may open here now (a choice when several), opening none',
    body: kioskAssetsSchema,
    reply: kioskLockersReplySchema,
    errors: ['moduleDisabled', 'notFound', 'tooManyAttempts', 'accessDenied', ...PLACE_MODE_REFUSALS],
  },
  kioskAssets: {
    method: 'POST',
    path: '/api/kiosk/office/assets',
    permission: 'kiosk.use',
    summary:
      'Assets kiosk: card or PIN at a location; the assets stored here this person may take now (asset users, their groups, schedules)',
    body: kioskAssetsSchema,
    reply: kioskAssetsReplySchema,
    errors: ['moduleDisabled', 'notFound', 'tooManyAttempts', 'accessDenied', ...PLACE_MODE_REFUSALS],
  },
  kioskTakeAsset: {
    method: 'POST',
    path: '/api/kiosk/office/assets/take',
    permission: 'kiosk.use',
    summary:
      'Assets kiosk: opens the door of an asset this person may take now and writes the asset log; closing it completes the retrieval',
    body: kioskTakeAssetSchema,
    reply: kioskTakeAssetReplySchema,
    errors: [
      'moduleDisabled',
      'notFound',
      'tooManyAttempts',
      'accessDenied',
      ...PLACE_MODE_REFUSALS,
      ...DOOR_FAILURE_CODES,
    ],
  },
  kioskReturnableAssets: {
    method: 'POST',
    path: '/api/kiosk/office/assets/returnable',
    permission: 'kiosk.use',
    summary:
      'Office wall: card or PIN at a location; the assets this person has out and may bring back (within their hours)',
    body: kioskAssetsSchema,
    reply: kioskReturnableAssetsReplySchema,
    errors: ['moduleDisabled', 'notFound', 'tooManyAttempts', 'accessDenied', ...PLACE_MODE_REFUSALS],
  },
  kioskReturnAsset: {
    method: 'POST',
    path: '/api/kiosk/office/assets/return',
    permission: 'kiosk.use',
    summary:
      "Office wall: opens the asset's home locker here or the smallest free one it fits; closing the door (with its tag seen, where there is a reader) stores it",
    body: kioskReturnAssetSchema,
    reply: kioskReturnAssetReplySchema,
    errors: [
      'moduleDisabled',
      'notFound',
      'tooManyAttempts',
      'accessDenied',
      'No locker avaliable',
      ...PLACE_MODE_REFUSALS,
      ...DOOR_FAILURE_CODES,
    ],
  },
} as const;
