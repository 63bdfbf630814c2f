import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import qrcode from 'qrcode-generator';
import { CONTENT_LANGUAGES, WAITING_PICKUP_STATES, type ContentLanguage } from '@cacifo/contract';
import { PICKUP_PAGE_TEXTS } from '@cacifo/texts';
import type { Db } from '../../db/schema.js';
import { readServiceConfig } from '../catalog/catalog.service.js';
import { qrHash } from '../orders/pickup-codes.js';
import { RateLimiter, type Limit, type WaitData } from '../rate-limits/rate-limiter.js';
import { AppError } from '../../lib/errors.js';
import { pickupPageRepository } from './pickup-page.repository.js';
import { formatInstant } from '../../lib/recipient-format.js';
import { escapeHtml, PICKUP_QR_PATH } from './templates.js';

/** Unknown codes per address before the page refuses every code for a while (valid ones never count). */
const PICKUP_PAGE_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };
/** The QR payload pickup codes carry (pickup-codes.ts): anything else is refused without a lookup. */
const PAYLOAD = /^CACIFO-\d{1,12}-[A-Za-z0-9_-]{8,64}$/;

const isLanguage = (v: unknown): v is ContentLanguage =>
  typeof v === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(v);

/** The visitor's language when no parcel tells the recipient's: Accept-Language, else the service's. */
function browserLanguage(req: FastifyRequest, fallback: ContentLanguage): ContentLanguage {
  const header = req.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return fallback;
}

function page(language: ContentLanguage, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>Cacifo · ${escapeHtml(title)}</title><style>` +
    'body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f7fa;color:#1f2937}' +
    'main{max-width:420px;margin:0 auto;padding:24px 16px;text-align:center}' +
    'h1{font-size:1.35rem;margin:8px 0 16px}.qr{background:#fff;border-radius:12px;padding:12px;display:inline-block}' +
    '.qr svg{width:260px;height:260px;display:block}dl{text-align:left;background:#fff;border-radius:12px;padding:12px 16px}' +
    'dt{font-size:.8rem;color:#6b7280;margin-top:8px}dd{margin:2px 0 0;font-weight:600}p{line-height:1.45}' +
    `</style></head><body><main><div aria-hidden="true">Cacifo</div><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

/**
 * The page a pickup message's QR link opens (issue #25): no sign-in; with a code that still opens
 * parcels it shows the QR to hold up to the kiosk's camera, the place and the time to collect by,
 * in the recipient's language. Any other code answers the same "not valid" page, whatever the
 * reason, and counts against the visitor's address; past the limit every code is refused for a while.
 */
export function registerPickupPage(app: FastifyInstance, db: Db): void {
  const limiter = new RateLimiter(db);
  const answer = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);

  app.route({
    method: 'GET',
    url: PICKUP_QR_PATH,
    config: { permission: 'public' },
    handler: async (req, reply) => {
      const service = await readServiceConfig(db);
      const visitor = browserLanguage(req, service.defaultLanguage);
      const key = `pickupPage:${req.ip}`;
      // Counted before the lookup, atomically with the check (ADR 0024); a found code gives it back.
      try {
        await limiter.take(key, PICKUP_PAGE_LIMIT);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const t = PICKUP_PAGE_TEXTS[visitor];
        const wait = err.data as WaitData;
        reply.header('retry-after', String(wait.retryAfter));
        const minutes = Math.max(1, wait.minutes);
        return answer(reply, 429, page(visitor, t.busyTitle, `<p>${escapeHtml(t.busy(minutes))}</p>`));
      }
      const c = (req.query as Record<string, unknown>)['c'];
      const payload = typeof c === 'string' && PAYLOAD.test(c) ? c : null;
      const parcels = payload
        ? await pickupPageRepository.parcelsByQr(db, qrHash(payload), WAITING_PICKUP_STATES)
        : [];
      const first = parcels[0];
      if (!payload || !first) {
        const t = PICKUP_PAGE_TEXTS[visitor];
        return answer(reply, 404, page(visitor, t.invalidTitle, `<p>${escapeHtml(t.invalid)}</p>`));
      }
      await limiter.refund(key);
      const language = isLanguage(first.recipient_language) ? first.recipient_language : visitor;
      const t = PICKUP_PAGE_TEXTS[language];
      const qr = qrcode(0, 'M');
      qr.addData(payload);
      qr.make();
      // The earliest end of the window among the parcels: after it the code opens none of them.
      const expiries = parcels.map((p) => p.expires_at).filter((e): e is string => e !== null);
      const expiresAt = expiries.length > 0 ? expiries.sort()[0]! : null;
      const where = [first.place_name, first.address].filter(Boolean).join(', ');
      const body =
        `<div class="qr" role="img" aria-label="QR">${qr.createSvgTag({ cellSize: 8, margin: 4, scalable: true })}</div>` +
        `<p>${escapeHtml(t.show)}</p><dl>` +
        `<dt>${escapeHtml(t.parcels)}</dt><dd>${parcels.map((p) => escapeHtml(p.package_id)).join(', ')}</dd>` +
        `<dt>${escapeHtml(t.location)}</dt><dd>${escapeHtml(where)}</dd>` +
        (expiresAt
          ? `<dt>${escapeHtml(t.collectBy)}</dt><dd>${escapeHtml(formatInstant(expiresAt, language, service.timezone))}</dd>`
          : '') +
        '</dl>';
      return answer(reply, 200, page(language, t.title, body));
    },
  });
}
