import type { Insertable } from 'kysely';
import type { Db, DbOrTx } from '../../db/schema.js';
import { sql } from '../../db/helpers.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/tables/partners.js';
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

const deliveryColumns = [
  'id',
  'event_id',
  'type',
  'status',
  'attempts',
  'response_code',
  'duration_ms',
  'error',
  'created_at',
  'last_attempt_at',
  'next_attempt_at',
  'delivered_at',
] as const;

const endpoints = (db: DbOrTx) =>
  db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('api_keys as k', 'k.id', 'e.api_key_id')
    .where('e.deleted_at', 'is', null);

/** Webhook endpoints and their deliveries (issue #24): the outbox, the worker's claims, the logs. */
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

  async insertDeliveries(tx: DbOrTx, rows: Insertable<WebhookDeliveriesTable>[]) {
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insertInto('webhook_deliveries')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  },

  /**
   * Claims up to `limit` due deliveries for this worker with a lease: pending, due, not leased, of
   * an active endpoint, and the first pending one of their order for their endpoint (so one
   * order's events go out in order). The UPDATE re-checks the lease, so two instances never both
   * take one delivery. Answers what it took, with the endpoint's URL and secret.
   */
  async claim(db: Db, c: { owner: string; now: string; leaseUntil: string; limit: number }) {
    const due = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select('d.id')
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', c.now)
      .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', c.now)]))
      .where('e.status', '=', 'active')
      .where('e.deleted_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as p')
              .select(sql<number>`1`.as('one'))
              .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('p.sequence_key', '=', 'd.sequence_key')
              .where('p.status', '=', 'pending')
              .whereRef('p.id', '<', 'd.id'),
          ),
        ),
      )
      .orderBy('d.id')
      .limit(c.limit)
      .execute();
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await db
      .updateTable('webhook_deliveries')
      .set({ lock_owner: c.owner, locked_until: c.leaseUntil })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', c.now)]))
      .execute();
    return db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select([
        'd.id',
        'd.endpoint_id',
        'd.event_id',
        'd.payload',
        'd.attempts',
        'd.give_up_at',
        'e.url',
        'e.secret',
      ])
      .where('d.id', 'in', ids)
      .where('d.lock_owner', '=', c.owner)
      .where('d.locked_until', '=', c.leaseUntil)
      .orderBy('d.id')
      .execute();
  },

  /** The outcome of one attempt; `next` null ends the delivery (delivered or failed). */
  async recordAttempt(
    tx: DbOrTx,
    id: number,
    owner: string,
    a: {
      status: 'pending' | 'delivered' | 'failed';
      at: string;
      next: string | null;
      responseCode: number | null;
      durationMs: number;
      error: string | null;
    },
  ) {
    await tx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: a.status,
        attempts: eb('attempts', '+', 1),
        last_attempt_at: a.at,
        next_attempt_at: a.next,
        response_code: a.responseCode,
        duration_ms: a.durationMs,
        error: a.error,
        delivered_at: a.status === 'delivered' ? a.at : null,
        lock_owner: null,
        locked_until: null,
      }))
      .where('id', '=', id)
      .where('lock_owner', '=', owner)
      .execute();
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

  async deliveries(db: Db, endpointId: number, page: { limit: number; offset: number; status?: string }) {
    let q = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
    if (page.status) q = q.where('status', '=', page.status as 'pending');
    const [rows, total] = await Promise.all([
      q.select(deliveryColumns).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async delivery(db: DbOrTx, endpointId: number, id: number) {
    return db
      .selectFrom('webhook_deliveries')
      .select(deliveryColumns)
      .where('endpoint_id', '=', endpointId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Sends a delivery again from now, for another full retry period (its event id is kept). */
  async redeliver(tx: DbOrTx, id: number, now: string, giveUpAt: string) {
    await tx
      .updateTable('webhook_deliveries')
      .set({
        status: 'pending',
        next_attempt_at: now,
        give_up_at: giveUpAt,
        lock_owner: null,
        locked_until: null,
      })
      .where('id', '=', id)
      .execute();
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
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof webhooksRepository.delivery>>>;
export type ClaimedDelivery = Awaited<ReturnType<typeof webhooksRepository.claim>>[number];
