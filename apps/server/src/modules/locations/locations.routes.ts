import { locationsApi as api, LOCATION_MODE } from '@cacifo/contract';
import { route, type RouteDef } from '../../lib/define-route.js';
import type { AnalyticsService } from './analytics.service.js';
import type { LocationsService } from './locations.service.js';
import type { ModesService } from './modes.service.js';

/** SPEC §7 Locations: lists, grids, analytics, configuration, modes, door opens, global options. */
export function locationsRoutes({
  locations,
  modes,
  analytics,
}: {
  locations: LocationsService;
  modes: ModesService;
  analytics: AnalyticsService;
}): RouteDef[] {
  return [
    route(api.list, ({ query }) => locations.list(query)),
    route(api.exportPlaces, ({ reply, query }) => locations.export(reply, query)),
    route(api.details, async ({ params }) => ({ Place: await locations.place(params.id) })),
    route(api.lockers, ({ params }) => locations.lockersOf(params.id)),
    route(api.analytics, ({ params }) => analytics.place(params.id)),
    route(api.create, async ({ account, body }) => ({ Place: await locations.create(account, body) })),
    route(api.update, async ({ account, params, body }) => ({
      Place: await locations.update(account, params.id, body),
    })),
    route(api.setMode, ({ account, params, body }) => modes.setMode(account, params.id, body.mode)),
    route(api.openFree, ({ account, params }) => modes.setMode(account, params.id, LOCATION_MODE.CLEANING)),
    route(api.openAll, ({ account, params }) => modes.setMode(account, params.id, LOCATION_MODE.EMERGENCY)),
    route(api.openLocker, ({ account, params }) => modes.openLocker(account, params.id)),
    route(api.setLockerEnabled, ({ account, params, body }) =>
      modes.setLockerEnabled(account, params.id, body.enabled),
    ),
    route(api.globalOptions, () => modes.globalOptions()),
    route(api.updateGlobalOptions, ({ account, body: { pin, ...options } }) =>
      modes.updateGlobalOptions(account, pin, options),
    ),
  ];
}
