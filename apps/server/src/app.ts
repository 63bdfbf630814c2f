import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { Config } from './config.js';
import type { DestinationStream } from 'pino';
import { loggerOptions } from './lib/log-redact.js';
import { connectDatabase, migrateToLatest, type DbHandle } from './db/connect.js';
import { dbPlugin } from './plugins/db.js';
import { envelopePlugin, frameworkErrors, clientErrorHandler } from './plugins/envelope.js';
import { securityHeaders } from './plugins/security-headers.js';
import { authPlugin } from './plugins/auth.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { webPlugin } from './plugins/web.js';
import { realtimePlugin } from './plugins/realtime.js';
import { devicesPlugin } from './plugins/devices.js';
import type { LockerDriver } from './devices/locker-driver.js';
import { authModule } from './modules/auth/auth.routes.js';
import { bookmarksModule } from './modules/bookmarks/bookmarks.routes.js';
import { healthModule } from './modules/health/health.routes.js';
import { locationsModule } from './modules/locations/locations.module.js';
import { alertsModule } from './modules/alerts/alerts.routes.js';
import { serviceStatusModule } from './modules/service-status/service-status.routes.js';
import { simulatorDevModule } from './modules/simulator-dev/simulator-dev.routes.js';
import { adminsModule } from './modules/admins/admins.routes.js';
import { adminLogsModule } from './modules/admin-logs/admin-log.routes.js';
import { toolsModule } from './modules/tools/tools.routes.js';
import { contentModule } from './modules/content/content.routes.js';
import { catalogModule } from './modules/catalog/catalog.routes.js';
import { assetsModule } from './modules/assets/assets.module.js';
import { ordersModule } from './modules/orders/orders.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { OrderEvents } from './modules/orders/order-events.js';
import { officeModule } from './modules/office/office.module.js';
import { marketplaceModule } from './modules/marketplace/marketplace.module.js';
import { benchModule } from './modules/bench/bench.routes.js';
import { apiKeysModule } from './modules/api-keys/api-keys.routes.js';
import { partnerModule } from './modules/partner/partner.routes.js';
import { clientsModule } from './modules/clients/clients.module.js';
import { webhooksModule } from './modules/webhooks/webhooks.module.js';
import { KioskGuard } from './modules/rate-limits/kiosk-guard.js';
import { credentialRoutesPlugin } from './modules/wall-offline/credential-routes.js';
import { wallOfflineModule } from './modules/wall-offline/wall-offline.module.js';

interface DeviceStatus {
  driver: string;
  ok: boolean;
  controllers: number;
  /** MQTT only: the server's broker link and since when (ISO). */
  broker?: { connected: boolean; since: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Device layer summary for health and service status; the devices plugin replaces the default. */
    deviceStatus: () => DeviceStatus;
  }
}

export interface BuildOptions {
  /** An already connected database (tests share one per file); otherwise the config's is opened. */
  handle?: DbHandle;
  webRoot?: string;
  /** A driver built by the caller (tests pass a fast simulator); otherwise from the config. */
  driver?: LockerDriver;
  /** Where the log goes (tests read it); stdout otherwise. */
  logStream?: DestinationStream;
}

const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the app: plugins in a visible order, then the feature modules, then the web fallback. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Credentials never reach the log: URLs redacted, secret fields censored (issue #31).
    logger: loggerOptions(config, opts.logStream),
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (none by default):
    // anyone else could pick the address that per-address limits count (ADR 0025).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A URL that does not decode, a malformed request or headers over the limit: the envelope
    // with the security headers, like every other refusal (issue #20).
    frameworkErrors,
    clientErrorHandler,
  });
  const handle = opts.handle ?? connectDatabase(config);
  await migrateToLatest(handle.db);

  app.decorate('config', config);
  app.decorate('deviceStatus', (): DeviceStatus => ({ driver: 'none', ok: true, controllers: 0 }));
  // Order changes are announced inside their transaction; modules subscribe at registration (ADR 0050).
  app.decorate('orderEvents', new OrderEvents());
  await app.register(dbPlugin, { handle, closeOnShutdown: !opts.handle });
  await app.register(envelopePlugin);
  // Security headers on every reply (plugins/security-headers.ts).
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(formbody);
  await app.register(inputGuardPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  await app.register(realtimePlugin);
  await app.register(devicesPlugin, opts.driver ? { driver: opts.driver } : {});

  // Before the modules: it puts the wall's credential refresh on their credential routes.
  await app.register(credentialRoutesPlugin);
  await app.register(healthModule);
  await app.register(authModule);
  await app.register(bookmarksModule);
  await app.register(locationsModule);
  await app.register(alertsModule);
  await app.register(serviceStatusModule);
  if (app.devices.simulator) await app.register(simulatorDevModule);
  await app.register(adminsModule);
  await app.register(adminLogsModule);
  await app.register(toolsModule);
  await app.register(contentModule);
  await app.register(catalogModule);
  await app.register(assetsModule);
  await app.register(ordersModule);
  await app.register(notificationsModule);
  await app.register(officeModule);
  await app.register(marketplaceModule);
  await app.register(apiKeysModule);
  await app.register(partnerModule);
  await app.register(webhooksModule);
  await app.register(clientsModule);
  await app.register(wallOfflineModule);
  if (config.benchRoutes) await app.register(benchModule);
  // The kiosks' wrong-code counters whose window and hold are over (docs/adr/0130).
  const kioskGuard = new KioskGuard(app.db);
  app.jobs.every('kiosk.attemptsPrune', { everyMs: 60 * 60_000 }, () => kioskGuard.prune());

  await app.register(webPlugin, { root: opts.webRoot ?? config.webDist ?? defaultWebRoot });
  return app;
}
