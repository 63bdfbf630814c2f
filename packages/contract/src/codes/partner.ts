import { defineCodes, type CodeOf } from './define.js';

/** Partner API keys start with this, so they are told from session tokens at a glance (issue #24). */
export const API_KEY_PREFIX = 'ck_';

/** What a partner API key may reach (issue #24); each partner route names one scope. */
export const API_SCOPE = {
  ORDERS_WRITE: 'orders:write',
  ORDERS_READ: 'orders:read',
  LOCKERS_READ: 'lockers:read',
  WEBHOOKS_MANAGE: 'webhooks:manage',
} as const;
export const apiScope = defineCodes('apiScope', API_SCOPE);
export type ApiScope = CodeOf<typeof API_SCOPE>;

/** The events a webhook endpoint can subscribe to (issue #24). */
export const WEBHOOK_EVENT = {
  ORDER_CREATED: 'order.created',
  ORDER_LOCKER_ASSIGNED: 'order.locker_assigned',
  ORDER_STORED: 'order.stored',
  ORDER_PICKED_UP: 'order.picked_up',
  ORDER_CANCELED: 'order.canceled',
  ORDER_EXPIRED: 'order.expired',
  ORDER_RETURNED: 'order.returned',
  /** A customer dropped a return off at a wall (its door closed on it): docs/adr/0180. */
  RETURN_DROPPED_OFF: 'return.dropped_off',
  /** Its carrier's courier or an operator took a dropped-off return out of its locker: docs/adr/0180. */
  RETURN_COLLECTED: 'return.collected',
  LOCKER_ALERT: 'locker.alert',
} as const;
export const webhookEvent = defineCodes('webhookEvent', WEBHOOK_EVENT);
export type WebhookEvent = CodeOf<typeof WEBHOOK_EVENT>;
