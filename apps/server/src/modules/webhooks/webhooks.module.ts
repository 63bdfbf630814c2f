import fp from 'fastify-plugin';
import { isAlertDoor, partnerApi, webhooksApi } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { anyoneHearsLockerAlerts, queueLockerAlert, queueOrderEvents } from './webhook-outbox.js';
import { WebhookWorker } from './webhook-worker.js';
import { webhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Partner webhooks: endpoints and logs, and the worker that sends the outbox. */
    webhooks: { service: WebhooksService; worker: WebhookWorker };
  }
}

/**
 * Partner webhooks (issue #24): the outbox listens to order changes inside their transaction and
 * to door alerts, the worker sends it, and the routes manage endpoints for partners and admins.
 */
export const webhooksModule = fp(async (app) => {
  const service = new WebhooksService(app.db, { allowPrivate: app.config.webhooks.allowPrivate });
  const worker = new WebhookWorker(app.db, app.log, app.config.webhooks);
  app.decorate('webhooks', { service, worker });

  app.orderEvents.on('webhooks', queueOrderEvents);
  // A door that turns to an alert (opened without a command, jammed, left open) at a delivery place.
  app.bus.on('doorChanged', async (e) => {
    if (e.lockerId === null || !isAlertDoor(e.doorStatus) || isAlertDoor(e.previousStatus)) return;
    if (!(await anyoneHearsLockerAlerts(app.db))) return;
    const locker = await webhooksRepository.deliveryLocker(app.db, e.lockerId);
    if (!locker) return;
    await app.db.transaction().execute((tx) =>
      queueLockerAlert(tx, {
        locker: {
          id: locker.id,
          locationId: locker.place_id,
          locationName: locker.place_name,
          doorNumber: locker.door_number,
          size: locker.size,
        },
        doorStatus: e.doorStatus,
        at: e.at,
      }),
    );
  });

  const page = (q: { max_results: number; offset: number }) => q;
  registerRoutes(app, [
    // The partner API: a key's own endpoints.
    route(partnerApi.createWebhook, ({ apiKey, body }) =>
      service.create({ apiKeyId: apiKey.id }, apiKey.id, body),
    ),
    route(partnerApi.webhooks, ({ apiKey }) =>
      service.list({ apiKeyId: apiKey.id }, { max_results: 1000, offset: 0 }),
    ),
    route(partnerApi.deleteWebhook, ({ apiKey, params }) =>
      service.remove({ apiKeyId: apiKey.id }, params.id),
    ),
    route(partnerApi.enableWebhook, ({ apiKey, params }) =>
      service.enable({ apiKeyId: apiKey.id }, params.id),
    ),
    route(partnerApi.deliveries, ({ apiKey, params, query }) =>
      service.deliveries({ apiKeyId: apiKey.id }, params.id, query),
    ),
    route(partnerApi.redeliver, ({ apiKey, params }) =>
      service.redeliver({ apiKeyId: apiKey.id }, params.id, params.deliveryId),
    ),
    // Administration > Integrations: every key's endpoints.
    route(webhooksApi.list, ({ account, query }) => service.list({ admin: account }, page(query))),
    route(webhooksApi.create, ({ account, params, body }) =>
      service.create({ admin: account }, params.id, body),
    ),
    route(webhooksApi.remove, ({ account, params }) => service.remove({ admin: account }, params.id)),
    route(webhooksApi.enable, ({ account, params }) => service.enable({ admin: account }, params.id)),
    route(webhooksApi.deliveries, ({ account, params, query }) =>
      service.deliveries({ admin: account }, params.id, query),
    ),
    route(webhooksApi.redeliver, ({ account, params }) =>
      service.redeliver({ admin: account }, params.id, params.deliveryId),
    ),
  ]);

  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
});
