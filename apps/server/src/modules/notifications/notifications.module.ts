import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notificationsApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { readServiceConfig } from '../catalog/catalog.service.js';
import { MessageSender } from './message-sender.js';
import type { WriterContext } from './message-writer.js';
import { NotificationsService } from './notifications.service.js';
import { orderMessagesListener } from './order-messages.js';
import { PickupNotices } from './pickup-notices.js';
import { registerPickupPage } from './pickup-page.js';
import { providersFrom } from './providers.js';

const SEND_JOB = 'messages.send';
const SEND_EVERY = { everyMs: 2_000, leaseMs: 60_000 };

/**
 * Recipient notifications (issue #25, ADR 0051): the order listener writes messages into the
 * outbox inside each order change's transaction; a job (one instance at a time) sends them through
 * the configured providers; another sends reminders and expires parcels at the end of their window.
 */
export const notificationsModule = fp(async function notifications(app: FastifyInstance) {
  const providers = providersFrom(
    app.config.messaging,
    async () => (await readServiceConfig(app.db)).smsSender,
  );
  const sender = new MessageSender(app.db, providers, app.log);
  const ctx = (): WriterContext => ({ channels: sender.channels, publicUrl: app.config.messaging.publicUrl });
  const send = async () => {
    await sender.runOnce();
  };
  // Sends now rather than at the next round; with another instance sending, its run takes them.
  const wake = () => {
    void app.jobs.runIfDue(SEND_JOB, { ...SEND_EVERY, everyMs: 1 }, send).catch((err: unknown) => {
      app.log.warn({ err }, 'message sender wake failed');
    });
  };
  let wakeTimer: NodeJS.Timeout | null = null;
  const listener = orderMessagesListener(ctx);
  app.orderEvents.on('notifications.messages', async (tx, changes) => {
    if ((await listener(tx, changes)) > 0 && !wakeTimer) {
      // After the transaction commits (a moment later); a rolled-back one leaves nothing to send.
      wakeTimer = setTimeout(() => {
        wakeTimer = null;
        wake();
      }, 100);
      wakeTimer.unref();
    }
  });
  app.jobs.every(SEND_JOB, SEND_EVERY, send);
  const notices = new PickupNotices(app.db, app.orderEvents, ctx, app.log);
  app.jobs.every('orders.pickupNotices', { everyMs: 60_000 }, async () => {
    if ((await notices.runOnce()) > 0) wake();
  });
  app.addHook('onClose', async () => {
    if (wakeTimer) clearTimeout(wakeTimer);
    await sender.close();
  });
  app.decorate('messaging', { sender, notices, wake });

  const service = new NotificationsService(
    app.db,
    () => sender.channels,
    app.config.messaging.publicUrl,
    wake,
  );
  registerRoutes(app, [
    route(api.messages, ({ query }) => service.messages(query)),
    route(api.exportMessages, ({ reply, query }) => service.exportMessages(reply, query)),
    route(api.retryMessage, ({ account, params }) => service.retry(account, params.id)),
    route(api.templates, () => service.templates()),
    route(api.saveTemplates, ({ account, body }) =>
      service.saveTemplates(account, body.templates, body.updatedAt),
    ),
    route(api.previewTemplate, ({ body }) => service.preview(body)),
    route(api.pickupSettings, () => service.pickupSettings()),
    route(api.savePickupSettings, ({ account, body }) => service.savePickupSettings(account, body)),
    route(api.returns, ({ account, query }) => service.returns(account, query)),
  ]);
  // The page a pickup message's QR link opens: public, HTML, outside the API (it is for recipients).
  registerPickupPage(app, app.db);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The message sender and the pickup notices job (tests run them directly). */
    messaging: { sender: MessageSender; notices: PickupNotices; wake: () => void };
  }
}
