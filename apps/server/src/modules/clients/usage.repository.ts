import { sql } from 'kysely';
import { ORDER_STATE } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

const S = ORDER_STATE;
/** The transitions counted: a deposit closed, a pickup (kiosk or staff), an expiry, a return. */
export const COUNTED = {
  deposits: [S.STORED_IN_LOCKER],
  pickups: [S.DELIVERED, S.DELIVERED_BY_STAFF],
  expired: [S.EXPIRED],
  returned: [S.RETURNED],
} as const;
const DEPOSITED_FROM = [S.OPEN_FOR_DELIVERY, S.EXTERIOR_DOOR_OPENED_TO_DEPOSIT];

export const usageRepository = {
  /**
   * Distinct orders of the client per location and state reached within [from, to), from the
   * order logs (a deposit is a transition into stored from a deposit's open door; a staff "store"
   * back into stored is not one). The location is the log's locker's, or the order's.
   */
  async transitions(db: DbOrTx, company: string, from: string, to: string) {
    return db
      .selectFrom('order_logs as ol')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .innerJoin('lockers as l', (j) => j.on(sql`l.id`, '=', sql`coalesce(ol.locker_id, o.locker_id)`))
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select(['l.place_id', 'p.name', 'ol.state'])
      .select((eb) => eb.fn.count<number>('ol.order_id').distinct().as('n'))
      .where('o.company', '=', company)
      .where('ol.created_at', '>=', from)
      .where('ol.created_at', '<', to)
      .where((eb) =>
        eb.or([
          eb.and([eb('ol.state', '=', S.STORED_IN_LOCKER), eb('ol.from_state', 'in', DEPOSITED_FROM)]),
          eb('ol.state', 'in', [...COUNTED.pickups, ...COUNTED.expired, ...COUNTED.returned]),
        ]),
      )
      .groupBy(['l.place_id', 'p.name', 'ol.state'])
      .execute();
  },

  /** The client's parcels picked up within [from, to): their place, stored and picked-up times. */
  async pickups(db: DbOrTx, company: string, from: string, to: string) {
    return db
      .selectFrom('orders as o')
      .innerJoin('lockers as l', 'l.id', 'o.locker_id')
      .select(['l.place_id', 'o.stored_at', 'o.picked_up_at'])
      .where('o.company', '=', company)
      .where('o.picked_up_at', '>=', from)
      .where('o.picked_up_at', '<', to)
      .where('o.stored_at', 'is not', null)
      .execute();
  },
};
