import { expect, it } from 'vitest';
import type { Asset, AssetDoorOpenReply, AssetWarning } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
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
      (await call<Asset>(ctx.app, token, { method: 'GET', url: `/api/asset/asset?assetId=${id}` })).body.Data;
    const warnings = async (token: string) =>
      (await call<AssetWarning[]>(ctx.app, token, { method: 'GET', url: '/api/asset/assetWarnings' })).body
        .Data;

    it('stores through an admin open, follows the tag and warns when it goes missing', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 3, sizes: ['S', 'M', 'L'] });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token, { tag: 'E280-STORE-1' });
      const open = await call<AssetDoorOpenReply>(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${x.id}&placeId=${placeId}`,
      });
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
      const denied = await call(ctx.app, editor.token, { method: 'GET', url: '/api/asset/assetWarnings' });
      expect(denied.status).toBe(403);
    });

    it('retrieves through an admin open only once the tag left; with it still seen the asset stays stored', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token, { tag: 'E280-RET-1' });
      const notStored = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForRetrieval?assetId=${x.id}`,
      });
      expect([notStored.status, notStored.body.Description]).toEqual([422, 'assetNotInLocker']);
      await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${x.id}&lockerId=${lockers[1]!.id}`,
      });
      sim.placeTag(2, 'E280-RET-1');
      // Tag and door events are handled concurrently: let the tag land first so the log order is fixed.
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).tagStatus === 1));
      sim.closeByHand(2);
      await waitFor(async () => (await settle(), (await asset(a.token, x.id)).status === 4));
      const again = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${x.id}`,
      });
      expect([again.status, again.body.Description]).toEqual([422, 'assetInLocker']);
      const del = await call(ctx.app, a.token, {
        method: 'DELETE',
        url: '/api/asset/asset',
        payload: { assetId: x.id },
      });
      expect([del.status, del.body.Description]).toEqual([422, 'assetInLocker']);

      const out = await call<AssetDoorOpenReply>(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForRetrieval?assetId=${x.id}`,
      });
      expect(out.body.Data).toMatchObject({ doorNumber: 2, asset: { status: 5 } });
      // Opening again while it is open for retrieval is allowed (the door may have shut meanwhile).
      const reopen = await call<AssetDoorOpenReply>(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForRetrieval?assetId=${x.id}`,
      });
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
      const onTop = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${other.id}&lockerId=${lockers[1]!.id}`,
      });
      expect([onTop.status, onTop.body.Description]).toEqual([409, 'lockerNotAvailable']);

      // Taken out this time: the tag leaves before the door closes.
      const last = await call<AssetDoorOpenReply>(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForRetrieval?assetId=${x.id}`,
      });
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
      await call(ctx.app, a.token, { method: 'GET', url: `/api/asset/disableAsset?assetId=${x.id}` });
      expect((await warnings(a.token)).some((w) => w.assetId === x.id)).toBe(false);
      const disabled = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${x.id}`,
      });
      expect([disabled.status, disabled.body.Description]).toEqual([422, 'assetDisabled']);
    });

    it('leaves everything unchanged when the door fails or no locker fits', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 1 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token);
      sim.setFault('jam', 1);
      const jam = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${x.id}&lockerId=${lockers[0]!.id}`,
      });
      expect([jam.status, jam.body.Description]).toEqual([409, 'doorJammed']);
      expect(jam.body.Data).toMatchObject({ outcome: 'jammed', ok: false });
      sim.clearFault();
      await settle();
      expect(await asset(a.token, x.id)).toMatchObject({ status: 1, lockers: [] });
      expect(await assetLogActions(ctx.app, x.id)).toEqual([1]);

      const fixed = await createAsset(ctx.app, a.token, { isRandomLocker: false });
      const none = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${fixed.id}&placeId=${placeId}`,
      });
      expect([none.status, none.body.Description]).toEqual([409, 'No locker avaliable']);
      const unknown = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${x.id}&lockerId=999999`,
      });
      expect(unknown.status).toBe(404);
      const missing = await call(ctx.app, a.token, {
        method: 'GET',
        url: '/api/asset/openForStorage?assetId=999999',
      });
      expect([missing.status, missing.body.Description]).toEqual([404, 'assetNotExist']);
    });

    it('answers deviceUnavailable when the controller is offline, changing nothing', async () => {
      const a = await signIn(ctx.app, 'admin');
      const { placeId, lockers } = await createPlace(ctx.app, { doors: 1 });
      const sim = ctx.app.devices.simulator!.simulator(placeId)!;
      const x = await createAsset(ctx.app, a.token);
      await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${x.id}&lockerId=${lockers[0]!.id}`,
      });
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
      const none = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForStorage?assetId=${store.id}&lockerId=${lockers[0]!.id}`,
      });
      expect([none.status, none.body.Description]).toEqual([409, 'lockerNotAvailable']);
      expect(none.body.Data).toMatchObject({ doors: [1], lockers: [{ holders: ['asset'] }] });
      const r = await call(ctx.app, a.token, {
        method: 'GET',
        url: `/api/asset/openForRetrieval?assetId=${x.id}`,
      });
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
