import type { FastifyBaseLogger } from 'fastify';
import { LOCKER_STATUS, WAITING_PICKUP_STATES, type PickupRules } from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { forEachYielding } from '../../lib/yielding.js';
import type { OrderEvents } from '../orders/order-events.js';
import { transition } from '../orders/order-transitions.js';
import { orderOutboxRepository } from '../orders/order-outbox.repository.js';
import { ordersRepository, type OrderRow } from '../orders/orders.repository.js';
import { newReturnCode } from '../orders/pickup-codes.js';
import { unpackCode, writeOrderMessages, type WriterContext } from './message-writer.js';
import { expiryOf, loadRules, nextNoticeAt, noticePlan, rulesFor, type Notice } from './pickup-rules.js';
import { recipientsRepository } from './recipients.repository.js';

const BATCH = 200;
const HOUR = 3_600_000;

/**
 * Reminders, last-day warnings and expiry of stored parcels, from a job that one instance runs at a
 * time. Each stored parcel carries when its next notice is due (`next_notice_at`); a run takes the
 * due ones, writes the latest notice due (a server down for days sends one reminder, not three; a
 * notice key makes each one once), and at the end of the pickup window expires the parcel: it
 * waits for a courier with a return code, and the recipient is told (the order listener).
 */
export class PickupNotices {
  constructor(
    private readonly db: Db,
    private readonly events: OrderEvents,
    private readonly ctx: () => WriterContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  async runOnce(now = nowIso()): Promise<number> {
    const rules = await loadRules(this.db);
    await this.giveWindows(rules, now);
    let handled = 0;
    for (;;) {
      const due = await ordersRepository.noticesDue(this.db, now, WAITING_PICKUP_STATES, BATCH);
      // One order at a time with the event loop free between them: on SQLite a run with many
      // notices due held every request and door message for seconds (3.6 s on the bench's data).
      await forEachYielding(due, async (order) => {
        try {
          await this.db.transaction().execute(async (tx) => {
            const place =
              order.place_id === null ? undefined : await recipientsRepository.place(tx, order.place_id);
            if (!order.stored_at || !order.expires_at || !place) {
              await ordersRepository.setColumns(tx, [order.id], { next_notice_at: null });
              return;
            }
            const plan = noticePlan(
              order.id,
              rulesFor(rules, place.system_type),
              order.stored_at,
              order.expires_at,
            );
            const dueNow = plan.filter((n) => n.at <= now);
            if (dueNow.some((n) => n.kind === 'expire')) {
              const code = await newReturnCode(tx, order, place.id);
              await transition(
                tx,
                this.events,
                order,
                'expire',
                null,
                { ...code.patch, return_code: code.pin, next_notice_at: null },
                { issuedCode: code },
              );
              return;
            }
            const latest = dueNow.at(-1);
            if (latest) await this.remind(tx, order, latest);
            await ordersRepository.setColumns(tx, [order.id], { next_notice_at: nextNoticeAt(plan, now) });
          });
          handled++;
        } catch (err) {
          // A parcel picked up at the same moment wins (conflict); anything else is logged and retried.
          if (!(err instanceof AppError && err.code === 'conflict')) {
            this.log.error({ err, orderId: order.id }, 'pickup notice failed');
          }
        }
      });
      if (due.length < BATCH) return handled;
    }
  }

  /**
   * Parcels stored before reminders existed (migration 0050) had no pickup window, so no notice
   * ever fell due and they never expired (issue #33). Each gets the window of its place's rules
   * from its deposit, but never one that ends sooner than a last-day warning from now: a parcel
   * long past its window is warned first and expires after that (docs/adr/0151), not on the spot.
   * Its next notice is due at once, so this same run sends the latest notice due.
   */
  private async giveWindows(rules: PickupRules[], now: string): Promise<void> {
    for (;;) {
      const orders = await ordersRepository.storedWithoutWindow(this.db, WAITING_PICKUP_STATES, BATCH);
      await forEachYielding(orders, async (order) => {
        await this.db.transaction().execute(async (tx) => {
          const place = await recipientsRepository.place(tx, order.place_id!);
          const own = rulesFor(rules, place?.system_type);
          const grace = new Date(Date.parse(now) + (own.lastDayHours || 24) * HOUR).toISOString();
          const window = expiryOf(own, order.stored_at!);
          const expiresAt = window > grace ? window : grace;
          await ordersRepository.setColumns(tx, [order.id], { expires_at: expiresAt, next_notice_at: now });
          if (order.locker_id !== null) {
            await recipientsRepository.setLockerExpiry(
              tx,
              order.locker_id,
              LOCKER_STATUS.OCCUPIED_DELIVERY,
              expiresAt,
            );
          }
        });
      });
      if (orders.length < BATCH) return;
    }
  }

  /** A reminder or last-day warning with the code in force; once per code for parcels sharing it. */
  private async remind(tx: DbOrTx, order: OrderRow, notice: Notice) {
    const code = unpackCode((await orderOutboxRepository.lastCodes(tx, [order.id])).get(order.id));
    const sharing =
      order.place_id !== null && order.pickup_pin_hash
        ? await recipientsRepository.sharingCode(
            tx,
            order.place_id,
            order.pickup_pin_hash,
            WAITING_PICKUP_STATES,
          )
        : [];
    const key =
      sharing.length > 1
        ? `${notice.kind}:code-${order.pickup_pin_hash!.slice(0, 16)}:${notice.slot}`
        : notice.key;
    await writeOrderMessages(tx, this.ctx(), order, notice.kind as 'reminder' | 'lastDay', {
      code,
      dedupe: key,
    });
  }
}
