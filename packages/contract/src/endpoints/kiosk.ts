import { defineEndpoints } from '../endpoint.js';
import { DOOR_FAILURE_CODES, KIOSK_IDENTITY_ERRORS, PLACE_MODE_REFUSALS } from '../envelope.js';
import {
  kioskCourierBodySchema,
  kioskCourierReplySchema,
  kioskDepositBodySchema,
  kioskDepositReplySchema,
  kioskParcelBodySchema,
  kioskParcelReplySchema,
  kioskScreenSchema,
} from '../schemas/kiosk.js';

/**
 * The kiosk screen of a locker wall (`screen` role): where it is and what it offers, and a
 * courier's deposit at the wall. Every call acts on the screen's own place (kiosk_screens).
 */
export const kioskApi = defineEndpoints('kiosk', {
  screen: {
    method: 'GET',
    path: '/api/kiosk/screen',
    permission: 'kiosk.use',
    summary:
      "The screen's place and the tasks it offers (pickup, deposit at a delivery wall; assets at an office)",
    reply: kioskScreenSchema,
    errors: ['kioskNotBound'],
  },
  courier: {
    method: 'POST',
    path: '/api/kiosk/deposit/courier',
    permission: 'kiosk.use',
    summary: 'A courier identifies with their staff PIN before depositing',
    body: kioskCourierBodySchema,
    reply: kioskCourierReplySchema,
    errors: KIOSK_IDENTITY_ERRORS,
  },
  parcel: {
    method: 'POST',
    path: '/api/kiosk/deposit/parcel',
    permission: 'kiosk.use',
    summary: "The parcel a courier is about to deposit, and this place's free lockers by size",
    body: kioskParcelBodySchema,
    reply: kioskParcelReplySchema,
    errors: [...KIOSK_IDENTITY_ERRORS, 'orderNotExist', 'stateNotAllowed'],
  },
  deposit: {
    method: 'POST',
    path: '/api/kiosk/deposit',
    permission: 'kiosk.use',
    summary: 'Reserves a locker of the size at this place and opens its door; closing it stores the parcel',
    body: kioskDepositBodySchema,
    reply: kioskDepositReplySchema,
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
});
