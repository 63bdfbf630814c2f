import { createHmac } from 'node:crypto';

/** The setting that holds the staff-PIN lookup key (docs/adr/0004, 0061). */
export const PIN_LOOKUP_KEY_SETTING = 'admins.pinLookupKey';

/**
 * The staff PIN's lookup digest: HMAC-SHA256 under the server's key, deterministic so that one
 * indexed equality finds the account holding a PIN. Only for uniqueness, never to sign in.
 */
export function pinLookupDigest(key: Buffer, pin: string): string {
  return createHmac('sha256', key).update(`pin:${pin}`).digest('base64url');
}
