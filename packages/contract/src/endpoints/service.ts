import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';

const serverStatusSchema = z.object({
  instance: z.string(),
  version: z.string(),
  uptimeS: z.number().int().nonnegative(),
  database: z.string(),
  driver: z.string(),
  realtimeClients: z.number().int().nonnegative().optional(),
  /**
   * MQTT only: this instance's link to the broker (address without credentials), and since when it
   * is up or down (issue #32); null with the in-process simulator.
   */
  broker: z.object({ url: z.string(), connected: z.boolean(), since: z.string() }).nullable().optional(),
});

const readerStatusSchema = z.object({
  placeId: z.number().int(),
  placeName: z.string(),
  online: z.boolean(),
  lastHeartbeatAt: z.string().nullable(),
  doors: z.number().int().nonnegative(),
  offlineDoors: z.number().int().nonnegative(),
  /** Malformed messages dropped since the server started (each logged with its reason). */
  rejectedMessages: z.number().int().nonnegative().optional(),
});

const screenStatusSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  lastSeenAt: z.string().nullable(),
  online: z.boolean().optional(),
});

/**
 * PINs the walls cannot check alone (issue #32): set before walls learned PINs and not typed since,
 * so they have no place hash (only the server's one-way hash is kept, from which none can be made).
 */
const wallPinsStatusSchema = z.object({
  officeUsers: z.number().int().nonnegative(),
  couriers: z.number().int().nonnegative(),
});

const serviceStatusSchema = z.object({
  servers: z.array(serverStatusSchema),
  readers: z.array(readerStatusSchema),
  screens: z.array(screenStatusSchema),
  wallPins: wallPinsStatusSchema.optional(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** /service-status: this server, the locker controllers and the kiosk screens. */
export const serviceApi = defineEndpoints('service', {
  status: {
    method: 'GET',
    path: '/api/service/status',
    permission: 'service.view',
    summary: 'This server, the locker controllers (heartbeats, offline doors) and the kiosk screens',
    reply: serviceStatusSchema,
  },
});
