import type { Insertable } from 'kysely';
import { SEARCH_COUNT_CAP, type MessagesFilter, type MessageStatus, type SortOrder } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import type { MessagesTable } from '../../db/tables/notifications.js';
import { containsPattern, likeEscaped, toNumber } from '../../db/helpers.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';

export type NewMessage = Insertable<MessagesTable>;
export interface MessageFilter {
  status?: string | undefined;
  channel?: string | undefined;
  event?: string | undefined;
  orderId?: number | undefined;
  recipient?: string | undefined;
  /** Written in [from, to) (ISO instants). */
  from?: string | undefined;
  to?: string | undefined;
}
/** The outbox list's order (issue #22): a whitelisted column, then the id. */
export interface MessageSort {
  sort: MessagesFilter['sort'];
  order: SortOrder;
}
const SORT_KEY: Record<MessagesFilter['sort'], SortKey> = {
  createdAt: { ref: 'm.created_at' },
  sentAt: { ref: 'm.sent_at', nullable: true },
};

const listColumns = [
  'm.id',
  'm.order_id',
  'm.event',
  'm.channel',
  'm.recipient',
  'm.language',
  'm.subject',
  'm.body',
  'm.status',
  'm.attempts',
  'm.error',
  'm.next_attempt_at',
  'm.created_at',
  'm.sent_at',
] as const;

