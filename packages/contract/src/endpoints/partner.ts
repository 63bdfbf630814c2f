import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import {
  partnerLocationSchema,
  partnerOrderInputSchema,
  partnerOrderSchema,
  partnerPackageParamsSchema,
} from '../schemas/partner.js';

/**
 * The partner API (issue #24): `/api/partner/v1`, reached with an API key of the route's scope,
 * documented apart in docs/partner-openapi.json and docs/partners.md.
 */
export const partnerApi = defineEndpoints('partner', {
  createOrder: {
    method: 'POST',
    path: '/api/partner/v1/orders',
    permission: 'partner.orders.write',
    summary: 'Pre-advise a parcel: the order is created (state 1) for its recipient',
    description:
      'A key confined to a company creates the order in that company. Send an `Idempotency-Key` so a ' +
      'retry never creates a second order: the same key and body answer the first answer again.',
    idempotent: true,
    body: partnerOrderInputSchema,
    reply: partnerOrderSchema,
    errors: ['orderExists', 'notFound'],
  },
  order: {
    method: 'GET',
    path: '/api/partner/v1/orders/:packageId',
    permission: 'partner.orders.read',
    summary: 'One order by package id, with its state and history',
    params: partnerPackageParamsSchema,
    reply: partnerOrderSchema,
    errors: ['orderNotExist'],
  },
  cancelOrder: {
    method: 'DELETE',
    path: '/api/partner/v1/orders/:packageId',
    permission: 'partner.orders.write',
    summary: 'Cancel an order while its parcel is not yet stored (a reserved locker is freed)',
    description:
      'Cancelling an order already cancelled answers it as it is; a stored parcel is stateNotAllowed.',
    params: partnerPackageParamsSchema,
    reply: partnerOrderSchema,
    errors: ['orderNotExist', 'stateNotAllowed', 'conflict'],
  },
  locations: {
    method: 'GET',
    path: '/api/partner/v1/locations',
    permission: 'partner.lockers.read',
    summary: 'Delivery locations with their free lockers per size',
    reply: z.array(partnerLocationSchema),
  },
});
