import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PIN_LOOKUP_KEY_SETTING, pinLookupDigest } from '../../lib/pin-digest.js';
import { verifySecret } from '../../lib/secrets.js';

/**
 * The PINs that first start wrote with their slow hash only, before seeded accounts got a lookup
 * digest (docs/adr/0061): the first admin's and the demo accounts'. Frozen here as they were.
 */
const FIRST_ADMIN_PIN = '1234';
const SEEDED_PINS: Record<string, string> = {
  editor: '2345',
  courier: '3456',
  loja: '4567',
  importer: '5678',
  security: '6789',
  dash: '7890',
  screen: '8901',
  demo: '9012',
};

/**
 * Staff PINs without a lookup digest made every uniqueness check try each of them with scrypt
 * (1.2 s to create an admin on a demo site). Each one still holding its seeded PIN gets its digest
 * now, at one or two scrypt checks per account, once. Any other keeps its slow hash only and fills
 * its digest the first time its PIN is verified; the uniqueness check covers it meanwhile.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom('admins')
    .select(['id', 'username', 'pin_hash'])
    .where('pin_lookup', 'is', null)
    .where('pin_hash', 'is not', null)
    .execute()) as Array<{ id: number; username: string; pin_hash: string }>;
  if (rows.length === 0) return;
  await db
    .insertInto('settings')
    .values({
      key: PIN_LOOKUP_KEY_SETTING,
      value: randomBytes(32).toString('base64url'),
      updated_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const setting = (await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', PIN_LOOKUP_KEY_SETTING)
    .executeTakeFirstOrThrow()) as { value: string };
  const key = Buffer.from(setting.value, 'base64url');
  for (const row of rows) {
    const candidates = [SEEDED_PINS[row.username.toLowerCase()], FIRST_ADMIN_PIN].filter(
      (p): p is string => p !== undefined,
    );
    for (const pin of candidates) {
      if (!(await verifySecret(pin, row.pin_hash))) continue;
      const lookup = pinLookupDigest(key, pin);
      const holder = await db
        .selectFrom('admins')
        .select('id')
        .where('pin_lookup', '=', lookup)
        .executeTakeFirst();
      // Two accounts with one PIN (both older than the check): the first keeps it, as L41 would.
      if (!holder) {
        await db.updateTable('admins').set({ pin_lookup: lookup }).where('id', '=', row.id).execute();
      }
      break;
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function down(_db: Kysely<any>): Promise<void> {
  // The digests are correct under the current key; nothing to undo.
}
