import { z } from 'zod';
import { CONTENT_LANGUAGES } from '../codes/content.js';
import {
  MESSAGE_CHANNEL,
  MESSAGE_EVENT,
  MESSAGE_STATUS,
  MESSAGE_VARIABLES,
  TEMPLATE_EVENTS,
  unknownTemplateVariables,
} from '../codes/message.js';
import { dateIntervalSchema, maxResultsSchema, offsetSchema, urlIdSchema } from '../validation.js';
import { exportFields, sortQuery, totalIsLowerBoundSchema } from '../lists.js';
import { instantSchema } from './common.js';
import { settingsVersionReplyShape, settingsVersionShape } from '../versioning.js';

export * from '../codes/message.js';

/*
 * Recipient messages (issue #25): the outbox as Admin tools and an order's page show it, the
 * templates per event, channel and language, and the pickup window and reminders per location type.
 */

const channelSchema = z.enum(Object.values(MESSAGE_CHANNEL), 'validation.messageChannel');
const eventSchema = z.enum(Object.values(MESSAGE_EVENT), 'validation.messageEvent');
const statusSchema = z.enum(Object.values(MESSAGE_STATUS));
const templateEventSchema = z.enum(TEMPLATE_EVENTS, 'validation.messageEvent');
const languageSchema = z.enum(CONTENT_LANGUAGES, 'validation.language');

/** One message of an order, as the order reply carries it (`GET api/delivery/order`). */
export const orderMessageSchema = z.object({
  id: z.number().int(),
  channel: channelSchema,
  event: eventSchema,
  /** The phone number or e-mail address it went to. */
  recipient: z.string(),
  status: statusSchema,
  /** Why it failed (the provider's answer), or why it was not sent. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: instantSchema,
  sentAt: instantSchema.nullable(),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** GET /api/admin/messages: the outbox, newest first. */
/**
 * The outbox list's filters and sort (issue #22): newest first unless sorted; `recipient` is a
 * text search, its total capped at SEARCH_COUNT_CAP.
 */
export const MESSAGE_SORT_COLUMNS = ['createdAt', 'sentAt'] as const;
const messagesFilterShape = {
  status: statusSchema.optional(),
  channel: channelSchema.optional(),
  event: eventSchema.optional(),
  orderId: urlIdSchema.optional(),
  /** Part of the phone number or e-mail address. */
  recipient: z.string().trim().max(100).optional(),
  /** Days the message was written (UTC, both included). */
  dateInterval: dateIntervalSchema.optional(),
  ...sortQuery(MESSAGE_SORT_COLUMNS, 'createdAt', 'desc'),
};
export const messageListQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...messagesFilterShape,
});
export type MessagesFilter = z.output<typeof messageListQuerySchema>;
/** GET /api/admin/messages/export: the filtered outbox as .xlsx or .csv. */
export const messagesExportQuerySchema = z.object({ ...messagesFilterShape, ...exportFields });
export type MessagesExportQuery = z.output<typeof messagesExportQuerySchema>;
export const outboxMessageSchema = orderMessageSchema.extend({
  orderId: z.number().int().nullable(),
  packageId: z.string().nullable(),
  language: languageSchema,
  subject: z.string().nullable(),
  body: z.string(),
  nextAttemptAt: instantSchema.nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const messageListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  total: z.number().int(),
  totalIsLowerBound: totalIsLowerBoundSchema,
  /** Which channels have a provider configured (SMS_WEBHOOK_URL, SMTP_URL). */
  providers: z.object({ sms: z.boolean(), email: z.boolean() }),
});
export type MessageList = z.infer<typeof messageListSchema>;

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 2000;

/** A template names only known variables; the field errors name the first unknown one. */
const templateText = (max: number) =>
  z
    .string()
    .max(max, 'validation.tooLong')
    .superRefine((text, ctx) => {
      const unknown = unknownTemplateVariables(text);
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: 'validation.templateVariable', params: { unknown } });
      }
    });

