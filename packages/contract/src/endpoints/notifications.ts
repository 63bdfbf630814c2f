import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { DOOR_FAILURE_CODES } from '../envelope.js';
import { EXPORT_CONTENT_TYPES } from '../lists.js';
import {
  messageListQuerySchema,
  messagesExportQuerySchema,
  messageListSchema,
  messagePreviewSchema,
  messageTemplateInputSchema,
  messageTemplatesReplySchema,
  outboxMessageSchema,
  pickupSettingsReplySchema,
  pickupSettingsSchema,
  returnsQuerySchema,
  returnsReplySchema,
  saveMessageTemplatesSchema,
} from '../schemas/messages.js';
import { orderIdBodySchema, orderSchema } from '../schemas/orders.js';
import { urlIdSchema } from '../validation.js';

const messageIdParams = z.object({ id: urlIdSchema });

/**
 * Recipient notifications (issue #25): the message outbox, templates per event, channel and
 * language, the pickup window and reminders per location type, and the return list.
 */
export const notificationsApi = defineEndpoints('notifications', {
  messages: {
    method: 'GET',
    path: '/api/admin/messages',
    permission: 'tools.manage',
    summary: 'The message outbox (SMS and e-mail), newest first, with which providers are configured',
    query: messageListQuerySchema,
    reply: messageListSchema,
  },
  exportMessages: {
    method: 'GET',
    path: '/api/admin/messages/export',
    permission: 'tools.manage',
    summary: 'The filtered outbox as an .xlsx or .csv file, streamed',
    query: messagesExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  retryMessage: {
    method: 'POST',
    path: '/api/admin/messages/:id/retry',
    permission: 'tools.manage',
    summary: 'Queue a failed or unsent message again, now',
    params: messageIdParams,
    reply: outboxMessageSchema,
    errors: ['notFound', 'stateNotAllowed'],
  },
  templates: {
    method: 'GET',
    path: '/api/admin/message-templates',
    permission: 'tools.manage',
    summary: 'Every message template (event, channel, language), saved or built in',
    reply: messageTemplatesReplySchema,
  },
  saveTemplates: {
    method: 'PUT',
    versioned: true,
    path: '/api/admin/message-templates',
    permission: 'tools.manage',
    summary: 'Save some templates (an empty body restores the built-in text); unknown variables are refused',
    body: saveMessageTemplatesSchema,
    reply: messageTemplatesReplySchema,
  },
  previewTemplate: {
    method: 'POST',
    path: '/api/admin/message-templates/preview',
    permission: 'tools.manage',
    summary: 'A template as typed, filled with sample data (SMS text, or e-mail subject, text and HTML)',
    // A template as typed, filled with sample data.
    body: messageTemplateInputSchema,
    reply: messagePreviewSchema,
  },
  pickupSettings: {
    method: 'GET',
    path: '/api/admin/pickup-settings',
    permission: 'tools.manage',
    summary: 'Pickup window, reminders and last-day warning per location type',
    reply: pickupSettingsReplySchema,
  },
  savePickupSettings: {
    method: 'PUT',
    versioned: true,
    path: '/api/admin/pickup-settings',
    permission: 'tools.manage',
    summary: 'Replace the pickup rules (a default "*" is required); applies to parcels stored afterwards',
    body: pickupSettingsSchema,
    reply: pickupSettingsReplySchema,
  },
  returns: {
    method: 'GET',
    path: '/api/delivery/returns',
    permission: 'orders.returns',
    summary: 'Expired parcels waiting in their lockers to be taken back, per location, with return codes',
    query: returnsQuerySchema,
    reply: returnsReplySchema,
  },
  openForReturn: {
    method: 'POST',
    path: '/api/delivery/order/openForReturn',
    permission: 'orders.returns',
    summary: "Open an expired parcel's door to take it back; closing it records the return",
    body: orderIdBodySchema,
    reply: orderSchema,
    errors: ['orderNotExist', 'stateNotAllowed', 'conflict', 'notFound', ...DOOR_FAILURE_CODES],
  },
});
