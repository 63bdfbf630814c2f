import type { DbOrTx } from '../../db/schema.js';

/** The staff a kiosk may identify (where a screen is installed: auth/kiosk-place.repository). */
export const kioskScreensRepository = {
  /** The enabled staff account whose PIN lookup (ADR 0004) is this one. */
  async staffByPinLookup(db: DbOrTx, lookup: string) {
    return db
      .selectFrom('admins')
      .select(['id', 'username', 'name', 'role', 'company', 'enabled'])
      .where('pin_lookup', '=', lookup)
      .executeTakeFirst();
  },
};
