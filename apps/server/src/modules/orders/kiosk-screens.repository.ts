import type { DbOrTx } from '../../db/schema.js';

/** Where kiosk screen accounts are installed (the marketplace's binding table), read by the pickup. */
export const kioskScreensRepository = {
  /** The place a kiosk screen account is installed at, if any. */
  async placeOf(db: DbOrTx, adminId: number) {
    return db
      .selectFrom('kiosk_screens as k')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select(['p.id', 'p.type'])
      .where('k.admin_id', '=', adminId)
      .executeTakeFirst();
  },
};
