import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Security headers: helmet's middleware, built once. (@fastify/helmet built it again for every
 * request, parsing the policy each time: the bare route went from ~23,000 to 31,000-40,000 req/s
 * without it, docs/performance.md cause 25. Checked again for issue #35: @fastify/helmet 13.2.0
 * still calls helmet(options) per request, 12-66 µs a call against 0.1-1 µs for this one.)
 * test/security-headers.test.ts pins every header on pages, API answers and early replies.
 */
const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  // Ant Design injects its CSS-in-JS styles at runtime.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  frameSrc: ['https://www.google.com/recaptcha/'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders = helmet({
  contentSecurityPolicy: { directives },
  crossOriginEmbedderPolicy: false,
});

/**
 * The policy of the kiosk's document (/kiosk): the same, and it may also call its wall's
 * controller on the local network (any http(s) address: each wall has its own, set where the
 * kiosk is installed, docs/adr/0160). Only that page gets it; the back-office keeps `'self'`.
 */
export const kioskContentSecurityPolicy = (() => {
  let value = '';
  const res = { setHeader: (_name: string, v: unknown) => (value = String(v)) };
  helmet.contentSecurityPolicy({
    directives: { ...directives, connectSrc: [...directives.connectSrc, 'http:', 'https:'] },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return value;
})();

/**
 * The same headers as plain name/value pairs, for replies written before Fastify has a request
 * (a malformed request line, headers over the size limit): helmet run once against a stand-in.
 */
export function securityHeaderList(): [string, string][] {
  const out = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => out.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => out.delete(name.toLowerCase()),
  };
  securityHeaders({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...out];
}
