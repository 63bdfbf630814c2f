import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { EXPORT_CONTENT_TYPES } from '../lists.js';
import { DOOR_FAILURE_CODES } from '../envelope.js';
import { doorOpenResultSchema } from '../schemas/common.js';
import {
  globalOptionsReplySchema,
  listPlacesQuerySchema,
  lockerEnabledRequestSchema,
  lockersByPlaceReplySchema,
  lockerViewSchema,
  placeAnalyticsSchema,
  placeInputSchema,
  updatePlaceSchema,
  placeModeReplySchema,
  placeModeRequestSchema,
  placeReplySchema,
  placesExportQuerySchema,
  placesReplySchema,
  updateGlobalOptionsSchema,
} from '../schemas/locations.js';
import { urlIdSchema } from '../validation.js';

const idParams = z.object({ id: urlIdSchema });

/** SPEC's own door calls for one location: a mode switch answered with each door's outcome. */
const modeCall = (path: string, permission: 'locations.mode' | 'locations.emergency', summary: string) =>
  ({
    method: 'GET',
    path,
    permission,
    summary,
    params: idParams,
    reply: placeModeReplySchema,
    errors: ['notFound'],
  }) as const;

/**
 * Locations (SPEC §7 Locations): the list with live counts, one place, its locker grid, analytics,
 * configuration, modes, remote door opens and the global options.
 */
export const locationsApi = defineEndpoints('locations', {
  list: {
    method: 'GET',
    path: '/api/julian/places',
    permission: 'locations.view',
    summary:
      'Locations with live counts, filtered (type, mode, name) and sorted (name, type) on the server; type defaults to OFFICE, ALL for every type',
    query: listPlacesQuerySchema,
    reply: placesReplySchema,
  },
  exportPlaces: {
    method: 'GET',
    path: '/api/julian/places/export',
    permission: 'locations.view',
    summary: 'The filtered locations with their counts as an .xlsx or .csv file, streamed',
    query: placesExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  details: {
    method: 'GET',
    path: '/api/julian/PlaceDetails/:id',
    permission: 'locations.view',
    summary: 'One location with its live counts',
    params: idParams,
    reply: placeReplySchema,
    errors: ['notFound'],
  },
  lockers: {
    method: 'GET',
    path: '/api/julian/lockersByPlace/:id',
    permission: 'locations.view',
    summary: 'The locker grid of a location: the place with its counts and every locker',
    params: idParams,
    reply: lockersByPlaceReplySchema,
    errors: ['notFound'],
  },
  analytics: {
    method: 'GET',
    path: '/api/julian/dashboard/place/:id',
    permission: 'locations.view',
    summary: 'Location analytics from recorded door events',
    params: idParams,
    reply: placeAnalyticsSchema,
    errors: ['notFound'],
  },
  create: {
    method: 'POST',
    path: '/api/julian/place',
    permission: 'locations.manage',
    summary: 'Create a location with its lockers (a taken name is a conflict)',
    body: placeInputSchema,
    reply: placeReplySchema,
    errors: ['conflict'],
  },
  update: {
    method: 'PUT',
    versioned: true,
    path: '/api/julian/place/:id',
    permission: 'locations.manage',
    summary: 'Edit a location and its lockers; a door in use is never removed (lockersInUse names them)',
    params: idParams,
    body: updatePlaceSchema,
    reply: placeReplySchema,
    errors: ['notFound', 'conflict', 'lockersInUse'],
  },
  setMode: {
    method: 'POST',
    path: '/api/julian/place/:id/mode',
    permission: 'locations.mode',
    summary: 'Switch a location to normal, maintenance, cleaning or emergency mode',
    params: idParams,
    body: placeModeRequestSchema,
    reply: placeModeReplySchema,
    errors: ['notFound'],
  },
  openFree: modeCall(
    '/api/julian/openFreeLockersByPlaceId/:id',
    'locations.mode',
    'Cleaning mode: opens the free lockers (SPEC §7)',
  ),
  openAll: modeCall(
    '/api/julian/openAllLockersByPlaceId/:id',
    'locations.emergency',
    'Emergency mode: opens every locker (SPEC §7)',
  ),
  openLocker: {
    method: 'GET',
    path: '/api/julian/openLockerById/:id',
    permission: 'doors.open',
    summary: 'Open one locker remotely',
    description:
      'A door that does not open answers 409 `doorJammed`, 503 `deviceUnavailable` (controller ' +
      'offline) or 503 `doorOpenFailed` (no answer in time), with the outcome as Data.',
    params: idParams,
    reply: doorOpenResultSchema,
    errors: ['notFound', ...DOOR_FAILURE_CODES],
  },
  setLockerEnabled: {
    method: 'POST',
    path: '/api/julian/locker/:id/enabled',
    permission: 'locations.manage',
    summary: 'Enable or disable one locker; answers the locker as the grid shows it',
    params: idParams,
    body: lockerEnabledRequestSchema,
    reply: lockerViewSchema,
    errors: ['notFound'],
  },
  globalOptions: {
    method: 'GET',
    path: '/api/julian/globalOptions',
    permission: 'locations.view',
    summary: 'Deployment-wide options (expiry, reservation, door-left-open threshold, kiosk message)',
    reply: globalOptionsReplySchema,
  },
  updateGlobalOptions: {
    method: 'PUT',
    versioned: true,
    path: '/api/julian/globalOptions',
    permission: 'locations.manage',
    summary: 'Change global options (asks for the admin PIN)',
    body: updateGlobalOptionsSchema,
    reply: globalOptionsReplySchema,
    errors: ['wrongPin', 'tooManyAttempts'],
  },
});
