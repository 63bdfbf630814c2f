import type { Insertable } from 'kysely';
import type { OrderState } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import type { DeviceTables } from '../../db/tables/devices.js';

type CodeHashRow = Insertable<DeviceTables['device_code_hashes']>;
type JournalRow = Insertable<DeviceTables['device_journal']>;
export interface JournalKey {
  placeId: number;
  boot: number;
  seq: number;
}

/** Queries of the wall's offline half (ADR 0125): code hashes, published sets, the journal. */
export const wallOfflineRepository = {
  async upsertCodeHashes(db: DbOrTx, rows: CodeHashRow[]): Promise<void> {
    for (const row of rows) {
      await db
        .insertInto('device_code_hashes')
        .values(row)
        .onConflict((oc) =>
          oc.column('order_id').doUpdateSet({
            place_id: row.place_id,
            kind: row.kind,
            pin_hash: row.pin_hash,
            qr_hash: row.qr_hash ?? null,
            created_at: row.created_at,
          }),
        )
        .execute();
    }
  },

  /** The place hashes of the code an order holds now, and when it was issued. */
  codeHashesOf(db: DbOrTx, orderId: number) {
    return db
      .selectFrom('device_code_hashes')
      .select(['pin_hash', 'qr_hash', 'created_at'])
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  },

  /** Parcels of a place in these states whose code the controller can check, with their door. */
  codeCredentials(db: DbOrTx, placeId: number, states: readonly OrderState[]) {
    return db
      .selectFrom('device_code_hashes as h')
      .innerJoin('orders as o', 'o.id', 'h.order_id')
      .innerJoin('lockers as l', 'l.id', 'o.locker_id')
      .select(['o.id', 'o.state', 'o.expires_at', 'l.door_number', 'h.kind', 'h.pin_hash', 'h.qr_hash'])
      .where('l.place_id', '=', placeId)
      .where('o.state', 'in', [...states])
      .orderBy('o.id')
      .execute();
  },

  publishedSet(db: DbOrTx, placeId: number) {
    return db
      .selectFrom('device_credential_sets')
      .selectAll()
      .where('place_id', '=', placeId)
      .executeTakeFirst();
  },

  /** Compare-and-set on the version: of two instances publishing at once, one wins, once. */
  async savePublishedSet(
    db: DbOrTx,
    placeId: number,
    fromVersion: number | null,
    row: { version: number; digest: string; body: string; updated_at: string },
  ): Promise<boolean> {
    if (fromVersion === null) {
      const r = await db
        .insertInto('device_credential_sets')
        .values({ place_id: placeId, ...row })
        .onConflict((oc) => oc.column('place_id').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const r = await db
      .updateTable('device_credential_sets')
      .set(row)
      .where('place_id', '=', placeId)
      .where('version', '=', fromVersion)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Claims an entry: false when it was applied already (a resend, or another instance first). */
  async claimEntry(db: DbOrTx, row: JournalRow): Promise<boolean> {
    const r = await db
      .insertInto('device_journal')
      .values(row)
      .onConflict((oc) => oc.columns(['place_id', 'boot', 'seq']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async settleEntry(db: DbOrTx, key: JournalKey, result: string, detail: string | null): Promise<void> {
    await db
      .updateTable('device_journal')
      .set({ result, detail })
      .where('place_id', '=', key.placeId)
      .where('boot', '=', String(key.boot))
      .where('seq', '=', key.seq)
      .execute();
  },

  /** Gives a claim back when applying failed, so the controller's next resend tries again. */
  async releaseEntry(db: DbOrTx, key: JournalKey): Promise<void> {
    await db
      .deleteFrom('device_journal')
      .where('place_id', '=', key.placeId)
      .where('boot', '=', String(key.boot))
      .where('seq', '=', key.seq)
      .execute();
  },

  /** The access or deposit entry a door entry names (`access`), to know who opened the door. */
  entry(db: DbOrTx, key: JournalKey) {
    return db
      .selectFrom('device_journal')
      .selectAll()
      .where('place_id', '=', key.placeId)
      .where('boot', '=', String(key.boot))
      .where('seq', '=', key.seq)
      .executeTakeFirst();
  },

  /**
   * A door change heard live before its journal entry: the entry names who opened it (a card, a
   * PIN), so the recorded event takes the person and the wall's command when it has none.
   */
  async attributeDoorEvent(
    db: DbOrTx,
    e: {
      placeId: number;
      door: number;
      status: number;
      at: string;
      userId: number | null;
      commandId: string;
    },
  ): Promise<void> {
    await db
      .updateTable('door_events')
      .set({ user_id: e.userId, command_id: e.commandId, commanded: 1 })
      .where('place_id', '=', e.placeId)
      .where('door_number', '=', e.door)
      .where('door_status', '=', e.status)
      .where('created_at', '=', e.at)
      .where('user_id', 'is', null)
      .execute();
  },

  /** The door's last recorded change at or before `at`, and whether one with this status is at `at`. */
  async historyAt(db: DbOrTx, placeId: number, door: number, status: number, at: string) {
    const last = await db
      .selectFrom('door_events')
      .select(['door_status', 'created_at'])
      .where('place_id', '=', placeId)
      .where('door_number', '=', door)
      .where('created_at', '<=', at)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return { last, same: last?.created_at === at && last.door_status === status };
  },

  /** Conflicts between what a wall did alone and what the server held, newest first. */
  conflicts(db: DbOrTx, page: { limit: number; offset: number; placeId?: number | undefined }) {
    let q = db.selectFrom('device_journal').selectAll().where('result', '=', 'conflict');
    if (page.placeId !== undefined) q = q.where('place_id', '=', page.placeId);
    return q.orderBy('created_at', 'desc').limit(page.limit).offset(page.offset).execute();
  },

  async placeName(db: DbOrTx, placeId: number): Promise<string> {
    const row = await db.selectFrom('places').select('name').where('id', '=', placeId).executeTakeFirst();
    return row?.name ?? String(placeId);
  },

  async placeExists(db: DbOrTx, placeId: number): Promise<boolean> {
    return (
      (await db.selectFrom('places').select('id').where('id', '=', placeId).executeTakeFirst()) !== undefined
    );
  },

  /** A door's locker with the time of its stored status: a journal entry older than it changes nothing. */
  lockerAtDoor(db: DbOrTx, placeId: number, doorNumber: number) {
    return db
      .selectFrom('lockers')
      .select(['id', 'status', 'door_status', 'door_status_updated_at', 'enabled'])
      .where('place_id', '=', placeId)
      .where('door_number', '=', doorNumber)
      .executeTakeFirst();
  },
};
