import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { maxResultsSchema, offsetSchema, urlIdSchema } from '../validation.js';

/** The place key a controller is provisioned with: 64 hex digits (docs/devices.md, ADR 0125). */
export const controllerKeySchema = z.object({ placeId: z.number().int(), key: z.string() });

/**
 * What a wall did alone that the server could not accept as it came (a parcel cancelled or
 * collected meanwhile, a code revoked while apart): both sides, for someone to settle.
 */
export const wallConflictSchema = z.object({
  placeId: z.number().int(),
  boot: z.string(),
  seq: z.number().int(),
  type: z.string(),
  controllerAt: z.string().describe("The controller's time of what it did."),
  receivedAt: z.string(),
  wall: z.record(z.string(), z.unknown()).describe('The journal entry: what the wall did.'),
  server: z.record(z.string(), z.unknown()).describe('What the server held then.'),
});
export type WallConflict = z.infer<typeof wallConflictSchema>;

export const wallConflictsQuerySchema = z.object({
  placeId: urlIdSchema.optional(),
  max_results: maxResultsSchema,
  offset: offsetSchema,
});

export const wallApi = defineEndpoints('wall', {
  controllerKey: {
    method: 'GET',
    path: '/api/julian/place/:id/controllerKey',
    permission: 'tools.manage',
    summary: "The place key to provision on the place's controller (it checks codes alone with it)",
    params: z.object({ id: urlIdSchema }),
    reply: controllerKeySchema,
    errors: ['notFound'],
  },
  conflicts: {
    method: 'GET',
    path: '/api/julian/wall/conflicts',
    permission: 'alerts.view',
    summary: 'What walls did alone that conflicted with the server (both sides), newest first',
    query: wallConflictsQuerySchema,
    reply: z.object({ conflicts: z.array(wallConflictSchema) }),
  },
});
