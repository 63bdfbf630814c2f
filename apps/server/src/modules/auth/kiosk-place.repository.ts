import type { DbOrTx } from '../../db/schema.js';
import type { KioskPlace } from '../../lib/account.js';

export const kioskPlaceRepository = {
  /** The place a kiosk screen account is installed at, if any. */
  async placeOf(db: DbOrTx, adminId: number): Promise<KioskPlace | undefined> {
    return db
      .selectFrom('kiosk_screens as k')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select(['p.id', 'p.name', 'p.type'])
      .where('k.admin_id', '=', adminId)
      .executeTakeFirst();
  },
};
