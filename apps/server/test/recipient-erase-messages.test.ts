import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_LOG_ACTION, API } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { bindScreen, createPlace, waitFor } from './helpers/fixtures.js';
import { depositOrder, lastPickupCode, newPhone } from './helpers/order-fixtures.js';
import { startSmsReceiver } from './helpers/message-peers.js';

// A real SMS gateway on loopback, shared by both databases' apps (each test uses its own phones).
const sms = await startSmsReceiver();
afterAll(() => sms.close());

/**
 * Issue #31: erasing one recipient's data while a parcel of theirs is still in its locker. The
 * parcel stays collectable; the messages not sent yet are cancelled (never sent, never retried, not
 * the provider's failure) and the admin log counts them, even one caught in the middle of its send.
 */
describeEachDb(
  "erasing a recipient with an active parcel's messages pending",
  (ctx) => {
    type Signed = Awaited<ReturnType<typeof signIn>>;
    let admin: Signed;
    let screen: Signed;
    let placeId: number;
    beforeAll(async () => {
      admin = await signIn(ctx.app, 'admin');
      screen = await signIn(ctx.app, 'screen');
      ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 4, sizes: ['S'] }));
      await bindScreen(ctx.app, screen.id, placeId);
    });
    const messageOf = (orderId: number) =>
      ctx.app.db
        .selectFrom('messages')
        .select(['id', 'recipient', 'body', 'status', 'error', 'next_attempt_at', 'sent_at'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();

    it('cancels the code being sent when the erase comes mid-send; the parcel still opens with it', async () => {
      let answer!: (status: number) => void;
      sms.hold = new Promise<number>((resolve) => (answer = resolve));
      const phone = newPhone();
      const stored = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone: phone });
      const { pin } = await lastPickupCode(ctx.app, stored.id);
      // The sender has handed the code to the gateway, which has not answered yet.
      await waitFor(async () => sms.received.some((r) => r.to === phone));

      const erased = await callApi(ctx.app, admin.token, API.clients.eraseRecipientData, { body: { phone } });
      expect([erased.status, erased.body.Data]).toEqual([200, { parcels: 1, messages: 1, cancelled: 1 }]);
      // The gateway now fails the send in a way that is retried: it must not come back to the queue.
      sms.hold = null;
      answer(503);
      // Runs of the sender hold one lease: another parcel's code is sent only after that run ended.
      const next = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone: newPhone() });
      await waitFor(async () => (await messageOf(next.id)).status === 'sent');

      expect(await messageOf(stored.id)).toMatchObject({
        recipient: '',
        body: '',
        status: 'cancelled',
        error: 'recipient erased',
        next_attempt_at: null,
        sent_at: null,
      });
      expect(sms.received.filter((r) => r.to === phone)).toHaveLength(1);
      const { id } = await messageOf(stored.id);
      const retry = await callApi(ctx.app, admin.token, API.notifications.retryMessage, { params: { id } });
      expect([retry.status, retry.body.Description]).toEqual([422, 'stateNotAllowed']);
      // The outbox lists it as cancelled, not as failed.
      const listed = await callApi(ctx.app, admin.token, API.notifications.messages, {
        query: { orderId: stored.id, status: 'cancelled' },
      });
      expect(listed.body.Data.messages.map((m) => m.id)).toEqual([id]);

      const log = await ctx.app.db
        .selectFrom('admin_logs')
        .select('details')
        .where('action', '=', ADMIN_LOG_ACTION.RECIPIENT_DATA_ERASED)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(log.details!)).toMatchObject({ parcels: 1, messages: 1, cancelled: 1 });
      expect(String(log.details)).not.toContain(phone);

      // Erasing the person's data does not take their parcel away: the code they may have opens it.
      const opened = await callApi(ctx.app, screen.token, API.orders.kioskPickup, { body: { placeId, pin } });
      expect([opened.status, opened.body.Data.doorNumber]).toEqual([200, stored.assignedLocker!.doorNumber]);
    });
  },
  { env: { SMS_WEBHOOK_URL: sms.url } },
);
