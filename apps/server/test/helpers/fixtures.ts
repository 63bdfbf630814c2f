import type { FastifyInstance } from 'fastify';
import type { LockerSize, PlaceType } from '@cacifo/contract';
import { nowIso } from '../../src/db/helpers.js';
import { SimulatorDriver } from '../../src/devices/simulator-driver.js';

/** A driver fast enough for tests: doors open in 10 ms and close by themselves after `autoCloseMs`. */
export function fastSimulator(autoCloseMs: number | null = null) {
  return new SimulatorDriver({
    timing: { ackTimeoutMs: 500, resultTimeoutMs: 1000, offlineAfterMs: 400 },
    simulator: { openLatencyMs: 10, autoCloseMs, heartbeatIntervalMs: 100 },
  });
}

/** Inserts a place with `doors` lockers (sizes cycling S, M, L unless given) and registers its controller. */
export async function createPlace(
  app: FastifyInstance,
  opts: { name?: string; type?: PlaceType; doors?: number; sizes?: LockerSize[] } = {},
) {
  const now = nowIso();
  const { id } = await app.db
    .insertInto('places')
    .values({
      name: opts.name ?? `Local ${Math.random().toString(36).slice(2, 7)}`,
      type: opts.type ?? 'OFFICE',
      system_type: 'locker',
      address: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sizes = opts.sizes ?? ['S', 'M', 'L'];
  const doors = opts.doors ?? 6;
  await app.db
    .insertInto('lockers')
    .values(
      Array.from({ length: doors }, (_, i) => ({
        place_id: id,
        door_number: i + 1,
        size: sizes[i % sizes.length]!,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await app.devices.syncPlace(id);
  const lockers = await app.db
    .selectFrom('lockers')
    .selectAll()
    .where('place_id', '=', id)
    .orderBy('door_number')
    .execute();
  return { placeId: id, lockers };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 3000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Installs a kiosk screen account at a place: every kiosk call of it acts there (issue #20). */
export async function bindScreen(app: FastifyInstance, screenId: number, placeId: number) {
  await app.db
    .insertInto('kiosk_screens')
    .values({ admin_id: screenId, place_id: placeId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('admin_id').doUpdateSet({ place_id: placeId }))
    .execute();
}
