import { createHash, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_REPLAYED_HEADER, idempotencyKeySchema } from '@cacifo/contract';
import { nowIso } from '../db/helpers.js';
import { AppError } from '../lib/errors.js';
import { idempotencyRepository as repo } from '../modules/idempotency/idempotency.repository.js';

interface Claim {
  scope: string;
  key: string;
  owner: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds while it runs (its answer is stored on send). */
    idempotency: Claim | null;
  }
}

/** A claim older than this belongs to a request that died with its instance: a retry takes it over. */
const LEASE_MS = 30_000;
/** How long a retry waits for the first request of its key before answering idempotencyKeyInProgress. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

/**
 * Answers worth replaying: a success, or a rule's refusal (not found, conflict, rule broken). Bad
 * input, authentication, rate limits and server or device failures are given back: the key is
 * released and a retry runs afresh, as nothing was done.
 */
const kept = (status: number) => (status >= 200 && status < 300) || [404, 409, 422].includes(status);

/** Whose key it is: keys of different callers never meet. */
function scopeOf(req: FastifyRequest): string {
  if (req.apiKey) return `apikey:${req.apiKey.id}`;
  if (req.account) return `account:${req.account.id}`;
  return `address:${req.ip}`;
}

/** JSON with object keys sorted, so the same body written in another key order is the same body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The `Idempotency-Key` header on the POSTs whose contract entry says `idempotent` (issue #24,
 * docs/adr/0040-idempotency-keys.md). The first request with a key claims it in the database and
 * runs; its answer is stored as it is sent. A retry with the same body gets that answer again
 * (waiting while the first still runs, on any instance); with another body, `idempotencyKeyReused`.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest('idempotency', null);

  // Only the routes whose contract entry says `idempotent` carry the two hooks (issue #34): every
  // other route, each GET lookup among them, runs neither.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.endpoint?.idempotent) return;
    route.preHandler = [idempotencyClaim, ...[route.preHandler ?? []].flat()];
    route.onSend = [idempotencyStore, ...[route.onSend ?? []].flat()];
  });

  async function idempotencyClaim(req: FastifyRequest, reply: FastifyReply) {
    const header = req.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || !idempotencyKeySchema.safeParse(header).success) {
      throw new AppError('invalidInput', { 'headers.idempotency-key': 'validation.idempotencyKey' });
    }
    const scope = scopeOf(req);
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.url}\n${canonicalJson(req.body)}`)
      .digest('hex');
    const owner = randomUUID();
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const now = Date.now();
      const claim = {
        scope,
        key: header,
        fingerprint,
        owner,
        now: nowIso(new Date(now)),
        lockedUntil: nowIso(new Date(now + LEASE_MS)),
        expiresAt: nowIso(new Date(now + IDEMPOTENCY_KEY_TTL_MS)),
      };
      if (await repo.claim(app.db, claim)) {
        req.idempotency = { scope, key: header, owner };
        return;
      }
      const row = await repo.find(app.db, scope, header);
      if (!row) continue; // released by a request that failed: claim it again
      const forgotten = row.expires_at <= claim.now;
      const abandoned = row.status === 'pending' && row.locked_until <= claim.now;
      if (!forgotten && row.fingerprint !== fingerprint) throw new AppError('idempotencyKeyReused');
      if (forgotten || abandoned) {
        if (await repo.takeOver(app.db, claim)) {
          req.idempotency = { scope, key: header, owner };
          return;
        }
        continue;
      }
      if (row.status === 'done' && row.response_status !== null) {
        return reply
          .code(row.response_status)
          .header('content-type', row.response_type ?? 'application/json; charset=utf-8')
          .header(IDEMPOTENCY_REPLAYED_HEADER, 'true')
          .send(row.response_body ?? '');
      }
      if (Date.now() >= deadline) {
        reply.header('retry-after', '1');
        throw new AppError('idempotencyKeyInProgress');
      }
      await sleep(POLL_MS);
    }
  }

  async function idempotencyStore(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (body !== null && kept(reply.statusCode)) {
        const type = reply.getHeader('content-type');
        await repo.answer(app.db, claim.scope, claim.key, claim.owner, {
          status: reply.statusCode,
          type: typeof type === 'string' ? type : null,
          body,
        });
      } else {
        await repo.release(app.db, claim.scope, claim.key, claim.owner);
      }
    } catch (err) {
      // The answer itself stands; the claim lapses with its lease and a retry runs again.
      req.log.error({ err }, 'idempotency: could not store the answer');
    }
    return payload;
  }

  app.jobs.every('idempotency.purge', { everyMs: 60 * 60_000 }, () => repo.purgeExpired(app.db, nowIso()));
});