/** The message outbox (migration 0050): SQL of the writers, the sender and the screens. */
export const messagesRepository = {
  /** Writes messages; one whose dedupe key exists already (a notice sent before) is skipped. */
  async insert(db: DbOrTx, rows: NewMessage[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('messages')
        .values(rows.slice(i, i + 200))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    }
  },
  /** Queued messages whose time has come and that no sender holds, oldest first. */
  due(db: DbOrTx, now: string, limit: number) {
    return db
      .selectFrom('messages')
      .selectAll()
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  },
  /** Takes a message for sending until `until`: false when another sender took it first. */
  async claim(db: DbOrTx, id: number, now: string, until: string): Promise<boolean> {
    const r = await db
      .updateTable('messages')
      .set((eb) => ({ locked_until: until, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async settle(
    db: DbOrTx,
    id: number,
    v: { status: MessageStatus; error: string | null; nextAttemptAt: string | null; now: string },
  ) {
    let q = db
      .updateTable('messages')
      .set({
        status: v.status,
        error: v.error,
        next_attempt_at: v.nextAttemptAt,
        locked_until: null,
        updated_at: v.now,
        ...(v.status === 'sent' ? { sent_at: v.now } : {}),
      })
      .where('id', '=', id);
    // Cancelled while it was being sent (its recipient erased): a failed try does not put it back in
    // the queue with a blank address. One the provider took is recorded as sent: it went out.
    if (v.status !== 'sent') q = q.where('status', '<>', 'cancelled');
    await q.execute();
  },
  /** Back in the queue now (an admin's retry); false when the message is queued, sent, cancelled or erased. */
  async requeue(db: DbOrTx, id: number, now: string): Promise<boolean> {
    const r = await db
      .updateTable('messages')
      .set({ status: 'queued', error: null, next_attempt_at: now, locked_until: null, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['failed', 'noProvider'])
      // A message whose recipient was erased (ADR 0191) has no address to send to again.
      .where('recipient', '<>', '')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /**
   * Held messages (written with no send time, waiting for something to happen: a rental's payment,
   * docs/adr/0221) go out now.
   */
  async releaseHeld(db: DbOrTx, dedupeKeys: string[], now: string) {
    await db
      .updateTable('messages')
      .set({ status: 'queued', next_attempt_at: now, updated_at: now })
      .where('dedupe_key', 'in', dedupeKeys)
      .where('next_attempt_at', 'is', null)
      .where('sent_at', 'is', null)
      .where('status', 'in', ['queued', 'noProvider'])
      .execute();
  },
  /** Held messages that must never go (what they tell is void). */
  async dropHeld(db: DbOrTx, dedupeKeys: string[]) {
    await db
      .deleteFrom('messages')
      .where('dedupe_key', 'in', dedupeKeys)
      .where('next_attempt_at', 'is', null)
      .where('sent_at', 'is', null)
      .where('status', 'in', ['queued', 'noProvider'])
      .execute();
  },
  /** Queued messages of a channel with no provider any more: they will not be sent. */
  async markUnsendable(db: DbOrTx, channel: string, now: string) {
    await db
      .updateTable('messages')
      .set({ status: 'noProvider', error: null, next_attempt_at: null, updated_at: now })
      .where('status', '=', 'queued')
      .where('channel', '=', channel)
      .execute();
  },
  findById(db: DbOrTx, id: number) {
    return db
      .selectFrom('messages as m')
      .leftJoin('orders as o', 'o.id', 'm.order_id')
      .select([...listColumns, 'o.package_id'])
      .where('m.id', '=', id)
      .executeTakeFirst();
  },
  /**
   * A page of the outbox, filtered and sorted on the server (issue #22), and the total: exact, but
   * for a recipient search with more than SEARCH_COUNT_CAP matches, where it is the cap and
   * `lowerBound` is true.
   */
  async page(
    db: DbOrTx,
    f: MessageFilter,
    limit: number,
    offset: number,
    s: MessageSort = { sort: 'createdAt', order: 'desc' },
  ) {
    const q = filteredMessages(db, f);
    const cap = f.recipient ? SEARCH_COUNT_CAP + 1 : null;
    const [rows, count] = await Promise.all([
      sortedMessages(db, f, s).limit(limit).offset(offset).execute(),
      cap === null
        ? q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
        : db
            .selectFrom(q.select('m.id').limit(cap).as('c'))
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow(),
    ]);
    const n = toNumber(count.n as number);
    const lowerBound = cap !== null && n > SEARCH_COUNT_CAP;
    return { rows, total: lowerBound ? SEARCH_COUNT_CAP : n, lowerBound };
  },
  /** The chunk of the filtered outbox after `cursor`, in the list's order (the export reads it whole). */
  chunkAfter(db: DbOrTx, f: MessageFilter, s: MessageSort, cursor: SeekCursor | null, limit: number) {
    let q = sortedMessages(db, f, s);
    if (cursor) q = q.where(afterCursor(SORT_KEY[s.sort], 'm.id', s.order, cursor));
    return q.limit(limit).execute();
  },
};

function filteredMessages(db: DbOrTx, f: MessageFilter) {
  let q = db.selectFrom('messages as m').leftJoin('orders as o', 'o.id', 'm.order_id');
  if (f.status) q = q.where('m.status', '=', f.status);
  if (f.channel) q = q.where('m.channel', '=', f.channel);
  if (f.event) q = q.where('m.event', '=', f.event);
  if (f.orderId) q = q.where('m.order_id', '=', f.orderId);
  if (f.recipient) q = q.where(likeEscaped('m.recipient', containsPattern(f.recipient)));
  if (f.from) q = q.where('m.created_at', '>=', f.from);
  if (f.to) q = q.where('m.created_at', '<', f.to);
  return q;
}

function sortedMessages(db: DbOrTx, f: MessageFilter, s: MessageSort) {
  const [first, then] = sortTerms(SORT_KEY[s.sort], 'm.id', s.order);
  return filteredMessages(db, f)
    .select([...listColumns, 'o.package_id'])
    .orderBy(first)
    .orderBy(then);
}

/** Where a row stands in the list's order (the export's cursor). */
export const messageCursor = (
  sort: MessagesFilter['sort'],
  r: { id: number; created_at: string; sent_at: string | null },
): SeekCursor => ({ value: sort === 'sentAt' ? r.sent_at : r.created_at, id: r.id });
