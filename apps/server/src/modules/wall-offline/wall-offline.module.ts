import fp from 'fastify-plugin';
import { ORDER_STATE, wallApi as api, type CredentialKind, type WallConflict } from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { registerRoutes, route } from '../../lib/define-route.js';
import { AppError } from '../../lib/errors.js';
import type { OrderChange } from '../orders/order-events.js';
import type { OrdersDeps } from '../orders/orders-deps.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { CODE_STATES } from '../orders/pickup-codes.js';
import { applyWallOpen, type WallResult } from '../orders/wall-journal.js';
import type { DbOrTx } from '../../db/schema.js';
import { onCredentialInputsChanged } from './credential-inputs.js';
import { CredentialPublisher } from './credential-publisher.js';
import { freeDoors, parcelCodes } from './credential-set.js';
import { depositCredentials } from './deposit-credentials.js';
import { applyWallDeposit } from './deposit-journal.js';
import { JournalApplier } from './journal-applier.js';
import { officeCredentials } from './office-credentials.js';
import { applyAssetAccess, applyOfficeAccess } from './office-journal.js';
import type { PlaceKeys } from './place-keys.js';
import { wallOfflineRepository as repo } from './wall-offline.repository.js';

/** A change's transaction may still be open at the first refresh: a second one finds it committed. */
const SECOND_LOOK_MS = 1500;

/**
 * The wall's offline half (issue #32, docs/adr/0125): the credential sets controllers check alone,
 * kept current, and the journals they send back, applied.
 */
export const wallOfflineModule = fp(async (app) => {
  const driver = app.devices.driver;
  const publisher = new CredentialPublisher(app.db, app.placeKeys, driver, app.log);
  publisher.addSource(parcelCodes);
  publisher.addSource(freeDoors);
  publisher.addSource(depositCredentials);
  publisher.addSource(officeCredentials);
  const refresh = (placeId: number) => {
    publisher.schedule(placeId);
    setTimeout(() => publisher.schedule(placeId), SECOND_LOOK_MS).unref();
  };
  // Cards, PINs, groups, schedules, couriers, carrier keys: every wall at once (they may be anywhere).
  const seconds = new Set<NodeJS.Timeout>();
  const refreshEvery = () => {
    publisher.scheduleAll();
    const second = setTimeout(() => {
      seconds.delete(second);
      publisher.scheduleAll();
    }, SECOND_LOOK_MS);
    second.unref();
    seconds.add(second);
  };
  const unhear = onCredentialInputsChanged(refreshEvery);
  // A write through a credential route: on those routes alone (credential-routes.ts, issue #34).
  const unlisten = app.credentialRoutes.onWrite(refreshEvery);
  const applier = new JournalApplier(app.db, driver, app.bus, app.lockerUpdates, app.log, refresh);
  const deps: OrdersDeps = {
    db: app.db,
    doors: app.doors,
    lockerUpdates: app.lockerUpdates,
    log: app.log,
    events: app.orderEvents,
  };
  applier.onAccess('order', async (placeId, entry) => {
    if (entry.type !== 'access' || (entry.kind !== 'pickup' && entry.kind !== 'return'))
      return { result: 'ignored', detail: { reason: 'notAParcelCode' } };
    const [door] = entry.doors;
    const orderId = Number(entry.credentialId.split(':')[1]);
    const result = await applyWallOpen(deps, {
      orderId,
      placeId,
      kind: entry.kind,
      via: entry.via,
      door: door!.door,
      outcome: door!.outcome,
      at: new Date(entry.at).toISOString(),
    });
    return result.result === 'applied' ? replacedCode(app.db, orderId, entry) : result;
  });

  const deposit = async (
    placeId: number,
    entry: Parameters<typeof applyWallDeposit>[2] | { type: 'access' },
  ) =>
    entry.type === 'deposit'
      ? applyWallDeposit(deps, placeId, entry)
      : { result: 'ignored' as const, detail: { reason: 'notADeposit' } };
  applier.onAccess('carrier', deposit);
  applier.onAccess('courier', deposit);
  applier.onAccess('user', async (placeId, entry) =>
    entry.type === 'access' && entry.kind === 'office'
      ? applyOfficeAccess(app.db, app.placeKeys, placeId, entry)
      : { result: 'ignored', detail: { reason: 'notAnOfficeAccess' } },
  );
  applier.onAccess('asset', async (placeId, entry) =>
    entry.type === 'access' && entry.kind === 'asset'
      ? applyAssetAccess(app.db, app.lockerUpdates, placeId, entry)
      : { result: 'ignored', detail: { reason: 'notAnAssetAccess' } },
  );

  // A code exists in clear only when it is issued: its place hashes are made then.
  app.orderEvents.on('wallOffline.codes', async (tx, changes) => {
    const places = new Set<number>();
    for (const change of changes) {
      const placeId = change.after?.place_id ?? change.before?.place_id;
      if (placeId) places.add(placeId);
      await storeCodeHashes(tx, app.placeKeys, change);
    }
    for (const placeId of places) refresh(placeId);
  });
  // A controller (back) online: its set again (the in-process one has no memory of it).
  app.bus.on('controller', (e) => {
    if (e.online) void publisher.refresh(e.placeId, true);
  });
  const unsubscribe = driver.subscribe((e) => {
    if (e.type === 'journal') applier.handle(e);
  });
  // Across instances: windows slide, daily codes turn, what changed untold is caught.
  app.jobs.every('wallOffline.credentials', { everyMs: app.config.wallCredentialsSweepMs }, () =>
    publisher.refreshAll(),
  );
  app.addHook('onReady', () => {
    void publisher.refreshAll();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    unhear();
    unlisten();
    for (const t of seconds) clearTimeout(t);
    await applier.drain();
    await publisher.close();
  });

  registerRoutes(app, [
    route(api.controllerKey, async ({ params }) => {
      if (!(await repo.placeExists(app.db, params.id))) throw new AppError('notFound');
      return { placeId: params.id, key: app.placeKeys.keyOf(params.id).toString('hex') };
    }),
    route(api.conflicts, async ({ query }) => {
      const rows = await repo.conflicts(app.db, {
        limit: query.max_results,
        offset: query.offset,
        placeId: query.placeId,
      });
      const conflicts: WallConflict[] = rows.map((r) => ({
        placeId: r.place_id,
        boot: r.boot,
        seq: r.seq,
        type: r.type,
        controllerAt: r.controller_at,
        receivedAt: r.created_at,
        wall: JSON.parse(r.entry) as Record<string, unknown>,
        server: JSON.parse(r.detail ?? '{}') as Record<string, unknown>,
      }));
      return { conflicts };
    }),
  ]);
  app.decorate('wallOffline', { publisher, applier });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Credential sets out, journals in (docs/adr/0125); tests wait on them. */
    wallOffline: { publisher: CredentialPublisher; applier: JournalApplier };
  }
}

