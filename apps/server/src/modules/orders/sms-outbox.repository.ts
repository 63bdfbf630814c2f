import type { DbOrTx } from '../../db/schema.js';

/** The notifier outbox (DECISIONS: SMS): a message written here is never lost; admin tools show it. */
export const smsOutboxRepository = {
  async insert(db: DbOrTx, v: { phone: string; body: string; kind: string; orderId: number; now: string }) {
    await db
      .insertInto('sms_outbox')
      .values({ phone: v.phone, body: v.body, kind: v.kind, order_id: v.orderId, created_at: v.now })
      .execute();
  },
};
