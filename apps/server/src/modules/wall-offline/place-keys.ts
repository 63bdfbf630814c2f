import { createHmac, randomBytes } from 'node:crypto';
import { credentialHashInput, KEY_CHECK_INPUT, type CredentialVia } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { officeSupportRepository } from '../office/office-support.repository.js';

const MASTER_SETTING = 'devices.placeKeyMaster';

/**
 * Each place's key (docs/adr/0125): HMAC-SHA256 of the place id with one random master secret kept
 * in settings, so every instance derives the same keys and nothing per place is stored. The key is
 * provisioned on the controller at installation; credentials travel only as HMACs made with it.
 */
export class PlaceKeys {
  private readonly cache = new Map<number, Buffer>();
  private constructor(private readonly master: Buffer) {}

  /** Reads the master secret, creating it on first use (the first writer wins when several race). */
  static async load(db: DbOrTx): Promise<PlaceKeys> {
    let value = await officeSupportRepository.setting(db, MASTER_SETTING);
    if (value === undefined) {
      await officeSupportRepository.addSettingIfMissing(
        db,
        MASTER_SETTING,
        randomBytes(32).toString('base64url'),
      );
      value = await officeSupportRepository.setting(db, MASTER_SETTING);
      if (value === undefined) throw new Error('The place key master could not be stored');
    }
    return new PlaceKeys(Buffer.from(value, 'base64url'));
  }

  keyOf(placeId: number): Buffer {
    let key = this.cache.get(placeId);
    if (!key) {
      key = createHmac('sha256', this.master).update(`place-key:${placeId}`).digest();
      this.cache.set(placeId, key);
    }
    return key;
  }

  /** What a controller compares with a presented value: never the value itself. */
  hash(placeId: number, via: CredentialVia | 'parcel', value: string): string {
    return createHmac('sha256', this.keyOf(placeId)).update(credentialHashInput(via, value)).digest('hex');
  }

  keyCheck(placeId: number): string {
    return createHmac('sha256', this.keyOf(placeId)).update(KEY_CHECK_INPUT).digest('hex').slice(0, 16);
  }
}
