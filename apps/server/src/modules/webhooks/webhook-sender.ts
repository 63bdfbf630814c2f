import { createHmac } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { PARTNER_EVENT_ID_HEADER, PARTNER_SIGNATURE_HEADER } from '@cacifo/contract';
import { guardedLookup, isPublicAddress } from './address-guard.js';

export interface SendOptions {
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback addresses allowed (development, tests). */
  allowPrivate: boolean;
}

export interface SendResult {
  ok: boolean;
  /** The HTTP status; null when there was no answer. */
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the Cacifo-Signature header. */
function signature(secret: string, body: string, at = Date.now()): string {
  const t = Math.floor(at / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * POSTs one delivery. Only a 2xx counts as delivered; a redirect is not followed (it is a failure:
 * following it would let a receiver point us anywhere). The connection goes only to a public
 * address unless private ones are allowed, and the whole exchange has `timeoutMs`.
 */
export function sendWebhook(
  url: string,
  body: string,
  headers: { eventId: string; secret: string },
  opts: SendOptions,
): Promise<SendResult> {
  const started = Date.now();
  const done = (status: number | null, error: string | null): SendResult => ({
    ok: status !== null && status >= 200 && status < 300,
    status,
    durationMs: Date.now() - started,
    error,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done(null, 'invalid URL'));
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivate && isIP(host) && !isPublicAddress(host)) {
    return Promise.resolve(done(null, `${host} is a private address`));
  }
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(status, error));
    };
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Cacifo-Webhooks/1',
          [PARTNER_EVENT_ID_HEADER]: headers.eventId,
          [PARTNER_SIGNATURE_HEADER]: signature(headers.secret, body),
        },
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res: IncomingMessage) => {
        // The answer's body is not needed: read and drop it so the socket is freed.
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          finish(
            status,
            redirect ? 'redirect not followed' : status !== null && status >= 300 ? `HTTP ${status}` : null,
          );
        });
        res.on('error', (err) => finish(res.statusCode ?? null, err.message));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (err) => finish(null, err.message));
    req.end(body);
  });
}
