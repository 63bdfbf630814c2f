import { sql } from 'kysely';
import { ORDER_STATE } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';

const S = ORDER_STATE;
/** A parcel has ended in these states; its last change (updated_at) is when it ended. */
export const ENDED_STATES = [S.DELIVERED, S.CANCELED, S.DELIVERED_BY_STAFF, S.ARCHIVED, S.RETURNED];

/** One recipient: by phone (as stored) or by e-mail (whatever its case). */
export type RecipientKey = { phone: string } | { email: string };

export const retentionRepository = {
  /** Up to `limit` ended, not yet anonymised orders of one owner that ended before `cutoff`. */
  async dueIds(db: DbOrTx, company: string | null, cutoff: string, limit: number): Promise<number[]> {
    let q = db
      .selectFrom('orders')
      .select('id')
      .where('state', 'in', ENDED_STATES)
      .where('recipient_erased_at', 'is', null)
      .where('updated_at', '<', cutoff)
      .limit(limit);
    q =
      company === null
        ? q.where((eb) => eb.or([eb('company', 'is', null), eb('company', '=', '')]))
        : q.where('company', '=', company);
    return (await q.execute()).map((r) => Number(r.id));
  },

  /** Owners (company texts) with no client row: the operator's default retention applies. */
  async companiesWithoutClient(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .selectFrom('orders as o')
      .leftJoin('clients as c', 'c.name', 'o.company')
      .select('o.company')
      .distinct()
      .where('o.company', 'is not', null)
      .where('o.company', '<>', '')
      .where('c.id', 'is', null)
      .where('o.recipient_erased_at', 'is', null)
      .execute();
    return rows.map((r) => r.company!);
  },

  /** Orders of the recipient (every state: an erase is asked for by the person). */
  async idsOf(db: DbOrTx, who: RecipientKey): Promise<number[]> {
    const q = db.selectFrom('orders').select('id');
    const rows = await (
      'phone' in who
        ? q.where('recipient_phone', '=', who.phone)
        : q.where(sql<string>`lower(recipient_email)`, '=', who.email.toLowerCase())
    ).execute();
    return rows.map((r) => Number(r.id));
  },

  async parcels(db: DbOrTx, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return db
      .selectFrom('orders')
      .select([
        'id',
        'package_id',
        'company',
        'state',
        'recipient_name',
        'recipient_phone',
        'recipient_email',
        'recipient_number',
        'created_at',
        'updated_at',
      ])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  },

  /** Messages to the recipient: of its orders, or addressed to its phone or e-mail. */
  async messages(db: DbOrTx, ids: readonly number[], who: RecipientKey) {
    const address = 'phone' in who ? who.phone : who.email.toLowerCase();
    return db
      .selectFrom('messages')
      .select(['id', 'order_id', 'channel', 'recipient', 'body', 'created_at'])
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(recipient)`, '=', address),
          ...(ids.length > 0 ? [eb('order_id', 'in', ids)] : []),
        ]),
      )
      .orderBy('id')
      .execute();
  },

  /** Blanks the recipient's name, phone and e-mail of these orders; the rows (and counts) stay. */
  async anonymiseOrders(db: DbOrTx, ids: readonly number[], at: string): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await db
      .updateTable('orders')
      .set({ recipient_name: '', recipient_phone: '', recipient_email: '', recipient_erased_at: at })
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /**
   * Blanks the address and text (which names the recipient) of messages, sent or not; their rows
   * stay. One not sent yet (an active parcel's code or reminder, queued or waiting for a provider)
   * has no address left: it is cancelled, so no sender tries a blank address, no retry puts it back
   * and it is not shown as the provider's failure. Answers both counts.
   */
  async anonymiseMessages(
    db: DbOrTx,
    messageIds: readonly number[],
    at: string,
  ): Promise<{ messages: number; cancelled: number }> {
    if (messageIds.length === 0) return { messages: 0, cancelled: 0 };
    const cancelled = await db
      .updateTable('messages')
      .set({
        status: 'cancelled',
        error: 'recipient erased',
        next_attempt_at: null,
        locked_until: null,
        updated_at: at,
      })
      .where('id', 'in', messageIds)
      .where('status', 'in', ['queued', 'noProvider'])
      .executeTakeFirst();
    const r = await db
      .updateTable('messages')
      .set({ recipient: '', body: '', subject: null })
      .where('id', 'in', messageIds)
      .executeTakeFirst();
    return { messages: Number(r.numUpdatedRows), cancelled: Number(cancelled.numUpdatedRows) };
  },

  async messageIdsOfOrders(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('messages').select('id').where('order_id', 'in', ids).execute();
    return rows.map((r) => Number(r.id));
  },
};
