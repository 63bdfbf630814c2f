import type { Insertable } from 'kysely';
import type { Db, DbOrTx } from '../../db/schema.js';
import { sql } from '../../db/helpers.js';
import type { WebhookDeliveriesTable } from '../../db/tables/partners.js';

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

/** Webhook deliveries (issue #24): the outbox's rows, the worker's claims and attempts, the logs. */
export const webhookDeliveriesRepository = {
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
};
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof webhookDeliveriesRepository.delivery>>>;
export type ClaimedDelivery = Awaited<ReturnType<typeof webhookDeliveriesRepository.claim>>[number];
