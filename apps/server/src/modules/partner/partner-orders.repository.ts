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

/**
 * The one place a partner key reaches orders (ADR 0100): every lookup a key makes goes through
 * `clientView`, which keeps only its client's orders. Another client's order reads as not existing.
 */
const clientView = (db: DbOrTx, client: string) => partnerView(db).where('o.company', '=', client);

export const partnerOrdersRepository = {
  /** A key's order by package id: only among its client's orders. */
  async byPackageId(db: DbOrTx, client: string, packageId: string) {
    return clientView(db, client).where('o.package_id', '=', packageId).executeTakeFirst();
  },

  /**
   * Several orders at once for the webhook outbox (an import's batch), in chunks. Not a key's read:
   * the outbox's fan-out filter (webhook-outbox.ts) decides which key hears of which order.
   */
  async byIdsForOutbox(db: DbOrTx, ids: number[]) {
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
