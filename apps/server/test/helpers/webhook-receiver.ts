import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  /** The HTTP status this receiver answered. */
  answered: number;
}

/**
 * Checks a Cacifo-Signature the way docs/partners.md tells partners to: the HMAC-SHA256 of
 * "<t>.<raw body>" with the endpoint's secret, compared in constant time, and a recent `t`.
 */
export function verifySignature(header: string | undefined, body: string, secret: string, toleranceS = 300) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!parts.v1 || !Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A real HTTP receiver on loopback for webhook tests. `answer` decides each reply's status (and may
 * delay it); every request is recorded with its raw body.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Omit<Received, 'answered'>) => number | Promise<number> = () => 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const entry = { headers: req.headers, body, json: JSON.parse(body) as Received['json'] };
      void Promise.resolve(answer(entry)).then((status) => {
        received.push({ ...entry, answered: status });
        if (status >= 300 && status < 400) res.setHeader('location', 'http://127.0.0.1:9/elsewhere');
        res.statusCode = status;
        res.end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Sets how the next requests are answered. */
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
