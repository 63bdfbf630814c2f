import { afterAll, describe, expect, it } from 'vitest';
import {
  API,
  ASSET_LOG_ACTION,
  ASSET_STATUS,
  DOOR_STATUS,
  LOCKER_STATUS,
  TAG_STATUS,
  isLockerAvailable,
  tileInput,
} from '@cacifo/contract';
import { testDialects } from './helpers/test-db.js';
import { until } from './helpers/server-process.js';
import { WallWorld } from './helpers/wall-processes.js';

/**
 * Issue #32, "Assets by tag", with the simulator as its own process on the real Mosquitto (not the
 * in-process wall of assets-storage.test.ts): the reader decides. A retrieval whose door closes
 * with the tag still seen was not taken (the asset stays stored, its tile not free); taken out
 * before the door closes, it is retrieved and the locker free again. The tags and the shutting of
 * the door are the simulator's hands (`--hands`, docs/devices.md).
 */
describe.each(testDialects())('the reader decides a retrieval, wall as a process [%s]', (dialect) => {
  const world = new WallWorld(dialect);
  afterAll(() => world.close());

  it('keeps an asset stored when its door closes with the tag still inside, and retrieves it once the tag leaves', async () => {
    await world.startServer();
    const placeId = await world.place('OFFICE', 2);
    const wall = await world.startWall(placeId, 2, { hands: true });
    const tag = `WT-${Date.now() % 1_000_000}`;
    const locker = await world.query((db) =>
      db
        .selectFrom('lockers')
        .select('id')
        .where('place_id', '=', placeId)
        .where('door_number', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    // An asset stored in door 1 (random locker, so a retrieval frees it), its tag in the reader.
    const now = new Date().toISOString();
    const assetId = await world.query(async (db) => {
      const row = await db
        .insertInto('assets')
        .values({
          name: 'Rebarbadora',
          tag,
          status: 4,
          created_at: now,
          updated_at: now,
          status_change_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('asset_lockers')
        .values({ asset_id: row.id, locker_id: locker.id, created_at: now })
        .execute();
      await db.updateTable('lockers').set({ status: 2 }).where('id', '=', locker.id).execute();
      return row.id;
    });
    expect(await wall.hands('/hands/tag', { door: 1, tagId: tag, present: true })).toMatchObject({
      ok: true,
      tags: [tag],
    });
    const asset = () =>
      world.query((db) =>
        db
          .selectFrom('assets')
          .select(['status', 'tag_status'])
          .where('id', '=', assetId)
          .executeTakeFirstOrThrow(),
      );
    await until(async () => (await asset()).tag_status === TAG_STATUS.DETECTED, 30_000);
    const doorOpen = () =>
      until(
        () =>
          world.query(async (db) => {
            const l = await db
              .selectFrom('lockers')
              .select('door_status')
              .where('id', '=', locker.id)
              .executeTakeFirstOrThrow();
            return l.door_status === DOOR_STATUS.OPEN;
          }),
        30_000,
      );
    const retrieve = async () => {
      const r = await world.api(API.assets.openForRetrieval, { query: { assetId } });
      expect([r.status, r.data.doorNumber]).toEqual([200, 1]);
      await doorOpen();
    };
    const logs = () =>
      world.query(async (db) =>
        (
          await db
            .selectFrom('asset_logs')
            .select('action_id')
            .where('asset_id', '=', assetId)
            .orderBy('id')
            .execute()
        ).map((l) => l.action_id),
      );
    const tile = async () => {
      const grid = await world.api(API.locations.lockers, { params: { id: placeId } });
      const l = grid.data.Lockers.find((x) => x.doorNumber === 1)!;
      return { tagsSeen: l.tagsSeen, available: isLockerAvailable(tileInput(l)) };
    };

    // Opened for retrieval; the door is shut with the tag still inside: not taken.
    await retrieve();
    expect(await wall.hands('/hands/close', { door: 1 })).toMatchObject({ open: false, tags: [tag] });
    await until(async () => (await logs()).includes(ASSET_LOG_ACTION.RETRIEVAL_NOT_TAKEN), 30_000);
    expect(await asset()).toEqual({ status: ASSET_STATUS.STORED, tag_status: TAG_STATUS.DETECTED });
    expect(await tile()).toEqual({ tagsSeen: [tag], available: false });
    const lockerStatus = () =>
      world.query(async (db) => {
        const l = await db
          .selectFrom('lockers')
          .select('status')
          .where('id', '=', locker.id)
          .executeTakeFirstOrThrow();
        return l.status;
      });
    expect(await lockerStatus()).toBe(LOCKER_STATUS.OCCUPIED);

    // Opened again; this time the thing is taken out before the door is shut: retrieved, locker free.
    await retrieve();
    expect(await wall.hands('/hands/tag', { door: 1, tagId: tag, present: false })).toMatchObject({
      tags: [],
    });
    await until(async () => (await asset()).tag_status === TAG_STATUS.UNDETECTED, 30_000);
    await wall.hands('/hands/close', { door: 1 });
    await until(async () => (await asset()).status === ASSET_STATUS.RETRIEVED, 30_000);
    expect((await logs()).at(-1)).toBe(ASSET_STATUS.RETRIEVED);
    expect(await lockerStatus()).toBe(LOCKER_STATUS.AVAILABLE);
    expect(await tile()).toEqual({ tagsSeen: [], available: true });
  }, 240_000);
});
