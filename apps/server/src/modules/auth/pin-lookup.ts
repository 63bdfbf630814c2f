import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/schema.js';
import { PIN_LOOKUP_KEY_SETTING, pinLookupDigest } from '../../lib/pin-digest.js';
import { verifySecret } from '../../lib/secrets.js';
import { pinLookupRepository } from './pin-lookup.repository.js';

/**
 * PIN uniqueness among staff (L41) in one indexed read (docs/adr/0004, 0061): each PIN also gets a
 * keyed HMAC in `admins.pin_lookup`, under a unique index. The key is generated once and kept in
 * `settings`, so every instance sharing the database derives the same lookup.
 */
export class PinLookup {
  private key: Buffer | null = null;
  constructor(private readonly db: DbOrTx) {}

  private async secret(): Promise<Buffer> {
    if (this.key) return this.key;
    let value = await pinLookupRepository.setting(this.db, PIN_LOOKUP_KEY_SETTING);
    if (value === undefined) {
      // Two instances may race here: the primary key keeps the first, and both read it back.
      await pinLookupRepository.addSettingIfMissing(
        this.db,
        PIN_LOOKUP_KEY_SETTING,
        randomBytes(32).toString('base64url'),
      );
      value = await pinLookupRepository.setting(this.db, PIN_LOOKUP_KEY_SETTING);
      if (value === undefined) throw new Error('The PIN lookup key could not be stored');
    }
    this.key = Buffer.from(value, 'base64url');
    return this.key;
  }

  async of(pin: string): Promise<string> {
    return pinLookupDigest(await this.secret(), pin);
  }

  /**
   * Is `pin` held by another account? One indexed read of the lookup column. Accounts that still
   * lack a lookup (PINs written before it; migration 0060 filled the seeded ones and a PIN fills
   * its own the first time it is verified) are checked with their slow hash: none, normally.
   */
  async inUse(pin: string, exceptId: number | null): Promise<boolean> {
    const lookup = await this.of(pin);
    if (await pinLookupRepository.pinLookupHolder(this.db, lookup, exceptId)) return true;
    const rows = await pinLookupRepository.pinsWithoutLookup(this.db, exceptId);
    if (rows.length === 0) return false;
    const matches = await Promise.all(rows.map((r) => verifySecret(pin, r.pin_hash!)));
    const holder = rows.find((_, i) => matches[i]);
    if (!holder) return false;
    await pinLookupRepository.fillPinLookup(this.db, holder.id, lookup);
    return true;
  }

  /** After a PIN was verified for its account: the lookup it lacked can now be written. */
  async fill(accountId: number, pin: string): Promise<void> {
    await pinLookupRepository.fillPinLookup(this.db, accountId, await this.of(pin));
  }
}
