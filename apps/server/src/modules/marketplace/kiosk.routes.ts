import type { FastifyInstance } from 'fastify';
import {
  marketplaceIdParamsSchema,
  kioskExtendSchema,
  kioskQuoteSchema,
  kioskRentSchema,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import type { Marketplace } from './marketplace.services.js';

/** Kiosk calls of the screen role; each one acts on the screen's own marketplace place only. */
export function kioskRoutes(app: FastifyInstance, { rentals }: Marketplace) {
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/kiosk/marketplace',
      permission: 'kiosk.use',
      summary: 'Packs on sale, opening state, free lockers by size, free mode and deposit',
      handler: ({ account }) => rentals.catalog(account!),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/quote',
      permission: 'kiosk.use',
      summary: 'Price of a pack with an optional voucher',
      body: kioskQuoteSchema,
      handler: ({ account, body }) => rentals.quote(account!, body.packId, body.voucherCode),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/rentals',
      permission: 'kiosk.use',
      summary: 'Reserves a locker and pays (card, MBWay, or nothing in free mode)',
      body: kioskRentSchema,
      handler: ({ account, body }) => rentals.rent(account!, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/kiosk/rentals/:id',
      permission: 'kiosk.use',
      params: marketplaceIdParamsSchema,
      handler: ({ account, params }) => rentals.get(account!, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/rentals/:id/open',
      permission: 'kiosk.use',
      params: marketplaceIdParamsSchema,
      handler: ({ account, params }) => rentals.open(account!, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/rentals/:id/extend',
      permission: 'kiosk.use',
      params: marketplaceIdParamsSchema,
      body: kioskExtendSchema,
      handler: ({ account, params, body }) => rentals.extend(account!, params.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/rentals/:id/end',
      permission: 'kiosk.use',
      params: marketplaceIdParamsSchema,
      handler: ({ account, params }) => rentals.end(account!, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/kiosk/rentals/:id/cancel',
      permission: 'kiosk.use',
      params: marketplaceIdParamsSchema,
      handler: ({ account, params }) => rentals.cancel(account!, params.id),
    }),
  ]);
}
