import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  globalOptionsSchema,
  idSchema,
  listPlacesQuerySchema,
  lockerEnabledRequestSchema,
  placeInputSchema,
  placeModeRequestSchema,
  updateGlobalOptionsSchema,
  LOCATION_MODE,
  type LocationMode,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { LocationsService } from './locations.service.js';
import { ModesService } from './modes.service.js';
import { AnalyticsService } from './analytics.service.js';

const idParams = z.object({ id: idSchema });

export async function locationsModule(app: FastifyInstance) {
  const locations = new LocationsService(app.db, app.lockerInfo, (placeId) => app.devices.syncPlace(placeId));
  const modes = new ModesService(app, locations);
  const analytics = new AnalyticsService(app.db, locations, app.lockerInfo);
  app.addHook('onReady', async () => modes.configureControllers(await modes.globalOptions()));
  const mode =
    (m: LocationMode) =>
    ({ account, params }: { account: unknown; params: { id: number } }) =>
      modes.setMode(account as never, params.id, m);

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/julian/places',
      permission: 'locations.view',
      summary: 'Locations with live counts (type defaults to OFFICE; ALL for every type)',
      query: listPlacesQuerySchema,
      handler: ({ query }) =>
        locations.list({
          type: query.type,
          search: query.search,
          limit: query.max_results,
          offset: query.offset,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/PlaceDetails/:id',
      permission: 'locations.view',
      params: idParams,
      handler: async ({ params }) => ({ Place: await locations.place(params.id) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/lockersByPlace/:id',
      permission: 'locations.view',
      params: idParams,
      handler: ({ params }) => locations.lockersOf(params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/dashboard/place/:id',
      permission: 'locations.view',
      summary: 'Location analytics from recorded door events',
      params: idParams,
      handler: ({ params }) => analytics.place(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/place',
      permission: 'locations.manage',
      body: placeInputSchema,
      handler: async ({ account, body }) => ({ Place: await locations.create(account!, body) }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/julian/place/:id',
      permission: 'locations.manage',
      params: idParams,
      body: placeInputSchema,
      handler: async ({ account, params, body }) => ({
        Place: await locations.update(account!, params.id, body),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/place/:id/mode',
      permission: 'locations.mode',
      summary: 'Switch a location to normal, maintenance, cleaning or emergency mode',
      params: idParams,
      body: placeModeRequestSchema,
      handler: ({ account, params, body }) => modes.setMode(account!, params.id, body.mode as LocationMode),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/openFreeLockersByPlaceId/:id',
      permission: 'locations.mode',
      summary: 'Cleaning mode: opens the free lockers (SPEC §7)',
      params: idParams,
      handler: mode(LOCATION_MODE.CLEANING),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/openAllLockersByPlaceId/:id',
      permission: 'locations.emergency',
      summary: 'Emergency mode: opens every locker (SPEC §7)',
      params: idParams,
      handler: mode(LOCATION_MODE.EMERGENCY),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/openLockerById/:id',
      permission: 'doors.open',
      summary:
        'Open one locker remotely; 409 doorJammed, 503 deviceUnavailable or 503 doorOpenFailed with the outcome when it does not open',
      params: idParams,
      handler: ({ account, params }) => modes.openLocker(account!, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/julian/locker/:id/enabled',
      permission: 'locations.manage',
      params: idParams,
      body: lockerEnabledRequestSchema,
      handler: ({ account, params, body }) => modes.setLockerEnabled(account!, params.id, body.enabled),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/julian/globalOptions',
      permission: 'locations.view',
      handler: () => modes.globalOptions(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/julian/globalOptions',
      permission: 'locations.manage',
      summary: 'Change global options (asks for the admin PIN)',
      body: updateGlobalOptionsSchema,
      handler: ({ account, body }) => {
        const { pin, ...options } = body;
        return modes.updateGlobalOptions(account!, pin, globalOptionsSchema.parse(options));
      },
    }),
  ]);
}
