import type { FastifyInstance } from 'fastify';

/**
 * Rows of client A the ownership matrix needs and no route makes as plainly: a webhook (disabled,
 * `locker.alert` only, so no worker changes it meanwhile) with a delivery that gave up, carrying
 * the recipient; a rental at a marketplace place.
 */
export async function insertWebhookOf(
  app: FastifyInstance,
  apiKeyId: number,
  orderId: number,
  url: string,
  recipientName: string,
  recipientPhone: string,
) {
  const now = new Date().toISOString();
  const hookA = await app.db
    .insertInto('webhook_endpoints')
    .values({
      api_key_id: apiKeyId,
      url,
      events: '["locker.alert"]',
      secret: 'whsec_alfa',
      failing_since: null,
      disabled_at: now,
      status: 'disabled',
      created_at: now,
      created_by_name: 'matriz',
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deliveryA = await app.db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: hookA.id,
      event_id: 'evt-alfa-matriz',
      type: 'order.stored',
      payload: JSON.stringify({ recipientName, recipientPhone }),
      sequence_key: `order:${orderId}`,
      status: 'failed',
      next_attempt_at: null,
      give_up_at: now,
      last_attempt_at: now,
      response_code: 500,
      duration_ms: 10,
      error: 'gave up',
      created_at: now,
      delivered_at: null,
      lock_owner: null,
      locked_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { hookA, deliveryA };
}

/** An active rental of `phone` in the first locker of a marketplace place. */
export async function insertRental(app: FastifyInstance, placeId: number, phone: string) {
  const now = new Date().toISOString();
  const locker = await app.db
    .selectFrom('lockers')
    .select(['id', 'door_number'])
    .where('place_id', '=', placeId)
    .executeTakeFirstOrThrow();
  return app.db
    .insertInto('rentals')
    .values({
      place_id: placeId,
      locker_id: locker.id,
      door_number: locker.door_number,
      size: 'S',
      status: 'active',
      phone,
      method: null,
      pending_until: now,
      started_at: now,
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      safe_until: null,
      ended_at: null,
      screen_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
