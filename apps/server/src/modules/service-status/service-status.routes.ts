import type { FastifyInstance } from 'fastify';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { instanceAddress, VERSION } from '../health/health.routes.js';

const SCREEN_ONLINE_MS = 10 * 60_000;

/**
 * /service-status: this server, the locker controllers (readers) from the device layer's
 * heartbeats, and the kiosk screens by their last token use.
 */
export async function serviceStatusModule(app: FastifyInstance) {
  const startedAt = Date.now();
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/service/status',
      permission: 'service.view',
      async handler() {
        const states = await app.devices.driver.readStates();
        const places = await app.db.selectFrom('places').select(['id', 'name']).execute();
        const names = new Map(places.map((p) => [p.id, p.name]));
        const screens = await app.db
          .selectFrom('admins')
          .leftJoin('tokens', 'tokens.admin_id', 'admins.id')
          .select((eb) => [
            'admins.id',
            'admins.username',
            'admins.name',
            eb.fn.max('tokens.created_at').as('last_seen_at'),
          ])
          .where('admins.role', '=', 'screen')
          .groupBy(['admins.id', 'admins.username', 'admins.name'])
          .execute();
        return {
          servers: [
            {
              instance: instanceAddress(),
              version: VERSION,
              uptimeS: Math.round((Date.now() - startedAt) / 1000),
              database: app.dbHandle.dialect,
              driver: app.devices.driver.kind,
              realtimeClients: app.realtime.clientCount(),
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
            lastSeenAt: (s.last_seen_at as string | null) ?? null,
            online: !!s.last_seen_at && Date.now() - Date.parse(s.last_seen_at as string) < SCREEN_ONLINE_MS,
          })),
        };
      },
    }),
  ]);
}
