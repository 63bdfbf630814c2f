import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localCardBodySchema,
  localDepositBodySchema,
  localKeypadBodySchema,
  localQrBodySchema,
  type LocalReply,
} from '@cacifo/contract';
import { LocalAccess } from './local-access.js';
import { runHands } from './local-hands.js';
import { localText, pickLanguage } from './local-texts.js';
import type { OfflineAgent } from './offline-agent.js';

const MAX_BODY = 4096;

export interface LocalApiOptions {
  /** Serve the simulator's hands (`POST /hands/tag`, `/hands/close`): tests and demos only. */
  hands?: boolean;
}

export interface LocalApiHandle {
  server: Server;
  /** The port it listens on (the one asked for, or the one the OS chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The controller's local HTTP API (docs/devices.md, "The local API"): the wall's keypad, card
 * reader and QR reader as JSON, for a person on the wall's network, a test, or the kiosk page when
 * it cannot reach the server. A browser page may call it only from `allowedOrigins` (the kiosk's
 * server, `--allow-origin`): any other page's request (which a browser marks with its Origin) is
 * refused before it is read, so a web page elsewhere cannot type codes at the wall.
 */
export function handleLocalApi(
  agent: OfflineAgent,
  access = new LocalAccess(agent),
  allowedOrigins: readonly string[] = [],
  options: LocalApiOptions = {},
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = req.headers.origin;
    res.setHeader('Vary', 'Origin');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/hands/')) {
      // The simulator's hands: only when asked for, never from a browser page (not even the kiosk's).
      if (!options.hands || req.method !== 'POST') return send(res, 404, { error: 'notFound' });
      if (origin !== undefined) return send(res, 403, { error: 'originNotAllowed' });
      const answer = runHands(agent.controller, path, await readJson(req));
      return send(res, answer.status, answer.body);
    }
    if (origin !== undefined) {
      if (!allowedOrigins.includes(origin)) return send(res, 403, { error: 'originNotAllowed' });
      cors(res, origin);
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && path === '/status') return send(res, 200, agent.status());
    if (req.method !== 'POST') return send(res, 404, { error: 'notFound' });
    const route = ROUTES[path];
    if (!route) return send(res, 404, { error: 'notFound' });
    const json = await readJson(req);
    const parsed = route.schema.safeParse(json);
    const accept = req.headers['accept-language'];
    if (!parsed.success) {
      const asked = (json as { lang?: unknown } | undefined)?.lang;
      const lang = pickLanguage(typeof asked === 'string' ? asked : undefined, accept);
      const reply: LocalReply = {
        ok: false,
        doors: [],
        reason: 'badRequest',
        message: localText(lang, 'badRequest'),
        lang,
        serverReachable: agent.serverReachable,
      };
      return send(res, 400, reply);
    }
    const body = parsed.data as { lang?: string };
    const reply = await route.run(access, parsed.data as never, pickLanguage(body.lang, accept));
    send(
      res,
      reply.ok || reply.reason === 'choose' ? 200 : reply.reason === 'tooManyAttempts' ? 429 : 403,
      reply,
    );
  };
}

/** The part of a zod schema used here (the simulator takes zod only through the contract). */
interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}
type Route<T> = {
  schema: Parser<T>;
  run: (access: LocalAccess, body: T, lang: ReturnType<typeof pickLanguage>) => Promise<LocalReply>;
};
const route = <T>(r: Route<T>) => r as Route<unknown>;

const ROUTES: Record<string, Route<unknown>> = {
  '/keypad': route({ schema: localKeypadBodySchema, run: (a, b, lang) => a.keypad(b.code, lang) }),
  '/qr': route({ schema: localQrBodySchema, run: (a, b, lang) => a.qr(b.qr, lang) }),
  '/card': route({
    schema: localCardBodySchema,
    run: (a, b, lang) => a.card(b.card, b.credential, lang, b.kind),
  }),
  '/deposit': route({
    schema: localDepositBodySchema,
    run: (a, b, lang) => a.deposit(b.code, b.parcel, lang),
  }),
};

/**
 * Listens on `port` (0: any free one) of `host` (default all interfaces, as a wall's LAN needs);
 * browser pages of `allowedOrigins` may call it (CORS).
 */
export async function startLocalApi(
  agent: OfflineAgent,
  port: number,
  host = '0.0.0.0',
  allowedOrigins: readonly string[] = [],
  options: LocalApiOptions = {},
): Promise<LocalApiHandle> {
  const handler = handleLocalApi(agent, new LocalAccess(agent), allowedOrigins, options);
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'internal' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function cors(res: ServerResponse, origin: string): void {
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'content-type, accept-language');
  // Chrome asks before a public page reaches a private address (Private Network Access).
  res.setHeader('Access-Control-Allow-Private-Network', 'true');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** The body as JSON, or undefined when it is not (the routes' schemas then refuse it). */
async function readJson(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(req));
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
