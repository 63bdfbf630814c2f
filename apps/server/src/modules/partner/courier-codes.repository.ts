import { DELIVERY_TYPE, ORDER_STATE } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

/** States in which a pre-advised parcel waits for its courier (created, locker reserved, updated). */
export const TO_DEPOSIT_STATES = [ORDER_STATE.CREATED, ORDER_STATE.LOCKER_ASSIGNED, ORDER_STATE.UPDATED];

/** Courier access codes (issue #24): the keys' secrets and the parcels a code opens. */
export const courierCodesRepository = {
  async secretOf(db: DbOrTx, keyId: number) {
    const row = await db
      .selectFrom('api_keys')
      .select('courier_secret')
      .where('id', '=', keyId)
      .executeTakeFirst();
    return row?.courier_secret ?? null;
  },

  /** Sets the secret unless another request did first (then that one stays). */
  async setSecretOnce(db: DbOrTx, keyId: number, secret: string) {
    await db
      .updateTable('api_keys')
      .set({ courier_secret: secret })
      .where('id', '=', keyId)
      .where('courier_secret', 'is', null)
      .execute();
  },

  /**
   * Keys whose codes can be in use at a place: not revoked, with a secret, of an enabled client
   * granted the place (ADR 0190, 0205). A carrier's code opens nothing at a wall that does not
   * serve its client.
   */
  async activeSecrets(db: DbOrTx, placeId: number) {
    return db
      .selectFrom('api_keys as k')
      .innerJoin('clients as c', 'c.name', 'k.company')
      .innerJoin('place_grants as g', 'g.client_id', 'c.id')
      .select(['k.id', 'k.name', 'k.company', 'k.courier_secret'])
      .where('k.revoked_at', 'is', null)
      .where('k.courier_secret', 'is not', null)
      .where('c.enabled', '=', 1)
      .where('g.place_id', '=', placeId)
      .execute();
  },

  /**
   * A key's parcels to deposit at a place: advised to that place or to none, not yet in a locker.
   * Returns (delivery type 2) are the customers' to drop off, not the courier's (docs/adr/0180).
   */
  async parcels(db: DbOrTx, keyId: number, placeId: number) {
    return db
      .selectFrom('orders')
      .select(['id', 'package_id', 'recipient_number', 'parcel_size', 'state', 'target_place_id'])
      .where('api_key_id', '=', keyId)
      .where('delivery_type', '!=', DELIVERY_TYPE.RETURN_BOX)
      .where('state', 'in', TO_DEPOSIT_STATES)
      .where((eb) => eb.or([eb('target_place_id', '=', placeId), eb('target_place_id', 'is', null)]))
      .orderBy('id')
      .limit(500)
      .execute();
  },

  /**
   * A client's returns dropped off at a place and not collected yet (docs/adr/0180): whichever key
   * of the client advised them, its courier takes them all in one round.
   */
  async droppedOff(db: DbOrTx, company: string, placeId: number) {
    return db
      .selectFrom('orders as o')
      .innerJoin('lockers as l', 'l.id', 'o.locker_id')
      .select(['o.id', 'o.package_id', 'o.recipient_number', 'l.door_number'])
      .where('o.company', '=', company)
      .where('o.delivery_type', '=', DELIVERY_TYPE.RETURN_BOX)
      .where('o.state', '=', ORDER_STATE.STORED_IN_LOCKER)
      .where('l.place_id', '=', placeId)
      .orderBy('l.door_number')
      .limit(500)
      .execute();
  },

  async parcel(db: DbOrTx, packageId: string) {
    return db
      .selectFrom('orders')
      .select(['id', 'package_id', 'api_key_id', 'parcel_size', 'state', 'target_place_id', 'delivery_type'])
      .where('package_id', '=', packageId)
      .executeTakeFirst();
  },
};
