import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook delivery as the receiver took it: its event, the order's package id, and its signature's check. */
export interface Received {
  eventId: string;
  type: string;
  packageId: string | null;
  /** The `Cacifo-Signature` matched the body with the endpoint's secret (docs/partners.md). */
  signed: boolean;
}

/**
 * A partner's webhook endpoint, as a real HTTP server on loopback started by the spec: it answers
 * every POST with 204 and keeps what came (the server needs WEBHOOK_ALLOW_PRIVATE to reach it).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  /** The endpoint's signing secret, once registered: every delivery is checked against it. */
  secret = '';
  private readonly server: Server;

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = JSON.parse(raw) as {
          id: string;
          type: string;
          data?: { order?: { packageId?: string } };
        };
        this.received.push({
          eventId: body.id,
          type: body.type,
          packageId: body.data?.order?.packageId ?? null,
          signed: this.verify(String(req.headers['cacifo-signature'] ?? ''), raw),
        });
        res.writeHead(204).end();
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/cacifo/events`;
  }

  /** `t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as docs/partners.md tells partners to check. */
  private verify(header: string, raw: string): boolean {
    const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('='))) as Record<
      string,
      string
    >;
    if (!t || !v1 || !this.secret) return false;
    const expected = createHmac('sha256', this.secret).update(`${t}.${raw}`).digest();
    const given = Buffer.from(v1, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The `type packageId` pairs received, deduplicated (delivery is at least once), sorted. */
  events(): string[] {
    return [...new Set(this.received.map((r) => `${r.type} ${r.packageId}`))].sort();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
