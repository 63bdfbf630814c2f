import { createHmac, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { verifySecret } from '../../lib/secrets.js';

const KEY_SETTING = 'admins.pinLookupKey';

/**
 * PIN uniqueness among staff (L41) without trying every slow hash (docs/adr/0004): each PIN also
 * gets a keyed HMAC in `admins.pin_lookup`, under a unique index. The key is generated once and
 * kept in `settings`, so every instance sharing the database derives the same lookup.
 */
export class PinLookup {
  private key: Buffer | null = null;
  constructor(private readonly db: DbOrTx) {}

  private async secret(): Promise<Buffer> {
    if (this.key) return this.key;
    const read = () =>
      this.db.selectFrom('settings').select('value').where('key', '=', KEY_SETTING).executeTakeFirst();
    let row = await read();
    if (!row) {
      // Two instances may race here: the primary key keeps the first, and both read it back.
      await this.db
        .insertInto('settings')
        .values({ key: KEY_SETTING, value: randomBytes(32).toString('base64url'), updated_at: nowIso() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      row = await read();
    }
    this.key = Buffer.from(row!.value, 'base64url');
    return this.key;
  }

  async of(pin: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`pin:${pin}`)
      .digest('base64url');
  }

  /**
   * Is `pin` held by another account? The lookup column answers for every account created or
   * changed here; accounts seeded before it (first start) only have the slow hash, so those few
   * are checked one by one and get their lookup filled in when they match.
   */
  async inUse(pin: string, exceptId: number | null): Promise<boolean> {
    const lookup = await this.of(pin);
    let q = this.db.selectFrom('admins').select('id').where('pin_lookup', '=', lookup);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) return true;
    let legacy = this.db
      .selectFrom('admins')
      .select(['id', 'pin_hash'])
      .where('pin_lookup', 'is', null)
      .where('pin_hash', 'is not', null);
    if (exceptId !== null) legacy = legacy.where('id', '!=', exceptId);
    const rows = await legacy.execute();
    const matches = await Promise.all(rows.map((r) => verifySecret(pin, r.pin_hash!)));
    const holder = rows.find((_, i) => matches[i]);
    if (!holder) return false;
    await this.db.updateTable('admins').set({ pin_lookup: lookup }).where('id', '=', holder.id).execute();
    return true;
  }
}
