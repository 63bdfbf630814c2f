import { describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomBytes, scryptSync } from 'node:crypto';
import { twoInstancesOnPostgres } from '../helpers/two-instances.js';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { TEST_CLIENT, createAccount, describeEachDb, signIn, apiRequest } from '../helpers/test-app.js';
import { loginDelayMs } from '../../src/modules/rate-limits/rate-limiter.js';

const grant = (username: string, password: string, remoteAddress = '198.51.100.1'): InjectOptions => ({
  method: 'POST',
  url: '/oauth/v2/token',
  payload: { grant_type: 'password', username, password, ...TEST_CLIENT },
  remoteAddress,
});

/** Replies by Description, with 200s as 'ok'. */
async function tally(replies: Promise<{ statusCode: number; json(): unknown }>[]) {
  const counts: Record<string, number> = {};
  for (const r of await Promise.all(replies)) {
    const code = r.statusCode === 200 ? 'ok' : (r.json() as { Description: string }).Description;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

const OPTIONS = { officeReservationHours: 12, doorLeftOpenMinutes: 3, kioskMessage: '' };
/** A save of the global options with `pin`, from the version `updatedAt` (null: never saved). */
const pinCall = (
  token: string,
  pin: string,
  remoteAddress = '198.51.100.9',
  updatedAt: string | null = null,
): InjectOptions => ({
  ...apiRequest(API.locations.updateGlobalOptions, { body: { ...OPTIONS, pin, updatedAt } }),
  headers: { authorization: `Bearer ${token}` },
  remoteAddress,
});

/** A hash in the stored format with a small cost: the limits, not scrypt, are under test here. */
function cheapHash(secret: string) {
  const salt = randomBytes(16);
  const key = scryptSync(secret, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function cheapAccount(app: FastifyInstance) {
  const a = await createAccount(app, 'admin');
  await app.db
    .updateTable('admins')
    .set({ password_hash: cheapHash(a.password) })
    .where('id', '=', a.id)
    .execute();
  return a;
}

async function withPin(app: FastifyInstance, id: number, pin: string) {
  await app.db
    .updateTable('admins')
    .set({ pin_hash: cheapHash(pin) })
    .where('id', '=', id)
    .execute();
}

describeEachDb('attempt limits', (ctx) => {
  it('50 wrong passwords at once: five evaluated, the rest refused with the wait', async () => {
    const a = await cheapAccount(ctx.app);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => ctx.app.inject(grant(a.username, 'wrong'))),
    );
    const codes = replies.map((r) => (r.json() as { Description: string }).Description);
    expect(codes.filter((c) => c === 'invalidCredentials')).toHaveLength(5);
    expect(codes.filter((c) => c === 'tooManyAttempts')).toHaveLength(45);
    const refused = replies.find((r) => r.statusCode === 429)!;
    const data = (refused.json() as { Data: { minutes: number; retryAfter: number } }).Data;
    expect(data.minutes).toBeGreaterThan(0);
    expect(data.minutes).toBeLessThanOrEqual(15);
    expect(Number(refused.headers['retry-after'])).toBe(data.retryAfter);
    // The right password from that address is refused too, while the window lasts.
    expect((await ctx.app.inject(grant(a.username, a.password))).statusCode).toBe(429);
  });

  it('42 wrong passwords from 7 addresses lock those pairs, not the real user: a fresh address signs in', async () => {
    const a = await cheapAccount(ctx.app);
    for (let n = 1; n <= 7; n++) {
      const counts = await tally(
        Array.from({ length: 6 }, () => ctx.app.inject(grant(a.username, 'wrong', `192.0.2.${n}`))),
      );
      expect(counts).toEqual({ invalidCredentials: 5, tooManyAttempts: 1 });
    }
    // Each attacking (user, address) pair stays locked, the right password included.
    expect((await ctx.app.inject(grant(a.username, a.password, '192.0.2.1'))).statusCode).toBe(429);
    // The real admin, from an address of its own, signs in right after the attack.
    expect((await ctx.app.inject(grant(a.username, a.password, '203.0.113.50'))).statusCode).toBe(200);
    // The username's failures across addresses were counted (its checks are slowed past 30); the
    // right password gave its attempt back.
    const row = await ctx.app.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `login:user:${a.username.toLowerCase()}`)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(35);
  });

  it('past the per-username threshold a check waits first, then still answers the right password', async () => {
    const a = await cheapAccount(ctx.app);
    const key = `login:user:${a.username.toLowerCase()}`;
    await ctx.app.db
      .insertInto('rate_limits')
      .values({ key, count: 45, window_start: new Date().toISOString() })
      .execute();
    const started = performance.now();
    const reply = await ctx.app.inject(grant(a.username, a.password, '203.0.113.60'));
    expect(reply.statusCode).toBe(200);
    // 46 failures' worth: 16 past 30, so 1.6 s (a lower bound: a busy machine only adds to it).
    expect(performance.now() - started).toBeGreaterThanOrEqual(loginDelayMs(16) - 20);
    expect([loginDelayMs(0), loginDelayMs(1), loginDelayMs(5), loginDelayMs(6), loginDelayMs(16)]).toEqual([
      0, 200, 200, 400, 1600,
    ]);
    expect(loginDelayMs(1000)).toBe(3000);
  });

  it('failures from one address over many usernames lock that address only', async () => {
    const a = await cheapAccount(ctx.app);
    const spray = await tally(
      Array.from({ length: 21 }, (_, i) => ctx.app.inject(grant(`ninguem${i}x`, 'wrong', '192.0.2.99'))),
    );
    expect(spray).toEqual({ invalidCredentials: 20, tooManyAttempts: 1 });
    expect((await ctx.app.inject(grant(a.username, a.password, '192.0.2.99'))).statusCode).toBe(429);
    expect((await ctx.app.inject(grant(a.username, a.password, '192.0.2.100'))).statusCode).toBe(200);
  });

  it('a right password gives its attempt back: signing in often from one address never locks', async () => {
    const a = await cheapAccount(ctx.app);
    for (let i = 0; i < 8; i++) {
      expect((await ctx.app.inject(grant(a.username, a.password, '198.51.100.77'))).statusCode).toBe(200);
    }
  });

  it('60 PIN guesses at once, the right one among them: at most five evaluated', async () => {
    const a = await signIn(ctx.app, 'admin');
    await withPin(ctx.app, a.id, '2468');
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 30 ? '2468' : String(1000 + i)));
    const counts = await tally(guesses.map((pin) => ctx.app.inject(pinCall(a.token, pin))));
    // Whether the right one came in time or not, no more than five guesses reached the hash.
    expect((counts.wrongPin ?? 0) + (counts.ok ?? 0)).toBeLessThanOrEqual(5);
    expect(counts.tooManyAttempts).toBeGreaterThanOrEqual(55);
  });

  it('after five wrong PINs the right one is refused, from that address; another address still may', async () => {
    const a = await signIn(ctx.app, 'admin');
    await withPin(ctx.app, a.id, '1357');
    for (let i = 0; i < 5; i++) {
      expect((await ctx.app.inject(pinCall(a.token, '0000'))).json()).toMatchObject({
        Description: 'wrongPin',
      });
    }
    const counts = await tally(
      Array.from({ length: 60 }, (_, i) => ctx.app.inject(pinCall(a.token, i === 59 ? '1357' : '0001'))),
    );
    expect(counts).toEqual({ tooManyAttempts: 60 });
    // The options as they are now (the test before may have saved them): only the PIN is judged.
    const { updatedAt } = (
      await ctx.app.inject({
        ...apiRequest(API.locations.globalOptions, {}),
        headers: { authorization: `Bearer ${a.token}` },
      })
    ).json<{ Data: { updatedAt: string | null } }>().Data;
    expect((await ctx.app.inject(pinCall(a.token, '1357', '203.0.113.9', updatedAt))).statusCode).toBe(200);
  });
  it('60 guesses of the current password at once: at most five evaluated, then that address waits', async () => {
    // The password change and the PIN change both check the current password; their wrong
    // guesses count on one counter per account, like the PIN (a stolen session cannot find it).
    const a = await signIn(ctx.app, 'editor');
    const change = <E extends Endpoint>(endpoint: E, input: CallInput<E>, remoteAddress = '198.51.100.20') =>
      ctx.app.inject({
        ...apiRequest(endpoint, input),
        headers: { authorization: `Bearer ${a.token}` },
        remoteAddress,
      });
    const password = (oldPassword: string, remoteAddress?: string) =>
      change(
        API.admins.changePassword,
        { body: { oldPassword, password: 'nova1234', confirmPassword: 'nova1234' } },
        remoteAddress,
      );
    const counts = await tally(Array.from({ length: 60 }, (_, i) => password(`errada${i}`)));
    expect(counts.L42 ?? 0).toBeLessThanOrEqual(5);
    expect(counts.tooManyAttempts).toBeGreaterThanOrEqual(55);
    for (const refused of [
      await password(a.password),
      await change(API.admins.changePin, { body: { password: a.password, pin: '8642' } }),
    ])
      expect(refused.json()).toMatchObject({ Description: 'tooManyAttempts' });
    expect((await password(a.password, '203.0.113.20')).statusCode).toBe(200);
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'attempt limits across two instances on one PostgreSQL',
  () => {
    const two = twoInstancesOnPostgres();

    it('30 wrong passwords at once, split over both: five evaluated in all', async () => {
      const user = await cheapAccount(two.a);
      const counts = await tally(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? two.a : two.b).inject(grant(user.username, 'wrong'))),
      );
      expect(counts).toEqual({ invalidCredentials: 5, tooManyAttempts: 25 });
    });
  },
);
