import { expect, it } from 'vitest';
import { API, type CallInput } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, fastSimulator, QUICK_OFFLINE_MS, waitFor } from './helpers/fixtures.js';
import { adminLogActions, assetLogActions, createAsset } from './helpers/asset-fixtures.js';

describeEachDb(
  'asset storage, tags and warnings',
  (ctx) => {
    const settle = async () => {
      await ctx.app.devices.events.drain();
      await ctx.app.bus.idle();
    };
    const asset = async (token: string, id: number) =>
      (await callApi(ctx.app, token, API.assets.asset, { query: { assetId: id } })).body.Data;
    const warnings = async (token: string) =>
      (await callApi(ctx.app, token, API.assets.warnings, {})).body.Data;
    // The admin's door opens: for storage (a locker or a place may be chosen) and for retrieval.
    const openForStorage = (token: string, query: CallInput<typeof API.assets.openForStorage>['query']) =>
      callApi(ctx.app, token, API.assets.openForStorage, { query });
    const openForRetrieval = (token: string, assetId: number) =>
      callApi(ctx.app, token, API.assets.openForRetrieval, { query: { assetId } });

    it('stores through an admin open, follows the tag and warns when it goes missing', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 3, sizes: ['S', 'M', 'L'] });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token, { tag: 'E280-STORE-1' });
      const open = await openForStorage(a.token, { assetId: x.id, placeId });
      expect(open.status).toBe(200);
      expect(open.body.Data).toMatchObject({
        lockerId: lockers[0]!.id,
        doorNumber: 1,
        placeId,
        outcome: 'opened',
      });
      expect(open.body.Data.asset).toMatchObject({
        status: 3,
        lockers: [{ id: lockers[0]!.id, doorNumber: 1 }],
      });
      sim.placeTag(1, 'E280-STORE-1');
      // Tag and door events are handled concurrently: let the tag land first so the log order is fixed.
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).tagStatus === 1));
      sim.closeByHand(1);
      const stored = await waitFor(async () => {
        await settle();
        const r = await asset(a.token, x.id);
        return r.status === 4 && r.tagStatus === 1 ? r : null;
      });
      expect(stored).toMatchObject({ warning: null, container: expect.stringContaining('#1') });
      expect(await warnings(a.token)).toEqual([]);
      const locker = await ctx.app.db
        .selectFrom('lockers')
        .select('status')
        .where('id', '=', lockers[0]!.id)
        .executeTakeFirstOrThrow();
      expect(locker.status).toBe(2);

      sim.removeTag(1, 'E280-STORE-1');
      const warned = await waitFor(async () => {
        await settle();
        const w = await warnings(a.token);
        return w.length ? w : null;
      });
      expect(warned).toEqual([
        expect.objectContaining({
          assetId: x.id,
          kind: 'shouldBeDetected',
          status: 4,
          tagStatus: 0,
          lockerId: lockers[0]!.id,
          doorNumber: 1,
        }),
      ]);
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1, 11, 8, 4, 9]);
      expect(await adminLogActions(ctx.app, a.id)).toEqual([100, 111]);
      const editor = await signIn(ctx.app, 'editor');
      const denied = await callApi(ctx.app, editor.token, API.assets.warnings, {});
      expect(denied.status).toBe(403);
    });

    it('retrieves through an admin open only once the tag left; with it still seen the asset stays stored', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token, { tag: 'E280-RET-1' });
      const notStored = await openForRetrieval(a.token, x.id);
      expect([notStored.status, notStored.body.Description]).toEqual([422, 'assetNotInLocker']);
      await openForStorage(a.token, { assetId: x.id, lockerId: lockers[1]!.id });
      sim.placeTag(2, 'E280-RET-1');
      // Tag and door events are handled concurrently: let the tag land first so the log order is fixed.
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).tagStatus === 1));
      sim.closeByHand(2);
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).status === 4));
      const again = await openForStorage(a.token, { assetId: x.id });
      expect([again.status, again.body.Description]).toEqual([422, 'assetInLocker']);
      const del = await callApi(ctx.app, a.token, API.assets.remove, { body: { assetId: x.id } });
      expect([del.status, del.body.Description]).toEqual([422, 'assetInLocker']);

      const out = await openForRetrieval(a.token, x.id);
      expect(out.body.Data).toMatchObject({ doorNumber: 2, asset: { status: 5 } });
      // Opening again while it is open for retrieval is allowed (the door may have shut meanwhile).
      const reopen = await openForRetrieval(a.token, x.id);
      expect(reopen.body.Data).toMatchObject({ doorNumber: 2, asset: { status: 5 } });
      // The door closes with the tag still seen by the reader: not taken (issue #32). The asset
      // stays stored in its locker, which stays occupied, and the log says so.
      sim.closeByHand(2);
      const notTaken = await waitFor(async () => {
        await settle();
        const r = await asset(a.token, x.id);
        return r.status === 4 ? r : null;
      });
      expect(notTaken).toMatchObject({
        lockers: [{ id: lockers[1]!.id, doorNumber: 2 }],
        tagStatus: 1,
        warning: null,
      });
      const lockerStatus = async () =>
        (
          await ctx.app.db
            .selectFrom('lockers')
            .select('status')
            .where('id', '=', lockers[1]!.id)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await lockerStatus()).toBe(2);
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1, 11, 8, 4, 10, 10, 15]);
      // Another asset cannot be put on top of it.
      const other = await createAsset(ctx.app, a.token);
      const onTop = await openForStorage(a.token, { assetId: other.id, lockerId: lockers[1]!.id });
      expect([onTop.status, onTop.body.Description]).toEqual([409, 'lockerNotAvailable']);

      // Taken out this time: the tag leaves before the door closes.
      const last = await openForRetrieval(a.token, x.id);
      expect(last.body.Data).toMatchObject({ doorNumber: 2, asset: { status: 5 } });
      sim.removeTag(2, 'E280-RET-1');
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).tagStatus === 0));
      sim.closeByHand(2);
      const retrieved = await waitFor(async () => {
        await settle();
        const r = await asset(a.token, x.id);
        return r.status === 6 ? r : null;
      });
      expect(retrieved).toMatchObject({ lockers: [], tagStatus: 0, warning: null, container: null });
      expect(await lockerStatus()).toBe(0);
      expect((await warnings(a.token)).some((w) => w.assetId === x.id)).toBe(false);
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1, 11, 8, 4, 10, 10, 15, 10, 9, 6]);
      // A disabled asset raises no warning and cannot be moved.
      await callApi(ctx.app, a.token, API.assets.disable, { query: { assetId: x.id } });
      expect((await warnings(a.token)).some((w) => w.assetId === x.id)).toBe(false);
      const disabled = await openForStorage(a.token, { assetId: x.id });
      expect([disabled.status, disabled.body.Description]).toEqual([422, 'assetDisabled']);
    });

    it('leaves everything unchanged when the door fails or no locker fits', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 1 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token);
      sim.setFault('jam', 1);
      const jam = await openForStorage(a.token, { assetId: x.id, lockerId: lockers[0]!.id });
      expect([jam.status, jam.body.Description]).toEqual([409, 'doorJammed']);
      expect(jam.body.Data).toMatchObject({ outcome: 'jammed', ok: false });
      sim.clearFault();
      await settle();
      expect(await asset(a.token, x.id)).toMatchObject({ status: 1, lockers: [] });
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1]);

      const fixed = await createAsset(ctx.app, a.token, { isRandomLocker: false });
      const none = await openForStorage(a.token, { assetId: fixed.id, placeId });
      expect([none.status, none.body.Description]).toEqual([409, 'No locker avaliable']);
      const unknown = await openForStorage(a.token, { assetId: x.id, lockerId: 999999 });
      expect(unknown.status).toBe(404);
      const missing = await openForStorage(a.token, { assetId: 999999 });
      expect([missing.status, missing.body.Description]).toEqual([404, 'assetNotExist']);
    });

    it('answers deviceUnavailable when the controller is offline, changing nothing', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 1 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token);
      await openForStorage(a.token, { assetId: x.id, lockerId: lockers[0]!.id });
      sim.closeByHand(1);
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).status === 4));
      sim.setFault('offline');
      await waitFor(async () => {
        await settle();
        const l = await ctx.app.db
          .selectFrom('lockers')
          .select('door_status')
          .where('id', '=', lockers[0]!.id)
          .executeTakeFirstOrThrow();
        return l.door_status === 255;
      });
      // A locker holding another asset is never given for storage (it says what holds it); taking
      // the asset out reports the device.
      const store = await createAsset(ctx.app, a.token);
      const none = await openForStorage(a.token, { assetId: store.id, lockerId: lockers[0]!.id });
      expect([none.status, none.body.Description]).toEqual([409, 'lockerNotAvailable']);
      expect(none.body.Data).toMatchObject({ doors: [1], lockers: [{ holders: ['asset'] }] });
      const r = await openForRetrieval(a.token, x.id);
      expect([r.status, r.body.Description]).toEqual([503, 'deviceUnavailable']);
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1, 11, 4]);
      expect((await asset(a.token, x.id)).status).toBe(4);
    });

    it('ignores tags it does not know and logs a tag change only once', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId } = await createPlace(ctx.app, { doors: 2 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token, { tag: 'E280-TWICE' });
      sim.placeTag(2, 'UNKNOWN-TAG');
      sim.placeTag(2, 'E280-TWICE');
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).tagStatus === 1));
      ctx.app.bus.emit('tag', {
        placeId,
        lockerId: null,
        doorNumber: 2,
        tagId: 'E280-TWICE',
        present: true,
        at: nowIso(),
      });
      await settle();
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1, 8]);
      // Two instances seeing the same event at once write one change, not two.
      const gone = {
        placeId,
        lockerId: null,
        doorNumber: 2,
        tagId: 'E280-TWICE',
        present: false,
        at: nowIso(),
      };
      ctx.app.bus.emit('tag', gone);
      ctx.app.bus.emit('tag', gone);
      await settle();
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1, 8, 9]);
    });
  },
  { driver: () => fastSimulator(null, QUICK_OFFLINE_MS) },
);
