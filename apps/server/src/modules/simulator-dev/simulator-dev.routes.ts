import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { urlIdSchema } from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { AppError } from '../../lib/errors.js';

const ACTIONS = ['open', 'close', 'jam', 'unjam', 'timeout', 'untimeout'] as const;

/**
 * Hands on the in-process simulator, for demos and browser tests: pull a door open, close it,
 * inject faults, place and remove RFID tags. Only exists while the simulator is the driver.
 */
export async function simulatorDevModule(app: FastifyInstance) {
  const controllerOf = (placeId: number) => {
    const c = app.devices.simulator?.simulator(placeId);
    if (!c) throw new AppError('notFound');
    return c;
  };
  registerRoutes(app, [
    defineRoute({
      method: 'POST',
      url: '/api/dev/simulator/:placeId/doors/:door/:action',
      permission: 'tools.manage',
      params: z.object({ placeId: urlIdSchema, door: urlIdSchema, action: z.enum(ACTIONS) }),
      handler: ({ params }) => {
        const c = controllerOf(params.placeId);
        if (!c.doorNumbers.includes(params.door)) throw new AppError('notFound');
        const door = params.door;
        ({
          open: () => c.openByHand(door),
          close: () => c.closeByHand(door),
          jam: () => c.setFault('jam', door),
          unjam: () => c.clearFault('jam', door),
          timeout: () => c.setFault('timeout', door),
          untimeout: () => c.clearFault('timeout', door),
        })[params.action]();
        return { placeId: params.placeId, door, action: params.action, faults: c.faults() };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/dev/simulator/:placeId/doors/:door/tags',
      permission: 'tools.manage',
      params: z.object({ placeId: urlIdSchema, door: urlIdSchema }),
      body: z.object({ tagId: z.string().trim().min(1).max(64), present: z.boolean() }),
      handler: ({ params, body }) => {
        const c = controllerOf(params.placeId);
        if (!c.doorNumbers.includes(params.door)) throw new AppError('notFound');
        if (body.present) c.placeTag(params.door, body.tagId);
        else c.removeTag(params.door, body.tagId);
        return { placeId: params.placeId, door: params.door, tagId: body.tagId, present: body.present };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/dev/simulator/:placeId/offline',
      permission: 'tools.manage',
      params: z.object({ placeId: urlIdSchema }),
      body: z.object({ offline: z.boolean() }),
      handler: ({ params, body }) => {
        const c = controllerOf(params.placeId);
        if (body.offline) c.setFault('offline');
        else c.clearFault('offline');
        return { placeId: params.placeId, offline: body.offline };
      },
    }),
  ]);
}
