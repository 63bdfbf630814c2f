import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint, type InputOf } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace, waitFor } from './helpers/fixtures.js';
import { depositOrder, lastPickupCode, newPhone } from './helpers/order-fixtures.js';
import { startSmsReceiver, startSmtp } from './helpers/message-peers.js';

// Real peers on loopback, shared by both databases' apps: an HTTP SMS gateway and an SMTP server.
const sms = await startSmsReceiver();
const smtp = await startSmtp();
afterAll(async () => {
  await sms.close();
  await smtp.close();
});

describeEachDb(
  'recipient messages: outbox, SMS gateway, SMTP, templates',
  (ctx) => {
    let admin: Awaited<ReturnType<typeof signIn>>;
    let placeId: number;
    const get = <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
      callApi(ctx.app, admin.token, endpoint, input);
    /** Sends what is due, and waits for sends in flight (the background job may hold some). */
    const send = async () => {
      await ctx.app.messaging.sender.runOnce();
      await waitFor(async () => {
        const busy = await ctx.app.db
          .selectFrom('messages')
          .select('id')
          .where('status', '=', 'queued')
          .where('locked_until', '>', new Date().toISOString())
          .executeTakeFirst();
        return !busy;
      });
    };
    beforeAll(async () => {
      admin = await signIn(ctx.app, 'admin');
      ({ placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 8, sizes: ['S'] }));
      sms.answer = 200;
      smtp.reject = false;
      // The peers serve both databases' apps, whose order ids overlap.
      sms.received.length = 0;
      smtp.mails.length = 0;
    });

    it('a stored parcel sends its pickup code by SMS and e-mail (text and HTML); the order shows both', async () => {
      const email = `ana${Date.now()}@example.pt`;
      const stored = await depositOrder(ctx.app, admin.token, placeId, 'S', {
        recipientEmail: email,
        recipientName: 'Ana Silva',
        recipientLanguage: 'en',
      });
      const { pin } = await lastPickupCode(ctx.app, stored.id);
      await send();
      const text = sms.received.find((r) => r.orderId === stored.id);
      expect(text).toMatchObject({
        to: stored.recipientPhone,
        from: 'Cacifo',
        event: 'pickupCode',
        language: 'en',
      });
      expect(text!.text).toContain(`Pickup code: ${pin}`);
      expect(text!.idempotencyKey).toBe(`cacifo-message-${text!.id}`);
      const mail = await waitFor(async () => smtp.mails.find((m) => m.text?.includes(pin)));
      expect(mail.subject).toBe(`Your parcel ${stored.packageId} is in the locker`);
      expect(mail.text).toContain('Hello Ana Silva');
      expect(mail.html).toContain(`<p style="margin:0 0 1em">Hello Ana Silva,</p>`);
      expect(mail.html).toMatch(/<a href="http:\/\/localhost:\d+\/pickup\/qr\?c=CACIFO-/);
      expect((mail.to as { text: string }).text).toBe(email);
      const order = await get(API.orders.order, { query: { id: stored.id } });
      expect(order.body.Data.messages).toEqual([
        expect.objectContaining({
          channel: 'sms',
          event: 'pickupCode',
          status: 'sent',
          recipient: stored.recipientPhone,
        }),
        expect.objectContaining({ channel: 'email', event: 'pickupCode', status: 'sent', recipient: email }),
      ]);
      for (const m of order.body.Data.messages!) expect(m.sentAt).toBeTruthy();
    });

    it('a gateway error is retried later with the reason kept; a refusal fails the message for good', async () => {
      sms.answer = 503;
      const a = await depositOrder(ctx.app, admin.token, placeId);
      await send();
      const list = await get(API.notifications.messages, { query: { orderId: a.id } });
      const retried = list.body.Data.messages[0]!;
      expect(retried).toMatchObject({ status: 'queued', attempts: 1, error: expect.stringContaining('503') });
      expect(Date.parse(retried.nextAttemptAt!)).toBeGreaterThan(Date.now() + 10_000);
      // Not due yet: another run leaves it alone.
      await send();
      expect(
        (await get(API.notifications.messages, { query: { orderId: a.id } })).body.Data.messages[0]!.attempts,
      ).toBe(1);

      sms.answer = 400;
      const b = await depositOrder(ctx.app, admin.token, placeId);
      await send();
      const refused = (await get(API.notifications.messages, { query: { orderId: b.id } })).body.Data
        .messages[0]!;
      expect(refused).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('400') });
      // An admin queues it again; the gateway takes it this time.
      sms.answer = 200;
      const retry = await callApi(ctx.app, admin.token, API.notifications.retryMessage, {
        params: { id: refused.id },
      });
      expect(retry.body.Data.status).toBe('queued');
      await send();
      const done = (await get(API.notifications.messages, { query: { orderId: b.id } })).body.Data
        .messages[0]!;
      expect(done).toMatchObject({ status: 'sent', attempts: 2 });
      const again = await callApi(ctx.app, admin.token, API.notifications.retryMessage, {
        params: { id: refused.id },
      });
      expect([again.status, again.body.Description]).toEqual([422, 'stateNotAllowed']);
    });

    it('an address the SMTP server refuses (550) fails with its reason', async () => {
      smtp.reject = true;
      const o = await depositOrder(ctx.app, admin.token, placeId, 'S', {
        recipientEmail: 'nobody@example.pt',
      });
      await send();
      smtp.reject = false;
      const mail = (await get(API.notifications.messages, { query: { orderId: o.id, channel: 'email' } }))
        .body.Data;
      expect(mail.messages[0]).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/SMTP: .*550/),
      });
      expect(mail.providers).toEqual({ sms: true, email: true });
    });

    it('templates: saved per event, channel and language, previewed with sample data, unknown variables refused', async () => {
      // Each save sends the version of the set it read (docs/adr/0027).
      const put = async (templates: InputOf<typeof API.notifications.saveTemplates.body>['templates']) =>
        callApi(ctx.app, admin.token, API.notifications.saveTemplates, {
          body: {
            templates,
            updatedAt: (await get(API.notifications.templates, {})).body.Data.updatedAt,
          },
        });
      const bad = await put([
        { event: 'reminder', channel: 'sms', language: 'fr', body: 'Colis {packageId} à {lieu}' },
      ]);
      expect(bad.status).toBe(400);
      expect(bad.body.Data).toEqual({ 'body.templates.0.body': 'validation.templateVariable' });
      const preview = await callApi(ctx.app, admin.token, API.notifications.previewTemplate, {
        body: {
          event: 'reminder',
          channel: 'email',
          language: 'fr',
          subject: 'Rappel {packageId}',
          body: 'Bonjour {name},\n\nCode : {code} à {location}.',
        },
      });
      expect(preview.body.Data).toMatchObject({
        subject: 'Rappel SGPT12345678',
        text: 'Bonjour Ana Silva,\n\nCode : 482913 à Estação do Oriente.',
        variables: ['packageId', 'name', 'code', 'location'],
      });
      expect(preview.body.Data.html).toContain('<p style="margin:0 0 1em">Bonjour Ana Silva,</p>');
      expect(
        (await put([{ event: 'cancelled', channel: 'sms', language: 'es', body: 'Cancelado {packageId}' }]))
          .status,
      ).toBe(200);
      const all = await get(API.notifications.templates, {});
      expect(all.body.Data.templates).toHaveLength(8 * 2 * 4);
      expect(
        all.body.Data.templates.find(
          (t) => t.event === 'cancelled' && t.channel === 'sms' && t.language === 'es',
        ),
      ).toMatchObject({ body: 'Cancelado {packageId}', custom: true });
      // An empty body restores the built-in text.
      await put([{ event: 'cancelled', channel: 'sms', language: 'es', body: '' }]);
      const back = (await get(API.notifications.templates, {})).body.Data.templates.find(
        (t) => t.event === 'cancelled' && t.channel === 'sms' && t.language === 'es',
      );
      expect(back?.custom).toBe(false);
      const courier = await signIn(ctx.app, 'courier');
      expect((await callApi(ctx.app, courier.token, API.notifications.templates, {})).status).toBe(403);
    });

    it('a cancel after the deposit tells the recipient; a cancel before it says nothing', async () => {
      const stored = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone: newPhone() });
      const cancel = await callApi(ctx.app, admin.token, API.orders.cancel, { body: { orderId: stored.id } });
      expect(cancel.body.Data.state).toBe(8);
      await ctx.app.devices.events.drain();
      ctx.app.devices.simulator!.simulator(placeId)!.closeByHand(stored.assignedLocker!.doorNumber);
      const cancelled = await waitFor(async () => {
        await ctx.app.bus.idle();
        const o = (await get(API.orders.order, { query: { id: stored.id } })).body.Data;
        return o.state === 9 ? o : null;
      });
      expect(cancelled.messages!.map((m) => m.event)).toEqual(['pickupCode', 'cancelled']);
    });
  },
  {
    env: { SMS_WEBHOOK_URL: sms.url, SMTP_URL: smtp.url, MAIL_FROM: 'Cacifo <avisos@cacifo.test>' },
  },
);
