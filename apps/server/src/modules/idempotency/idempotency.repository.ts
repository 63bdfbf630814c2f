import type { Db } from '../../db/schema.js';

export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
  owner: string;
  now: string;
  lockedUntil: string;
  expiresAt: string;
}

export interface StoredAnswer {
  status: number;
  type: string | null;
  body: string;
}

/** Queries of the Idempotency-Key records (plugins/idempotency.ts holds the rules). */
export const idempotencyRepository = {
  /** Claims the key for this request; false when a row already exists (claimed or answered). */
  async claim(db: Db, c: IdempotencyClaim): Promise<boolean> {
    const res = await db
      .insertInto('idempotency_keys')
      .values({
        scope: c.scope,
        key: c.key,
        fingerprint: c.fingerprint,
        status: 'pending',
        owner: c.owner,
        locked_until: c.lockedUntil,
        created_at: c.now,
        expires_at: c.expiresAt,
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async find(db: Db, scope: string, key: string) {
    return db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
  },

  /** Takes over a claim whose request died (lease over) or a record past its 24 h; true when taken. */
  async takeOver(db: Db, c: IdempotencyClaim): Promise<boolean> {
    const res = await db
      .updateTable('idempotency_keys')
      .set({
        fingerprint: c.fingerprint,
        status: 'pending',
        owner: c.owner,
        locked_until: c.lockedUntil,
        response_status: null,
        response_type: null,
        response_body: null,
        created_at: c.now,
        expires_at: c.expiresAt,
      })
      .where('scope', '=', c.scope)
      .where('key', '=', c.key)
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', c.now),
          eb.and([eb('status', '=', 'pending'), eb('locked_until', '<=', c.now)]),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async answer(db: Db, scope: string, key: string, owner: string, answer: StoredAnswer) {
    await db
      .updateTable('idempotency_keys')
      .set({
        status: 'done',
        response_status: answer.status,
        response_type: answer.type,
        response_body: answer.body,
      })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('owner', '=', owner)
      .execute();
  },

  /** Gives the key back (the request failed before doing anything): a retry runs afresh. */
  async release(db: Db, scope: string, key: string, owner: string) {
    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('owner', '=', owner)
      .where('status', '=', 'pending')
      .execute();
  },

  async purgeExpired(db: Db, now: string) {
    await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
  },
};
