import {
  CONTENT_LANGUAGES,
  MESSAGE_EVENT,
  WAITING_PICKUP_STATES,
  type ContentLanguage,
  type MessageChannel,
  type TemplateEvent,
} from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { readServiceConfig } from '../catalog/catalog.service.js';
import type { OrderRow } from '../orders/orders.repository.js';
import { messagesRepository, type NewMessage } from './messages.repository.js';
import { recipientsRepository } from './recipients.repository.js';
import { formatInstant, formatList } from '../../lib/recipient-format.js';
import { pickupQrLink, render, templateFor, type MessageVars } from './templates.js';

/** A pickup (or return) code in plain text, as issued: only its hashes are kept on the order. */
export interface PlainCode {
  pin: string;
  qr: string | null;
}

export interface WriterContext {
  /** Channels with a provider: messages of the others are written "not sent: no provider". */
  channels: ReadonlySet<MessageChannel>;
  publicUrl: string;
}

/** A code as the `code` column keeps it (pin, then the QR payload). */
const packCode = (c: PlainCode) => (c.qr ? `${c.pin} ${c.qr}` : c.pin);
export function unpackCode(s: string | null | undefined): PlainCode | null {
  if (!s) return null;
  const [pin, qr] = s.split(' ');
  return pin ? { pin, qr: qr ?? null } : null;
}

const isLanguage = (v: unknown): v is ContentLanguage =>
  typeof v === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(v);

/** Who a message of `event` goes to: the recipient, or for a return the sender (the order's creator). */
async function audience(db: DbOrTx, order: OrderRow, event: TemplateEvent) {
  const out: Array<{ channel: MessageChannel; recipient: string }> = [];
  if (event === MESSAGE_EVENT.RETURNED) {
    const sender =
      order.created_by === null ? undefined : await recipientsRepository.account(db, order.created_by);
    if (sender?.email) out.push({ channel: 'email', recipient: sender.email });
    else if (sender?.phone) out.push({ channel: 'sms', recipient: sender.phone });
    return out;
  }
  if (order.recipient_phone) out.push({ channel: 'sms', recipient: order.recipient_phone });
  if (order.recipient_email) out.push({ channel: 'email', recipient: order.recipient_email });
  return out;
}

/**
 * Writes the messages of one event about one order into the outbox, inside the caller's
 * transaction: one per channel the order has an address for, in the recipient's language (else the
 * service's default), from the template in force. `dedupe` makes a notice idempotent.
 */
export async function writeOrderMessages(
  db: DbOrTx,
  ctx: WriterContext,
  order: OrderRow,
  event: TemplateEvent,
  opts: { code?: PlainCode | null; dedupe?: string } = {},
): Promise<number> {
  const targets = await audience(db, order, event);
  if (targets.length === 0) return 0;
  const service = await readServiceConfig(db);
  const language = isLanguage(order.recipient_language) ? order.recipient_language : service.defaultLanguage;
  const place = order.place_id === null ? undefined : await recipientsRepository.place(db, order.place_id);
  // Parcels sharing the code: the message names them all (one code opens every one).
  const parcels =
    opts.code && order.place_id !== null && order.pickup_pin_hash
      ? await recipientsRepository.sharingCode(
          db,
          order.place_id,
          order.pickup_pin_hash,
          WAITING_PICKUP_STATES,
        )
      : [];
  // Several parcels are named as a list, in the plural ("as suas encomendas A e B estão em").
  const many = parcels.length > 1;
  const vars: MessageVars = {
    name: order.recipient_name,
    packageId: order.package_id,
    location: order.place_name ?? '',
    address: place?.address ?? '',
    door: order.door_number === null ? '' : String(order.door_number),
    code: opts.code?.pin ?? '',
    qrLink: opts.code?.qr ? pickupQrLink(ctx.publicUrl, opts.code.qr) : '',
    expiresAt: formatInstant(order.expires_at, language, service.timezone),
    store: order.company ?? service.operatorName,
    parcels: many
      ? formatList(
          parcels.map((p) => p.package_id),
          language,
        )
      : order.package_id,
  };
  const now = nowIso();
  const rows: NewMessage[] = [];
  for (const t of targets) {
    const text = render(await templateFor(db, event, t.channel, language, many), vars);
    const sendable = ctx.channels.has(t.channel);
    rows.push({
      order_id: order.id,
      event,
      channel: t.channel,
      recipient: t.recipient,
      language,
      subject: text.subject,
      body: text.text,
      status: sendable ? 'queued' : 'noProvider',
      next_attempt_at: sendable ? now : null,
      dedupe_key: opts.dedupe ? `${opts.dedupe}:${t.channel}` : null,
      code: opts.code ? packCode(opts.code) : null,
      created_at: now,
      updated_at: now,
    });
  }
  await messagesRepository.insert(db, rows);
  return rows.length;
}

/**
 * A fixed text to staff phones (a partner's webhook endpoint disabled, issue #24), through the same
 * outbox: queued, and "not sent: no provider" at the sender's next run when SMS has none.
 */
export async function queueStaffSms(db: DbOrTx, rows: Array<{ phone: string; body: string }>): Promise<void> {
  const now = nowIso();
  await messagesRepository.insert(
    db,
    rows.map((r) => ({
      order_id: null,
      event: MESSAGE_EVENT.STAFF_ALERT,
      channel: 'sms',
      recipient: r.phone,
      language: 'pt',
      subject: null,
      body: r.body,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })),
  );
}
