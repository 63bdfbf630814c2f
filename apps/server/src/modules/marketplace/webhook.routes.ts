import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rentalsApi, WEBHOOK_SIGNATURE_HEADER } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentsService } from './payments.service.js';

/**
 * The provider's status webhook. It has no token: the HMAC signature over the exact bytes received
 * is its authentication, so this (encapsulated) plugin keeps the raw JSON body next to the parsed one.
 */
export async function webhookRoutes(app: FastifyInstance, opts: { payments: PaymentsService }) {
  const raw = new WeakMap<FastifyRequest, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    raw.set(req, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('invalidInput', { body: 'validation.json' }), undefined);
    }
  });
  const signature = (req: FastifyRequest) => {
    const sig = req.headers[WEBHOOK_SIGNATURE_HEADER];
    return Array.isArray(sig) ? sig[0] : sig;
  };
  registerRoutes(app, [
    route(rentalsApi.paymentWebhook, ({ req, body }) =>
      opts.payments.webhook(raw.get(req) ?? '', signature(req), body),
    ),
  ]);
}
