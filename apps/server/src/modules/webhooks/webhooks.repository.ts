import type { Insertable } from 'kysely';
import type { Db, DbOrTx } from '../../db/schema.js';
import type { WebhookEndpointsTable } from '../../db/tables/partners.js';
import { queueStaffSms } from '../notifications/message-writer.js';

const endpointColumns = [
  'e.id',
  'e.api_key_id',
  'e.url',
  'e.events',
  'e.status',
  'e.failing_since',
  'e.disabled_at',
  'e.created_at',
  'k.name as api_key_name',
  'k.revoked_at as api_key_revoked_at',
] as const;

const endpoints = (db: DbOrTx) =>
  db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('api_keys as k', 'k.id', 'e.api_key_id')
    .where('e.deleted_at', 'is', null);

/** Webhook endpoints (issue #24); their deliveries are in webhook-deliveries.repository.ts. */
export const webhooksRepository = {
  async insertEndpoint(tx: DbOrTx, row: Insertable<WebhookEndpointsTable>): Promise<number> {
    const { id } = await tx
      .insertInto('webhook_endpoints')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async endpoint(db: DbOrTx, id: number) {
    return endpoints(db).select(endpointColumns).where('e.id', '=', id).executeTakeFirst();
  },

  /** A key's endpoints, or every endpoint (admins): disabled ones first, then newest. */
  async list(db: Db, page: { limit: number; offset: number; apiKeyId?: number }) {
    let q = endpoints(db);
    if (page.apiKeyId !== undefined) q = q.where('e.api_key_id', '=', page.apiKeyId);
    const [rows, total] = await Promise.all([
      q
        .select(endpointColumns)
        .orderBy('e.status', 'desc')
        .orderBy('e.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async softDelete(tx: DbOrTx, id: number, at: string) {
    await tx.updateTable('webhook_endpoints').set({ deleted_at: at }).where('id', '=', id).execute();
  },

  async enable(tx: DbOrTx, id: number) {
    await tx
      .updateTable('webhook_endpoints')
      .set({ status: 'active', disabled_at: null, failing_since: null })
      .where('id', '=', id)
      .execute();
  },

  /** Endpoints that get events now: active, not removed, and their key not revoked. */
  async subscribers(tx: DbOrTx) {
    return endpoints(tx)
      .select(['e.id', 'e.events', 'k.company', 'k.scopes'])
      .where('e.status', '=', 'active')
      .where('k.revoked_at', 'is', null)
      .execute();
  },

  /** Names of the enabled clients granted a place (ADR 0190): whose keys hear of its lockers. */
  async clientsGranted(tx: DbOrTx, placeId: number): Promise<Set<string>> {
    const rows = await tx
      .selectFrom('place_grants as g')
      .innerJoin('clients as c', 'c.id', 'g.client_id')
      .select('c.name')
      .where('g.place_id', '=', placeId)
      .where('c.enabled', '=', 1)
      .execute();
    return new Set(rows.map((r) => r.name));
  },

  async endpointSucceeded(tx: DbOrTx, id: number) {
    await tx
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('id', '=', id)
      .where('failing_since', 'is not', null)
      .execute();
  },

  /** Marks the start of a run of failures (kept if one is running); answers when it began. */
  async endpointFailed(tx: DbOrTx, id: number, at: string): Promise<string | null> {
    await tx
      .updateTable('webhook_endpoints')
      .set({ failing_since: at })
      .where('id', '=', id)
      .where('failing_since', 'is', null)
      .execute();
    const row = await tx
      .selectFrom('webhook_endpoints')
      .select(['failing_since', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status === 'active' ? row.failing_since : null;
  },

  /** Disables an endpoint; its pending deliveries fail with it. True when this call disabled it. */
  async disable(tx: DbOrTx, id: number, at: string): Promise<boolean> {
    const res = await tx
      .updateTable('webhook_endpoints')
      .set({ status: 'disabled', disabled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await tx
      .updateTable('webhook_deliveries')
      .set({
        status: 'failed',
        next_attempt_at: null,
        error: 'endpoint disabled',
        lock_owner: null,
        locked_until: null,
      })
      .where('endpoint_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    return true;
  },

  /** A delivery locker as `locker.alert` describes it; undefined for lockers of other places. */
  async deliveryLocker(db: DbOrTx, lockerId: number) {
    return db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select(['l.id', 'l.place_id', 'p.name as place_name', 'l.door_number', 'l.size'])
      .where('l.id', '=', lockerId)
      .where('p.type', '=', 'DELIVERY')
      .executeTakeFirst();
  },

  /** Notifiable admins with a phone: who hears that an endpoint was disabled. */
  async notifiableAdmins(tx: DbOrTx) {
    return tx
      .selectFrom('admins')
      .select(['id', 'phone'])
      .where('role', '=', 'admin')
      .where('notifiable', '=', 1)
      .where('enabled', '=', 1)
      .where('phone', 'is not', null)
      .execute();
  },

  /** The SMS to notifiable admins goes through the message outbox (issue #25). */
  async queueSms(tx: DbOrTx, rows: Array<{ phone: string; body: string; now: string }>) {
    if (rows.length === 0) return;
    await queueStaffSms(tx, rows);
  },
};
export type EndpointRow = NonNullable<Awaited<ReturnType<typeof webhooksRepository.endpoint>>>;
