import { expect } from 'vitest';
import { API, type WebhookEvent } from '@cacifo/contract';
import type { FastifyInstance } from 'fastify';
import { callApi, signIn } from './test-app.js';
import { createPlace } from './fixtures.js';
import { newPackageId } from './order-fixtures.js';
import { ALL_SCOPES, createApiKey, grantPlaces } from './partner-fixtures.js';
import { startReceiver } from './webhook-receiver.js';

// What the partner webhook suites (webhooks*.test.ts) share: a receiver, a carrier's key with its endpoint.

const ORDER_EVENTS: WebhookEvent[] = [
  'order.created',
  'order.locker_assigned',
  'order.stored',
  'order.picked_up',
  'order.canceled',
];

/** Fast retries and polls against a receiver on loopback. */
export const WEBHOOK_TEST_ENV = {
  WEBHOOK_ALLOW_PRIVATE: '1',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_RETRY_BASE_MS: '50',
  // A second: long enough that a loaded CI machine's loopback answer is never taken for a
  // timeout (the attempt lists are exact), short enough for the slow-receiver case (3 s).
  WEBHOOK_TIMEOUT_MS: '1000',
};

/**
 * A receiver on loopback, an admin, the key of a carrier ("Transportadora Norte") granted a delivery
 * location of 8 doors, and that key's endpoint for every order event and locker.alert.
 */
export async function carrierWithWebhook(app: FastifyInstance) {
  const receiver = await startReceiver();
  const admin = await signIn(app, 'admin');
  const key = (await createApiKey(app, admin.token, ALL_SCOPES, { name: 'Transportadora Norte' })).key;
  const { placeId } = await createPlace(app, { type: 'DELIVERY', doors: 8, sizes: ['S', 'M', 'L'] });
  // locker.alert reaches the keys of clients granted the locker's location (ADR 0205).
  await grantPlaces(app, admin.token, 'Transportadora Norte', [placeId]);
  const res = await callApi(app, key, API.partner.createWebhook, {
    body: { url: receiver.url, events: [...ORDER_EVENTS, 'locker.alert'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { receiver, admin, key, hook: res.body.Data, placeId };
}

/** A parcel the key pre-advises (no location): order.created for its endpoints. */
export async function preAdvisedOrder(app: FastifyInstance, key: string) {
  const res = await callApi(app, key, API.partner.createOrder, {
    body: { packageId: newPackageId(), recipientPhone: '912345678', recipientNumber: 'PRT-9' },
  });
  return res.body.Data;
}
