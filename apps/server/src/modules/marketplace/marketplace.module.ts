import type { FastifyInstance } from 'fastify';
import { registerRoutes } from '../../lib/define-route.js';
import { kioskRoutes } from './kiosk.routes.js';
import { rentalLockerInfo } from './rental-locker-info.js';
import { marketplaceRoutes } from './marketplace.routes.js';
import { buildMarketplace } from './marketplace.services.js';
import { webhookRoutes } from './webhook.routes.js';

const SWEEP_MS = 30_000;

/** The marketplace: back-office calls (admin), the kiosk's rentals (screen) and the provider webhook. */
export async function marketplaceModule(app: FastifyInstance) {
  const m = buildMarketplace(app);
  // Pending time and safe time pass without anyone calling: a periodic sweep keeps lockers right,
  // once per period across every instance.
  app.jobs.every('marketplace.sweep', { everyMs: SWEEP_MS }, () => m.rentals.sweep());

  // Locker views of every area show the rental holding a locker (docs/adr/0070).
  app.lockerInfo.register(rentalLockerInfo);
  registerRoutes(app, [...marketplaceRoutes(m), ...kioskRoutes(m)]);
  // Its own plugin: the webhook reads the raw body, which no other route needs.
  await app.register(webhookRoutes, { payments: m.payments });
}
