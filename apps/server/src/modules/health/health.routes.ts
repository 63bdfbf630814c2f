import { networkInterfaces, hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { can, shellApi, type Health } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { migrations } from '../../db/migrations/index.js';
import { healthRepository } from './health.repository.js';

export const VERSION = '0.1.0';

/** The address this instance serves from: the footer's v{ip}, which tells operators which node answered. */
export function instanceAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const nic of list ?? []) if (nic.family === 'IPv4' && !nic.internal) return nic.address;
  }
  return hostname();
}

const MIGRATION_COUNT = Object.keys(migrations).length;

/**
 * Is the database there with its schema? Reachable is not enough: an empty database, or one whose
 * schema was dropped, answers `select 1` and fails every real call (issue #20). Every migration of
 * this build must have run.
 */
async function databaseReady(app: FastifyInstance): Promise<boolean> {
  try {
    return (await healthRepository.migrationsRun(app.db)) >= MIGRATION_COUNT;
  } catch (err) {
    app.log.warn({ err }, 'health: database unreachable or without its schema');
    return false;
  }
}

export async function healthModule(app: FastifyInstance) {
  const instance = instanceAddress();
  registerRoutes(app, [
    route(shellApi.health, async ({ account, reply }): Promise<Health> => {
      const dbOk = await databaseReady(app);
      const devices = app.deviceStatus();
      const status = dbOk && devices.ok ? 'ok' : 'degraded';
      // Only a lost database takes this instance out of a load balancer's rotation; an offline
      // locker controller is reported (degraded) but is no reason to stop serving.
      if (!dbOk) reply.status(503);
      const recaptchaSiteKey = app.config.recaptcha.siteKey ?? '';
      if (!account) {
        // A visitor learns how the instance is and nothing about it (issue #20): no database,
        // devices, version or address. The login page's reCAPTCHA key is public by nature.
        if (status === 'ok') return { status, features: { recaptchaSiteKey } };
        return reply.send({
          ResultCode: 0,
          Data: { status, features: { recaptchaSiteKey } },
          Description: 'degraded',
        });
      }
      const shell: Health = {
        status,
        modules: app.config.modules,
        features: {
          scanner: app.config.features.scanner,
          scannerVersion: app.config.features.scannerVersion,
          monitoringLink: app.config.features.monitoringLink,
          assetWarnings: app.config.features.assetWarnings,
          recaptchaSiteKey,
        },
      };
      // The screens of any signed-in role need the modules and features; what the instance runs
      // on and where it is are for admins (issue #31: a kiosk was told the database, the device
      // driver, the controller count and the instance's address).
      if (!can(account.role, 'health.details', app.config.modules)) return shell;
      return {
        ...shell,
        database: { ok: dbOk, dialect: app.dbHandle.dialect },
        devices,
        version: VERSION,
        instance,
      };
    }),
  ]);
}
