import type { DbOrTx } from '../../db/schema.js';

/**
 * What orders read of the message outbox: an order's messages (its reply lists them) and the codes
 * they carried (a shared pickup code is read back from them, docs/adr/0051). Notifications writes
 * the outbox and reads these through orders, so the two modules lean one way only.
 */
export const orderOutboxRepository = {
  ofOrder(db: DbOrTx, orderId: number) {
    return db
      .selectFrom('messages')
      .select(['id', 'channel', 'event', 'recipient', 'status', 'error', 'attempts', 'created_at', 'sent_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  },
  /**
   * The pickup code last sent for each of these orders (only hashes are on the order; the code
   * lives on in the message that carried it, so reminders can repeat it and parcels share it).
   */
  async lastCodes(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (orderIds.length === 0) return out;
    const rows = await db
      .selectFrom('messages')
      .select(['order_id', 'code'])
      .where('order_id', 'in', [...orderIds])
      .where('code', 'is not', null)
      .orderBy('id')
      .execute();
    for (const r of rows) if (r.order_id !== null && r.code) out.set(r.order_id, r.code);
    return out;
  },
};
