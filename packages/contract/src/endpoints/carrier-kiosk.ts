import { DOOR_FAILURE_CODES, KIOSK_IDENTITY_ERRORS, PLACE_MODE_REFUSALS } from '../envelope.js';
import { defineEndpoints } from '../endpoint.js';
import {
  carrierCollectBodySchema,
  carrierDepositBodySchema,
  carrierDepositSchema,
  carrierParcelsBodySchema,
  carrierParcelsSchema,
} from '../schemas/courier-codes.js';
import { returnDropoffBodySchema, returnDropoffSchema } from '../schemas/return-dropoff.js';

/**
 * A carrier's courier at the kiosk of a delivery wall (issue #24): the partner's access code of the
 * day for this location lists its pre-advised parcels and opens a locker for each, no account needed.
 * A carrier's customer drops a return off there with its return code, and the carrier's courier
 * collects the dropped-off returns in the same round (issue #33, docs/adr/0180).
 */
export const carrierKioskApi = defineEndpoints('carrierKiosk', {
  parcels: {
    method: 'POST',
    path: '/api/kiosk/carrier/parcels',
    permission: 'kiosk.use',
    summary: "The carrier's parcels to deposit at this wall, for its access code of the day",
    body: carrierParcelsBodySchema,
    reply: carrierParcelsSchema,
    errors: KIOSK_IDENTITY_ERRORS,
  },
  deposit: {
    method: 'POST',
    path: '/api/kiosk/carrier/deposit',
    permission: 'kiosk.use',
    summary: "Reserves a locker for one of the carrier's parcels and opens it; closing it stores the parcel",
    body: carrierDepositBodySchema,
    reply: carrierDepositSchema,
    errors: [
      ...KIOSK_IDENTITY_ERRORS,
      'orderNotExist',
      'stateNotAllowed',
      'conflict',
      'selectSize',
      'notFound',
      'No locker avaliable',
      ...PLACE_MODE_REFUSALS,
      ...DOOR_FAILURE_CODES,
    ],
  },
  collectReturn: {
    method: 'POST',
    path: '/api/kiosk/carrier/collect-return',
    permission: 'kiosk.use',
    summary:
      "Opens the door of one of the carrier's returns dropped off at this wall; closing it records it collected",
    body: carrierCollectBodySchema,
    reply: carrierDepositSchema,
    errors: [...KIOSK_IDENTITY_ERRORS, 'orderNotExist', 'stateNotAllowed', 'conflict', ...DOOR_FAILURE_CODES],
  },
  returnDropoff: {
    method: 'POST',
    path: '/api/kiosk/returns/dropoff',
    permission: 'kiosk.use',
    summary:
      "A customer's return code opens a free locker of the return's size; closing it stores the return",
    body: returnDropoffBodySchema,
    reply: returnDropoffSchema,
    errors: [...KIOSK_IDENTITY_ERRORS, 'No locker avaliable', ...PLACE_MODE_REFUSALS, ...DOOR_FAILURE_CODES],
  },
});
