import { defineCodes, type CodeOf } from './define.js';

/*
 * Recipient messages (issue #25, docs/adr/0051): the channels, the events that send them, their
 * statuses and the variables a template may use. Kept apart from the schemas so screens that only
 * label them need not load zod.
 */

export const MESSAGE_CHANNEL = { SMS: 'sms', EMAIL: 'email' } as const;
export const messageChannel = defineCodes('messageChannel', MESSAGE_CHANNEL);
export type MessageChannel = CodeOf<typeof MESSAGE_CHANNEL>;

/** What a message is about: one template per event, channel and language. */
export const MESSAGE_EVENT = {
  PICKUP_CODE: 'pickupCode',
  CODE_RESENT: 'codeResent',
  REMINDER: 'reminder',
  LAST_DAY: 'lastDay',
  EXPIRED: 'expired',
  CANCELLED: 'cancelled',
  /** The parcel left its locker (the recipient, or staff handing it over): a receipt (issue #32). */
  COLLECTED: 'collected',
  /** To the sender: the parcel nobody collected was taken back out of its locker. */
  RETURNED: 'returned',
  /** To staff, a text written by the code (a partner's webhook endpoint disabled): no template. */
  STAFF_ALERT: 'staffAlert',
  /** A marketplace rental's PIN, to the MB WAY phone it was paid with (docs/adr/0170): no template. */
  RENTAL_CODE: 'rentalCode',
} as const;
export const messageEvent = defineCodes('messageEvent', MESSAGE_EVENT);
export type MessageEvent = CodeOf<typeof MESSAGE_EVENT>;
/** The events an operator writes templates for: every one but the texts written by the code. */
export type TemplateEvent = Exclude<
  MessageEvent,
  typeof MESSAGE_EVENT.STAFF_ALERT | typeof MESSAGE_EVENT.RENTAL_CODE
>;
export const TEMPLATE_EVENTS = messageEvent.values.filter(
  (e): e is TemplateEvent => e !== MESSAGE_EVENT.STAFF_ALERT && e !== MESSAGE_EVENT.RENTAL_CODE,
);

/**
 * queued: written, waiting for the sender (or its next retry); sent: the provider took it; failed:
 * the provider refused it, or every retry failed (the reason is kept); noProvider: no provider is
 * configured for its channel, so it was not sent and will not be; cancelled: withdrawn before it went
 * out, because its recipient's data was erased (issue #31): never sent, never retried, and no failure
 * of the provider's (the reason is kept).
 */
export const MESSAGE_STATUS = {
  QUEUED: 'queued',
  SENT: 'sent',
  FAILED: 'failed',
  NO_PROVIDER: 'noProvider',
  CANCELLED: 'cancelled',
} as const;
export const messageStatus = defineCodes('messageStatus', MESSAGE_STATUS);
export type MessageStatus = CodeOf<typeof MESSAGE_STATUS>;

/** The variables a template may use, written `{name}`; a template naming any other is refused. */
export const MESSAGE_VARIABLES = [
  'name',
  'packageId',
  'location',
  'address',
  'door',
  'code',
  'qrLink',
  'expiresAt',
  'store',
  'parcels',
] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** Placeholders in `text` (`{name}`), each once, in order of appearance. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** Placeholders in `text` that are not message variables (the check before a template is saved). */
export function unknownTemplateVariables(text: string): string[] {
  return templateVariables(text).filter((v) => !(MESSAGE_VARIABLES as readonly string[]).includes(v));
}

/** Fills `{name}` placeholders; one with no value is left as written, so a missing value shows. */
export function renderTemplate(text: string, vars: Partial<Record<MessageVariable, string>>): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = (vars as Record<string, string | undefined>)[name];
    return v === undefined ? m : v;
  });
}
