import type { DbOrTx } from '../../db/schema.js';

/** The partner's view of orders (issue #24): the order, its locker and place, its history. */
const partnerView = (db: DbOrTx) =>
  db
    .selectFrom('orders as o')
    .leftJoin('lockers as l', 'l.id', 'o.locker_id')
    .leftJoin('places as p', 'p.id', 'l.place_id')
    .select([
      'o.id',
      'o.package_id',
      'o.state',
      'o.recipient_name',
      'o.recipient_phone',
      'o.recipient_email',
      'o.recipient_number',
      'o.parcel_size',
      'o.target_place_id',
      'o.company',
      'o.created_at',
      'o.updated_at',
      'o.stored_at',
      'o.picked_up_at',
      'l.door_number',
      'l.size as locker_size',
      'l.place_id',
      'p.name as place_name',
    ]);

export const partnerOrdersRepository = {
  async byPackageId(db: DbOrTx, packageId: string) {
    return partnerView(db).where('o.package_id', '=', packageId).executeTakeFirst();
  },

  /** Several orders at once (the webhook outbox of an import's batch), in chunks. */
  async byIds(db: DbOrTx, ids: number[]) {
    const out: PartnerOrderRow[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      out.push(
        ...(await partnerView(db)
          .where('o.id', 'in', ids.slice(i, i + 500))
          .execute()),
      );
    }
    return out;
  },

  async history(db: DbOrTx, orderId: number) {
    return db
      .selectFrom('order_logs')
      .select(['state', 'action', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'asc')
      .execute();
  },
};
export type PartnerOrderRow = NonNullable<Awaited<ReturnType<typeof partnerOrdersRepository.byPackageId>>>;