/** One template as edited: an e-mail has a subject, an SMS has none. Empty = the default text. */
export const messageTemplateInputSchema = z.object({
  event: templateEventSchema,
  channel: channelSchema,
  language: languageSchema,
  subject: templateText(TEMPLATE_SUBJECT_MAX).nullable().default(null),
  body: templateText(TEMPLATE_BODY_MAX),
});
export type MessageTemplateInput = z.input<typeof messageTemplateInputSchema>;
export const messageTemplateSchema = z.object({
  event: templateEventSchema,
  channel: channelSchema,
  language: languageSchema,
  subject: z.string().nullable(),
  body: z.string(),
  /** False while the built-in text is in use (never saved, or saved empty). */
  custom: z.boolean(),
  updatedAt: instantSchema.nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const saveMessageTemplatesSchema = z.object({
  templates: z.array(messageTemplateInputSchema).min(1).max(100),
  ...settingsVersionShape,
});
/** GET/PUT /api/admin/message-templates: every template, and the version of the whole set. */
export const messageTemplatesReplySchema = z.object({
  templates: z.array(messageTemplateSchema),
  ...settingsVersionReplyShape,
});
export type MessageTemplatesReply = z.infer<typeof messageTemplatesReplySchema>;
export const messagePreviewSchema = z.object({
  subject: z.string().nullable(),
  text: z.string(),
  /** The e-mail's HTML part; null for an SMS. */
  html: z.string().nullable(),
  /** SMS segments the text takes (160 characters each, 70 with characters outside GSM-7). */
  segments: z.number().int(),
  variables: z.array(z.enum(MESSAGE_VARIABLES)),
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

/** Hours are whole numbers in the JSON body, never text or true (issue #31); 90 days at most. */
const hours = (min: number, max: number) =>
  z.number().int('validation.wholeNumber').min(min, 'validation.range').max(max, 'validation.range');
export const PICKUP_WINDOW_MAX_HOURS = 90 * 24;
/** The location type every place without settings of its own follows. */
export const DEFAULT_LOCATION_TYPE = '*';

/**
 * The pickup window and reminders of one location type (a place's `systemType`): reminders go
 * `reminderHours` after the deposit, the last-day warning `lastDayHours` before the window closes
 * (0: none), and at the end the parcel expires and waits to be returned.
 */
export const pickupRulesSchema = z
  .object({
    locationType: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
    pickupHours: hours(1, PICKUP_WINDOW_MAX_HOURS),
    reminderHours: z.array(hours(1, PICKUP_WINDOW_MAX_HOURS)).max(5),
    lastDayHours: hours(0, 7 * 24),
  })
  .superRefine((r, ctx) => {
    r.reminderHours.forEach((h, i) => {
      if (h >= r.pickupHours) {
        ctx.addIssue({
          code: 'custom',
          path: ['reminderHours', i],
          message: 'validation.reminderAfterExpiry',
        });
      }
    });
    if (r.lastDayHours >= r.pickupHours) {
      ctx.addIssue({ code: 'custom', path: ['lastDayHours'], message: 'validation.reminderAfterExpiry' });
    }
  });
export type PickupRules = z.infer<typeof pickupRulesSchema>;
export const pickupSettingsSchema = z
  .object({ rules: z.array(pickupRulesSchema).min(1).max(50), ...settingsVersionShape })
  .superRefine((s, ctx) => {
    const types = s.rules.map((r) => r.locationType);
    if (!types.includes(DEFAULT_LOCATION_TYPE)) {
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'validation.defaultRulesRequired' });
    }
    types.forEach((t, i) => {
      if (types.indexOf(t) !== i) {
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'locationType'], message: 'validation.duplicate' });
      }
    });
  });
export type PickupSettings = z.infer<typeof pickupSettingsSchema>;
export const pickupSettingsReplySchema = z.object({
  rules: z.array(
    z.object({
      locationType: z.string(),
      pickupHours: z.number().int(),
      reminderHours: z.array(z.number().int()),
      lastDayHours: z.number().int(),
    }),
  ),
  /** Location types in use by delivery places, for the screen to offer. */
  locationTypes: z.array(z.string()),
  ...settingsVersionReplyShape,
});
export type PickupSettingsReply = z.infer<typeof pickupSettingsReplySchema>;
export const DEFAULT_PICKUP_RULES: PickupRules = {
  locationType: DEFAULT_LOCATION_TYPE,
  pickupHours: 72,
  reminderHours: [48],
  lastDayHours: 24,
};

/** GET /api/delivery/returns: expired packages waiting to be taken back, per location. */
export const returnsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  locationId: urlIdSchema.optional(),
  /** The parcels of one client, by its name (the operator's client filter; a store reads its own). */
  company: z.string().trim().min(1).max(100).optional(),
});
export const returnItemSchema = z.object({
  orderId: z.number().int(),
  packageId: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  company: z.string().nullable(),
  state: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  storedAt: instantSchema.nullable(),
  expiredAt: instantSchema.nullable(),
  /** Typed at the location's kiosk (like a pickup code) it opens this locker for the return. */
  returnCode: z.string().nullable(),
});
export type ReturnItem = z.infer<typeof returnItemSchema>;
export const returnsReplySchema = z.object({
  returns: z.array(returnItemSchema),
  total: z.number().int(),
  /** Locations with parcels to return, and how many, for the location filter. */
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type ReturnsReply = z.infer<typeof returnsReplySchema>;
