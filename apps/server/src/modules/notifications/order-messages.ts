import { LOCKER_STATUS, MESSAGE_EVENT, type TemplateEvent } from '@cacifo/contract';
import type { Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { milestoneOf, type OrderChange } from '../orders/order-events.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { writeOrderMessages, type WriterContext } from './message-writer.js';
import { expiryOf, loadRules, nextNoticeAt, noticePlan, rulesFor } from './pickup-rules.js';
import { recipientsRepository } from './recipients.repository.js';

/** The message an order change sends, if any. */
function eventOf(change: OrderChange): TemplateEvent | null {
  const milestone = milestoneOf(change);
  if (milestone === 'stored' && change.issuedCode) return MESSAGE_EVENT.PICKUP_CODE;
  if (change.action === 'resendSms' && change.issuedCode) return MESSAGE_EVENT.CODE_RESENT;
  // Told only when they had been told of the parcel: a cancel before the deposit sends nothing.
  if (milestone === 'canceled' && change.before?.stored_at) return MESSAGE_EVENT.CANCELLED;
  if (milestone === 'expired') return MESSAGE_EVENT.EXPIRED;
  if (milestone === 'returned') return MESSAGE_EVENT.RETURNED;
  // A receipt: whoever has the code learns when the parcel left, also after a wall's outage.
  if (milestone === 'pickedUp') return MESSAGE_EVENT.COLLECTED;
  return null;
}

/**
 * The order listener of the message outbox (ADR 0050, 0051): inside the transaction of each change
 * it writes the messages the change sends and, when a package is first stored, its pickup window
 * (expiry and the schedule of reminders) from the rules of its location type.
 */
export function orderMessagesListener(ctx: () => WriterContext) {
  /** Answers how many messages it wrote. */
  return async (tx: Tx, changes: readonly OrderChange[]): Promise<number> => {
    let written = 0;
    for (const change of changes) {
      let order = change.after;
      if (!order) continue;
      if (milestoneOf(change) === 'stored' && order.stored_at && order.place_id !== null) {
        const place = await recipientsRepository.place(tx, order.place_id);
        const rules = rulesFor(await loadRules(tx), place?.system_type);
        const expiresAt = expiryOf(rules, order.stored_at);
        const next = nextNoticeAt(noticePlan(order.id, rules, order.stored_at, expiresAt), nowIso());
        await ordersRepository.setColumns(tx, [order.id], { expires_at: expiresAt, next_notice_at: next });
        if (order.locker_id !== null) {
          // The locker tile's expiry follows the pickup window.
          await recipientsRepository.setLockerExpiry(
            tx,
            order.locker_id,
            LOCKER_STATUS.OCCUPIED_DELIVERY,
            expiresAt,
          );
        }
        order = { ...order, expires_at: expiresAt, next_notice_at: next };
      }
      const event = eventOf(change);
      if (!event) continue;
      written += await writeOrderMessages(tx, ctx(), order, event, { code: change.issuedCode ?? null });
    }
    return written;
  };
}
