import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { courierCodesSchema } from '../schemas/courier-codes.js';
import { partnerReturnInputSchema, partnerReturnSchema } from '../schemas/return-dropoff.js';
import {
  partnerLocationSchema,
  partnerOrderInputSchema,
  partnerOrderSchema,
  partnerPackageParamsSchema,
} from '../schemas/partner.js';
import {
  deliveryListQuerySchema,
  deliveryListSchema,
  deliveryParamsSchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookInputSchema,
  webhookListSchema,
  webhookSchema,
} from '../schemas/webhooks.js';

/** The routes of a key's webhook endpoints (scope `webhooks:manage`). */
const hooks = { permission: 'partner.webhooks.manage' } as const;

/**
 * The partner API (issue #24): `/api/partner/v1`, reached with an API key of the route's scope,
 * documented apart in docs/partner-openapi.json and docs/partners.md.
 */
export const partnerApi = defineEndpoints('partner', {
  createReturn: {
    method: 'POST',
    path: '/api/partner/v1/returns',
    permission: 'partner.orders.write',
    summary: 'Pre-advise a return: the customer drops it off at a delivery wall with the code in the reply',
    description:
      "The return is an order of delivery type 2 (return box) in state 1, in the key's client. `returnCode` " +
      '(8 digits, shown once) is typed by the customer at the kiosk of the location (any delivery location ' +
      'without `locationId`): a free locker of `size` opens, and closing it stores the return and sends the ' +
      'webhook `return.dropped_off`. Send an `Idempotency-Key`: a retry answers the first reply, code included.',
    idempotent: true,
    body: partnerReturnInputSchema,
    reply: partnerReturnSchema,
    errors: ['packageIdUnavailable', 'notFound'],
  },
  createOrder: {
    method: 'POST',
    path: '/api/partner/v1/orders',
    permission: 'partner.orders.write',
    summary: 'Pre-advise a parcel: the order is created (state 1) for its recipient',
    description:
      "The order is created in the key's client (every key belongs to one). Send an `Idempotency-Key` so a " +
      'retry never creates a second order: the same key and body answer the first answer again.',
    idempotent: true,
    body: partnerOrderInputSchema,
    reply: partnerOrderSchema,
    errors: ['packageIdUnavailable', 'notFound'],
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
    summary: "The delivery locations granted to the key's client, with their free lockers per size",
    description: 'Pre-advice names one of these (or none); another location is notFound.',
    reply: z.array(partnerLocationSchema),
  },
  courierCodes: {
    method: 'GET',
    path: '/api/partner/v1/courier-codes',
    permission: 'partner.orders.write',
    summary: "Today's courier access code of each delivery location (they change at midnight, Lisbon time)",
    description:
      "A courier types the location's code at its kiosk: it lists the parcels this key pre-advised there " +
      '(or to no location) and opens a locker for each, without an operator account.',
    reply: courierCodesSchema,
  },
  createWebhook: {
    ...hooks,
    method: 'POST',
    path: '/api/partner/v1/webhooks',
    summary: 'Register an endpoint for some events: Data.secret (shown once) signs every delivery',
    description:
      'The URL must be https and reach a public address. Deliveries are POSTs of `{ id, type, createdAt, ' +
      'data }` signed in the `Cacifo-Signature` header (docs/partners.md shows how to check it).',
    idempotent: true,
    body: webhookInputSchema,
    reply: webhookCreatedSchema,
    errors: ['webhookUrlRefused'],
  },
  webhooks: {
    ...hooks,
    method: 'GET',
    path: '/api/partner/v1/webhooks',
    summary: "The key's webhook endpoints, with their status",
    reply: webhookListSchema,
  },
  deleteWebhook: {
    ...hooks,
    method: 'DELETE',
    path: '/api/partner/v1/webhooks/:id',
    summary: 'Remove an endpoint: nothing more is sent to it',
    params: webhookIdParamsSchema,
    reply: webhookSchema,
    errors: ['notFound'],
  },
  enableWebhook: {
    ...hooks,
    method: 'POST',
    path: '/api/partner/v1/webhooks/:id/enable',
    summary: 'Turn a disabled endpoint back on (once its receiver works again)',
    params: webhookIdParamsSchema,
    reply: webhookSchema,
    errors: ['notFound'],
  },
  deliveries: {
    ...hooks,
    method: 'GET',
    path: '/api/partner/v1/webhooks/:id/deliveries',
    summary: "The endpoint's delivery log, newest first: status, attempts, response code, duration",
    params: webhookIdParamsSchema,
    query: deliveryListQuerySchema,
    reply: deliveryListSchema,
    errors: ['notFound'],
  },
  redeliver: {
    ...hooks,
    method: 'POST',
    path: '/api/partner/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    summary: 'Send a delivery again, now (its event id stays the same), retried for 24 hours',
    params: deliveryParamsSchema,
    reply: webhookDeliverySchema,
    errors: ['notFound'],
  },
});
