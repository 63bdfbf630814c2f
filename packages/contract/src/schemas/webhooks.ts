import { z } from 'zod';
import { webhookEvent, WEBHOOK_EVENT } from '../codes/partner.js';
import { maxResultsSchema, offsetSchema, urlIdSchema } from '../validation.js';
import { instantSchema } from './common.js';
import { partnerOrderSchema } from './partner.js';

/*
 * Partner webhooks (issue #24): endpoints that receive signed POSTs of order and locker events,
 * delivered at least once from a durable outbox, with a delivery log per endpoint.
 */

/** The header with the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const PARTNER_SIGNATURE_HEADER = 'Cacifo-Signature';
/** The header with the event's id (the same on every retry of it: deduplicate on it). */
export const PARTNER_EVENT_ID_HEADER = 'Cacifo-Event-Id';
/** Deliveries of an event are retried this long, then marked failed. */
export const WEBHOOK_RETRY_HOURS = 24;
export const WEBHOOK_URL_MAX = 2000;

export const webhookEventSchema = z.enum(webhookEvent.values);

export const webhookInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX, 'validation.tooLong')
    .pipe(z.url({ protocol: /^https?$/, message: 'validation.webhookUrl' }))
    .meta({ examples: ['https://carrier.example.com/cacifo/events'] }),
  events: z
    .array(webhookEventSchema)
    .min(1, 'validation.required')
    .transform((e) => [...new Set(e)])
    .meta({ examples: [[WEBHOOK_EVENT.ORDER_STORED, WEBHOOK_EVENT.ORDER_PICKED_UP]] }),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookIdParamsSchema = z.object({ id: urlIdSchema });
export const deliveryParamsSchema = z.object({
  id: urlIdSchema,
  deliveryId: urlIdSchema,
});

/**
 * `keyRevoked`: its API key was revoked, so it gets no events (and cannot be re-enabled); it reads
 * so whatever its own state, never `active`.
 */
export const WEBHOOK_STATUS = ['active', 'disabled', 'keyRevoked'] as const;

/** A webhook endpoint as lists show it: never its secret. */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  /**
   * `disabled` after failing for 24 hours in a row (re-enable it once the receiver works);
   * `keyRevoked` once its key is revoked.
   */
  status: z.enum(WEBHOOK_STATUS),
  /** When the current run of failures began; null while deliveries succeed. */
  failingSince: instantSchema.nullable(),
  disabledAt: instantSchema.nullable(),
  createdAt: instantSchema,
  /** The key it belongs to. */
  apiKeyId: z.number().int(),
  apiKeyName: z.string(),
  /** When its key was revoked; null while the key works. */
  apiKeyRevokedAt: instantSchema.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A new endpoint: the summary plus its signing secret, answered this once. */
export const webhookCreatedSchema = webhookSchema.extend({
  secret: z.string().meta({ examples: ['whsec_3q2H9kX0bVt7Lr1YwZp4Nc6Ds8Fg5Jm'] }),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const DELIVERY_STATUS = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS)[number];

export const deliveryListQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  status: z.enum(DELIVERY_STATUS).optional(),
});

/** One event's delivery to one endpoint: the delivery log's line. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  type: webhookEventSchema,
  status: z.enum(DELIVERY_STATUS),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null when it got no answer (refused, timeout). */
  responseCode: z.number().int().nullable(),
  /** How long the last attempt took. */
  durationMs: z.number().int().nullable(),
  /** Why the last attempt failed, when it did. */
  error: z.string().nullable(),
  createdAt: instantSchema,
  lastAttemptAt: instantSchema.nullable(),
  nextAttemptAt: instantSchema.nullable(),
  deliveredAt: instantSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  total: z.number().int(),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema), total: z.number().int() });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** `data` of an order event: the order as the partner API answers it, and the state it left. */
export const orderEventDataSchema = z.object({
  order: partnerOrderSchema.omit({ history: true }),
  previousState: z.number().int().nullable(),
});

/** `data` of `locker.alert`: the locker and what its door reports. */
export const lockerAlertDataSchema = z.object({
  locker: z.object({
    id: z.number().int(),
    locationId: z.number().int(),
    locationName: z.string(),
    doorNumber: z.number().int(),
    size: z.string(),
  }),
  /** 1 opened without a command, 3 jammed, 11 left open (the door status table). */
  doorStatus: z.number().int(),
});

/** The body of every delivery: `{ id, type, createdAt, data }`. */
export const webhookPayloadSchema = z.object({
  /** The event's id, also in the Cacifo-Event-Id header. */
  id: z.string(),
  type: webhookEventSchema,
  createdAt: instantSchema,
  data: z.union([orderEventDataSchema, lockerAlertDataSchema]),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
