import { afterAll, beforeAll } from 'vitest';
import { MqttDriver, type MqttDriverOptions } from '../../src/devices/mqtt-driver.js';
import { describeEachDb, type TestContext } from './test-app.js';
import { createPlace, waitFor } from './fixtures.js';
import {
  BROKER,
  captureLogger,
  clearRetained,
  ensureBroker,
  RawController,
  uniquePrefix,
} from './raw-controller.js';

/** One database's run: its topic prefix, the places it made and what the server logged. */
interface MqttRun {
  prefix: string;
  places: number[];
  log: ReturnType<typeof captureLogger>;
}

/** What a suite over the real broker works with (one database at a time). */
export interface MqttSuite {
  ctx: TestContext;
  run: () => MqttRun;
  /** A place of `doors` doors; its retained topics are cleared after the file. */
  place: (doors?: number) => ReturnType<typeof createPlace>;
  /** A controller for `placeId` played by a plain MQTT client, closed after the suite. */
  controller: (placeId: number) => Promise<RawController>;
  /** The stored door statuses of a place, by door number. */
  doorStatuses: (placeId: number) => Promise<number[]>;
  /** Waits until the stored door statuses are `want` (the events in flight applied). */
  settledStatuses: (placeId: number, want: number[], timeoutMs?: number) => Promise<number[]>;
  /** The server has heard the controller announce itself. */
  heard: (placeId: number) => Promise<unknown>;
  /** The warnings the server logged about a place. */
  warnings: (placeId: number) => Array<Record<string, unknown>>;
}

/**
 * The real server (both databases) on the real Mosquitto, its MQTT driver on a topic prefix of its
 * own with `timing`: the suites that play a controller with a plain MQTT client (docs/devices.md).
 */
export function describeOverMqtt(
  name: string,
  opts: { prefix: string; timing: MqttDriverOptions['timing'] },
  fn: (suite: MqttSuite) => void,
) {
  const runs: MqttRun[] = [];
  beforeAll(ensureBroker);
  afterAll(async () => {
    for (const run of runs) await clearRetained(run.prefix, run.places);
  });
  describeEachDb(
    name,
    (ctx) => {
      const run = () => runs.at(-1)!;
      const controllers: RawController[] = [];
      afterAll(async () => {
        for (const c of controllers) await c.close().catch(() => undefined);
      });
      const doorStatuses = async (placeId: number) => {
        const rows = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('place_id', '=', placeId)
          .orderBy('door_number')
          .execute();
        return rows.map((r) => r.door_status);
      };
      fn({
        ctx,
        run,
        place: async (doors = 3) => {
          const p = await createPlace(ctx.app, { doors });
          run().places.push(p.placeId);
          return p;
        },
        controller: async (placeId) => {
          const c = await RawController.connect(placeId, run().prefix);
          controllers.push(c);
          return c;
        },
        doorStatuses,
        settledStatuses: (placeId, want, timeoutMs = 4000) =>
          waitFor(async () => {
            await ctx.app.devices.events.drain();
            const now = await doorStatuses(placeId);
            return JSON.stringify(now) === JSON.stringify(want) ? now : null;
          }, timeoutMs),
        heard: (placeId) =>
          waitFor(async () => (await ctx.app.devices.driver.readStates(placeId))[0]?.online),
        warnings: (placeId) => run().log.lines.filter((l) => l.level === 40 && l.placeId === placeId),
      });
    },
    {
      driver: () => {
        const prefix = uniquePrefix(opts.prefix);
        const log = captureLogger();
        runs.push({ prefix, places: [], log });
        return new MqttDriver({ url: BROKER, prefix, logger: log.logger, timing: opts.timing });
      },
    },
  );
}
