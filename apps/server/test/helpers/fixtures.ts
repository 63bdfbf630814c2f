import type { FastifyInstance } from 'fastify';
import type { LockerSize, PlaceType } from '@cacifo/contract';
import { nowIso } from '../../src/db/helpers.js';
import { SimulatorDriver } from '../../src/devices/simulator-driver.js';

/**
 * How long the tests of a silent controller let it stay quiet before it counts as offline: short, so
 * they wait little, but not so short that a busy machine stalling the event loop (which runs the
 * simulated heartbeat too) takes a healthy controller offline.
 */
export const QUICK_OFFLINE_MS = 1_500;

/**
 * A driver fast enough for tests: doors open in 10 ms and close by themselves after `autoCloseMs`.
 * A controller counts as offline after `offlineAfterMs` of silence: 10 s unless a test of silent
 * controllers asks for QUICK_OFFLINE_MS. (It was 400 ms for everyone: on two loaded cores a stall
 * that long happened, every door turned offline (255) mid-test and came back, and tests counting
 * free lockers or door events failed now and then.)
 */
export function fastSimulator(autoCloseMs: number | null = null, offlineAfterMs = 10_000) {
  return new SimulatorDriver({
    timing: { ackTimeoutMs: 500, resultTimeoutMs: 1000, offlineAfterMs },
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
  // The place's controller reports its doors as it starts. Until that report is recorded, a test's
  // own writes to the lockers race it: a clean CI run saw the report, read after the test had set one
  // door open, record it closed again.
  await app.devices.events.drain();
  const lockers = await app.db
    .selectFrom('lockers')
    .selectAll()
    .where('place_id', '=', id)
    .orderBy('door_number')
    .execute();
  return { placeId: id, lockers };
}

/**
 * Polls `probe` until it gives a truthy value. The default limit is generous on purpose: a condition
 * met returns at once, and only a loaded machine ever comes near it.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
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
