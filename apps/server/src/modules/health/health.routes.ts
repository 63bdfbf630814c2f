import { networkInterfaces, hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { shellApi, type Health } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';

export const VERSION = '0.1.0';

/** The address this instance serves from: the footer's v{ip}, which tells operators which node answered. */
export function instanceAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const nic of list ?? []) if (nic.family === 'IPv4' && !nic.internal) return nic.address;
  }
  return hostname();
}

export async function healthModule(app: FastifyInstance) {
  const instance = instanceAddress();
  registerRoutes(app, [
    route(shellApi.health, async ({ reply }): Promise<Health> => {
      let dbOk = true;
      try {
        await sql`select 1`.execute(app.db);
      } catch (err) {
        app.log.warn({ err }, 'health: database unreachable');
        dbOk = false;
      }
      const devices = app.deviceStatus();
      const status = dbOk && devices.ok ? 'ok' : 'degraded';
      // Only a lost database takes this instance out of a load balancer's rotation; an offline
      // locker controller is reported (degraded) but is no reason to stop serving.
      if (!dbOk) reply.status(503);
      return {
        status,
        database: { ok: dbOk, dialect: app.dbHandle.dialect },
        devices,
        version: VERSION,
        instance,
        modules: app.config.modules,
        features: {
          scanner: app.config.features.scanner,
          scannerVersion: app.config.features.scannerVersion,
          monitoringLink: app.config.features.monitoringLink,
          assetWarnings: app.config.features.assetWarnings,
          recaptchaSiteKey: app.config.recaptcha.siteKey ?? '',
        },
      };
    }),
  ]);
}
