import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '../../lib/define-route.js';
import { AnalyticsService } from './analytics.service.js';
import { locationsRoutes } from './locations.routes.js';
import { LocationsService } from './locations.service.js';
import { ModesService } from './modes.service.js';

/** Locations: builds the services, registers the routes, and sends the global options to the controllers. */
export async function locationsModule(app: FastifyInstance) {
  const locations = new LocationsService(app.db, app.lockerInfo, (placeId) => app.devices.syncPlace(placeId));
  const modes = new ModesService(app, locations);
  const analytics = new AnalyticsService(app.db, locations, app.lockerInfo);
  // The controllers raise the left-open alert themselves: they get its threshold at start.
  app.addHook('onReady', async () => modes.configureControllers(await modes.globalOptions()));
  registerRoutes(app, locationsRoutes({ locations, modes, analytics }));
}
