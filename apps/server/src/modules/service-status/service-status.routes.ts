import type { FastifyInstance } from 'fastify';
import { serviceApi } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { instanceAddress, VERSION } from '../health/health.routes.js';
import { pinsOnlyTheServerChecks } from '../wall-offline/secret-hashes.js';
import { serviceStatusRepository as repo } from './service-status.repository.js';

const SCREEN_ONLINE_MS = 10 * 60_000;

/**
 * /service-status: this server, the locker controllers (readers) from the device layer's
 * heartbeats, and the kiosk screens by their last token use.
 */
export async function serviceStatusModule(app: FastifyInstance) {
  const startedAt = Date.now();
  async function status() {
    const broker = app.devices.driver.brokerLink();
    const [states, names, screens, wallPins] = await Promise.all([
      app.devices.driver.readStates(),
      repo.placeNames(app.db),
      repo.screensLastSeen(app.db),
      pinsOnlyTheServerChecks(app.db),
    ]);
    return {
      servers: [
        {
          instance: instanceAddress(),
          version: VERSION,
          uptimeS: Math.round((Date.now() - startedAt) / 1000),
          database: app.dbHandle.dialect,
          driver: app.devices.driver.kind,
          realtimeClients: app.realtime.clientCount(),
          broker: broker && { ...broker, since: broker.since.toISOString() },
        },
      ],
      readers: states.map((s) => ({
        placeId: s.placeId,
        placeName: names.get(s.placeId) ?? `#${s.placeId}`,
        online: s.online,
        lastHeartbeatAt: s.lastHeartbeatAt?.toISOString() ?? null,
        doors: s.doors.length,
        offlineDoors: s.doors.filter((d) => d.status === 255).length,
        rejectedMessages: s.rejectedMessages,
      })),
      screens: screens.map((s) => ({
        id: s.id,
        username: s.username,
        name: s.name,
        lastSeenAt: s.last_seen_at,
        online: !!s.last_seen_at && Date.now() - Date.parse(s.last_seen_at) < SCREEN_ONLINE_MS,
      })),
      wallPins,
    };
  }
  registerRoutes(app, [route(serviceApi.status, status)]);
}
