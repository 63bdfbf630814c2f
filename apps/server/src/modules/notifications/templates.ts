import {
  CONTENT_LANGUAGES,
  MESSAGE_CHANNEL,
  TEMPLATE_EVENTS,
  renderTemplate,
  templateVariables,
  type ContentLanguage,
  type MessageChannel,
  type MessageTemplate,
  type TemplateEvent,
  type MessageVariable,
} from '@cacifo/contract';
import { TEMPLATE_DEFAULTS, TEMPLATE_DEFAULTS_MANY } from '@cacifo/texts';
import type { DbOrTx } from '../../db/schema.js';
import { notificationSettingsRepository } from './notification-settings.repository.js';
import { formatInstant } from '../../lib/recipient-format.js';

/** Where the messages' `{qrLink}` points: the public pickup page (pickup-page.ts) with the QR payload. */
export const PICKUP_QR_PATH = '/pickup/qr';
export const pickupQrLink = (publicUrl: string, payload: string) =>
  `${publicUrl}${PICKUP_QR_PATH}?c=${encodeURIComponent(payload)}`;

export type MessageVars = Partial<Record<MessageVariable, string>>;
export interface RenderedMessage {
  subject: string | null;
  text: string;
}

function builtIn(event: TemplateEvent, channel: MessageChannel, language: ContentLanguage, many = false) {
  const d = (many ? TEMPLATE_DEFAULTS_MANY[event] : undefined) ?? TEMPLATE_DEFAULTS[event];
  return channel === MESSAGE_CHANNEL.SMS
    ? { subject: null, body: d.sms[language] }
    : { subject: d.subject[language], body: d.email[language] };
}

/** Every template, saved or built in: 7 events x 2 channels x 4 languages. */
export async function loadTemplates(db: DbOrTx): Promise<MessageTemplate[]> {
  const saved = new Map(
    (await notificationSettingsRepository.templates(db)).map((r) => [
      `${r.event}.${r.channel}.${r.language}`,
      r,
    ]),
  );
  const out: MessageTemplate[] = [];
  for (const event of TEMPLATE_EVENTS) {
    for (const channel of Object.values(MESSAGE_CHANNEL)) {
      for (const language of CONTENT_LANGUAGES) {
        const row = saved.get(`${event}.${channel}.${language}`);
        const d = builtIn(event, channel, language);
        out.push({
          event,
          channel,
          language,
          subject: channel === MESSAGE_CHANNEL.EMAIL ? (row?.subject ?? d.subject) : null,
          body: row?.body ?? d.body,
          custom: row !== undefined,
          updatedAt: row?.updated_at ?? null,
        });
      }
    }
  }
  return out;
}

/**
 * One template in force: the saved text, else the built-in one (in the plural when `many`: one
 * code for several parcels).
 */
export async function templateFor(
  db: DbOrTx,
  event: TemplateEvent,
  channel: MessageChannel,
  language: ContentLanguage,
  many = false,
): Promise<{ subject: string | null; body: string }> {
  const row = await notificationSettingsRepository.template(db, event, channel, language);
  const d = builtIn(event, channel, language, many);
  return row
    ? { subject: channel === MESSAGE_CHANNEL.EMAIL ? (row.subject ?? d.subject) : null, body: row.body }
    : d;
}

export function render(t: { subject: string | null; body: string }, vars: MessageVars): RenderedMessage {
  return {
    subject: t.subject === null ? null : renderTemplate(t.subject, vars).replace(/\s+/g, ' ').trim(),
    text: renderTemplate(t.body, vars),
  };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The HTML part of an e-mail, made from its text: paragraphs at blank lines, line breaks kept,
 * links clickable. Operators write one text; both parts say the same.
 */
export function htmlOf(text: string, subject: string | null): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p style="margin:0 0 1em">${p}</p>`)
    .join('\n');
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<title>${escapeHtml(subject ?? '')}</title></head>` +
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f">' +
    `${paragraphs}</body></html>`
  );
}

/** GSM 03.38 basic characters (and the extension table, which costs two): others force UCS-2. */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXT = '^{}\\[~]|€';

/** SMS segments a text takes: 160 GSM-7 characters (153 when split), 70 UCS-2 (67 when split). */
export function smsSegments(text: string): number {
  let units = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM7.includes(ch)) units += 1;
    else if (GSM7_EXT.includes(ch)) units += 2;
    else gsm = false;
  }
  if (!gsm) {
    const n = [...text].length;
    return n <= 70 ? 1 : Math.ceil(n / 67);
  }
  return units <= 160 ? 1 : Math.ceil(units / 153);
}

/** The sample a preview fills in: every variable, with values that look like real ones. */
export function sampleVars(publicUrl: string, language: ContentLanguage): MessageVars {
  const expires = new Date(Date.now() + 72 * 3_600_000);
  return {
    name: 'Ana Silva',
    packageId: 'SGPT12345678',
    location: 'Estação do Oriente',
    address: 'Av. Dom João II, Lisboa',
    door: '12',
    code: '482913',
    qrLink: pickupQrLink(publicUrl, 'CACIFO-1234-Ab3dEf6hIj9k'),
    expiresAt: formatInstant(expires.toISOString(), language, 'Europe/Lisbon'),
    store: 'Loja Chiado',
    parcels: 'SGPT12345678',
  };
}

/** The variables a template uses, known ones only (the schema refuses the others). */
export function usedVariables(t: { subject: string | null; body: string }): MessageVariable[] {
  return templateVariables(`${t.subject ?? ''} ${t.body}`) as MessageVariable[];
}
