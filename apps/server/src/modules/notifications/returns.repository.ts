import { DELIVERY_TYPE, ORDER_STATE } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';

const RETURN_STATES = [ORDER_STATE.EXPIRED, ORDER_STATE.OPEN_FOR_RETURN];

/**
 * The return list, per location (store accounts: their company): expired parcels still in their
 * lockers, and customers' returns dropped off at a wall waiting to be collected (docs/adr/0180).
 */
export const returnsRepository = {
  async page(
    db: DbOrTx,
    f: { placeId?: number | undefined; company?: string | null | undefined },
    limit: number,
    offset: number,
  ) {
    let q = db
      .selectFrom('orders as o')
      .innerJoin('lockers as l', 'l.id', 'o.locker_id')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .where((eb) =>
        eb.or([
          eb('o.state', 'in', RETURN_STATES),
          eb.and([
            eb('o.delivery_type', '=', DELIVERY_TYPE.RETURN_BOX),
            eb('o.state', '=', ORDER_STATE.STORED_IN_LOCKER),
          ]),
        ]),
      );
    if (f.company !== undefined) q = q.where('o.company', '=', f.company ?? '');
    const perPlace = await q
      .select(['p.id', 'p.name', (eb) => eb.fn.countAll().as('n')])
      .groupBy(['p.id', 'p.name'])
      .orderBy('p.name')
      .execute();
    if (f.placeId) q = q.where('p.id', '=', f.placeId);
    const rows = await q
      .select([
        'o.id',
        'o.package_id',
        'o.recipient_name',
        'o.recipient_phone',
        'o.company',
        'o.state',
        'o.stored_at',
        'o.expires_at',
        'o.return_code',
        'l.door_number',
        'l.size',
        'p.id as place_id',
        'p.name as place_name',
      ])
      .orderBy('p.name')
      .orderBy('l.door_number')
      .limit(limit)
      .offset(offset)
      .execute();
    const locations = perPlace.map((r) => ({ id: r.id, name: r.name, count: toNumber(r.n as number) }));
    const total = f.placeId
      ? (locations.find((l) => l.id === f.placeId)?.count ?? 0)
      : locations.reduce((a, l) => a + l.count, 0);
    return { rows, total, locations };
  },
};