/**
 * The wall opened with a code the server had replaced before that moment (a code resent while they
 * were apart): the parcel is out, so the pickup stands, and the conflict says which code was used.
 */
async function replacedCode(
  db: DbOrTx,
  orderId: number,
  entry: { matched?: string | undefined; at: number },
): Promise<WallResult> {
  const current = entry.matched ? await repo.codeHashesOf(db, orderId) : undefined;
  if (!current || !entry.matched) return { result: 'applied' };
  const same = [current.pin_hash, current.qr_hash].some((h) => h?.startsWith(entry.matched!));
  if (same || Date.parse(current.created_at) > entry.at) return { result: 'applied' };
  return {
    result: 'conflict',
    applied: true,
    detail: { reason: 'codeReplaced', orderId, codeIssuedAt: current.created_at },
  };
}

/**
 * The place hashes of a code just issued (stored, resent, expired into a return code), for its
 * parcel and for every parcel of the same recipient at the place sharing it.
 */
async function storeCodeHashes(tx: DbOrTx, keys: PlaceKeys, change: OrderChange): Promise<void> {
  const order = change.after;
  const code = change.issuedCode;
  if (!code || !order?.place_id || !order.pickup_pin_hash) return;
  const placeId = order.place_id;
  const kind: CredentialKind = order.state === ORDER_STATE.EXPIRED ? 'return' : 'pickup';
  const sharing =
    kind === 'pickup'
      ? await ordersRepository.withCode(tx, placeId, 'pickup_pin_hash', order.pickup_pin_hash, CODE_STATES)
      : [];
  const ids = new Set([order.id, ...sharing.map((o) => o.id)]);
  const now = nowIso();
  await repo.upsertCodeHashes(
    tx,
    [...ids].map((id) => ({
      order_id: id,
      place_id: placeId,
      kind,
      pin_hash: keys.hash(placeId, 'pin', code.pin),
      qr_hash: code.qr ? keys.hash(placeId, 'qr', code.qr) : null,
      created_at: now,
    })),
  );
}
