import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scryptAsync = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~130 MB per hash; 2^15 keeps memory sane on a
// small box while staying slow for an attacker. The parameters are stored with each hash.
const PRODUCTION_N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
let N = PRODUCTION_N;

/**
 * TESTS ONLY (the server test setup calls it): new hashes use N=2^10 instead of 2^15. One hash at
 * 2^15 costs about 100-170 ms of CPU, and the server suites create and sign in some thousand
 * accounts, which made scrypt the largest single cost of CI. It can never apply in production: no
 * server code calls it, and it refuses to run unless the process is a Vitest worker (Vitest sets
 * VITEST and NODE_ENV=test). Verification reads N from each stored hash, so nothing else changes.
 */
export function useTestWorkFactor(): void {
  if (!process.env.VITEST || process.env.NODE_ENV !== 'test') {
    throw new Error('useTestWorkFactor is for the test runner only');
  }
  N = 2 ** 10;
}

/** Slow hash for passwords and PINs: `scrypt$N$r$p$salt$hash`. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEYLEN, { N, r: R, p: P, maxmem: 128 * N * R * 2 });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 128 * Number(n) * Number(r) * 2,
  });
  return timingSafeEqual(key, expected);
}

/** Opaque bearer tokens: 256 random bits; only their SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A readable random password for first-start accounts (printed once). */
export function randomPassword(length = 16): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
