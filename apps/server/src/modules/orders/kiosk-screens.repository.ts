import type { DbOrTx } from '../../db/schema.js';

/** Where kiosk screen accounts are installed (kiosk_screens), and the staff a kiosk may identify. */
export const kioskScreensRepository = {
  /** The place a kiosk screen account is installed at, if any. */
  async placeOf(db: DbOrTx, adminId: number) {
    return db
      .selectFrom('kiosk_screens as k')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select(['p.id', 'p.type', 'p.name'])
      .where('k.admin_id', '=', adminId)
      .executeTakeFirst();
  },

  /** The enabled staff account whose PIN lookup (ADR 0004) is this one. */
  async staffByPinLookup(db: DbOrTx, lookup: string) {
    return db
      .selectFrom('admins')
      .select(['id', 'username', 'name', 'role', 'company', 'enabled'])
      .where('pin_lookup', '=', lookup)
      .executeTakeFirst();
  },
};
