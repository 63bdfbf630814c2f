import { withoutTenantScope } from '../../db/tenant-scope.js';
import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';

/** What the PIN lookup reads and writes (pin-lookup.ts): its key in settings and the accounts' digests. */
export const pinLookupRepository = {
  /** A setting's value (the PIN lookup key lives in settings). */
  async setting(db: DbOrTx, key: string): Promise<string | undefined> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  },

  /** Writes the setting unless another instance wrote it first (that one wins). */
  async addSettingIfMissing(db: DbOrTx, key: string, value: string): Promise<void> {
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },

  /**
   * The account whose PIN has this lookup digest (unique index: one indexed read). PINs are
   * unique across every account, whoever's client: read outside the tenant scope.
   */
  pinLookupHolder(db: DbOrTx, lookup: string, exceptId: number | null) {
    return withoutTenantScope(() => {
      let q = db.selectFrom('admins').select('id').where('pin_lookup', '=', lookup);
      if (exceptId !== null) q = q.where('id', '!=', exceptId);
      return q.executeTakeFirst();
    });
  },

  /** Accounts with a PIN but no lookup digest yet (written before it existed; normally none). */
  pinsWithoutLookup(db: DbOrTx, exceptId: number | null) {
    return withoutTenantScope(() => {
      let q = db
        .selectFrom('admins')
        .select(['id', 'pin_hash'])
        .where('pin_lookup', 'is', null)
        .where('pin_hash', 'is not', null);
      if (exceptId !== null) q = q.where('id', '!=', exceptId);
      return q.execute();
    });
  },

  /** Fills an account's missing lookup digest (never overwrites one), whoever's client it is. */
  async fillPinLookup(db: DbOrTx, id: number, lookup: string) {
    await withoutTenantScope(() =>
      db
        .updateTable('admins')
        .set({ pin_lookup: lookup })
        .where('id', '=', id)
        .where('pin_lookup', 'is', null)
        .execute(),
    );
  },
};
