import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { LockerUsersTable } from '../../db/tables/office.js';
import { containsPattern, dialectOf, likeEscaped, sql, toNumber } from '../../db/helpers.js';
import { precompiled, type Param } from '../../db/precompiled.js';
import { LOCKER_USERS_SEARCH_TEXT } from '../../db/migrations/0011-search-indexes.js';
import { afterCursor, sortTerms, type SeekCursor, type SortKey } from '../../db/keyset.js';
import { SEARCH_COUNT_CAP } from '@cacifo/contract';
import { userRelations, type UserRelationColumns } from './user-relations.repository.js';

export type LockerUserRow = Selectable<LockerUsersTable>;
export type LockerUserWithRelations = LockerUserRow & UserRelationColumns;

export interface UserListFilter {
  limit: number;
  offset: number;
  search?: string;
  enabled?: number;
  userType?: string;
  groupId?: number;
  placeId?: number;
  sort: 'name' | 'number' | 'createdAt';
  order: 'asc' | 'desc';
}

/** Place type of office locations (demo and locations area write it upper case). */
export const OFFICE_PLACE_TYPE = 'OFFICE';

const TRIGRAM = 3;
/** An FTS5 phrase: the text as one quoted string (a quote is doubled), so no query syntax applies. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The columns the list sorts by (the contract's whitelist), as keys a page can also be sought by. */
const SORT_KEY: Record<UserListFilter['sort'], SortKey> = {
  name: { ref: 'u.name' },
  number: { ref: 'u.number', nullable: true },
  createdAt: { ref: 'u.created_at' },
};
/** Where a row stands in the list's order (for reading the next chunk of an export). */
export const userCursor = (sort: UserListFilter['sort'], r: LockerUserRow): SeekCursor => ({
  value: sort === 'name' ? r.name : sort === 'number' ? r.number : r.created_at,
  id: r.id,
});

/** SQLite: the rowids of the users whose text columns contain `search` (FTS5 trigram, migration 0011). */
const ftsMatches = (search: string) =>
  sql<number>`(select rowid from locker_users_search where locker_users_search match ${ftsPhrase(search)})`;
/** Above this many matches, a page sorted by name walks the name index instead of sorting every match. */
const WALK_NAME_INDEX_ABOVE = 1_000;

type ListFilter = Omit<UserListFilter, 'limit' | 'offset' | 'sort' | 'order'>;

/**
 * `walkNameIndex` (SQLite, a term with many matches): rows are read in name order and tested with
 * LIKE, which stops after one page; listing every match from the full-text index first cost more
 * (4 ms against 1 ms for a surname matching 10,000 of 100,000 users). The PostgreSQL planner makes
 * that choice by itself.
 */
function filtered(db: DbOrTx, f: ListFilter, walkNameIndex = false) {
  let q = db.selectFrom('locker_users as u');
  const indexed = f.search && f.search.length >= TRIGRAM && !(walkNameIndex && dialectOf(db) === 'sqlite');
  if (f.search && indexed) {
    const search = f.search;
    // Through the trigram index of migration 0011 (a trigram needs three characters).
    if (dialectOf(db) === 'postgres')
      q = q.where(likeEscaped(LOCKER_USERS_SEARCH_TEXT, containsPattern(search.toLowerCase())));
    else q = q.where('u.id', 'in', ftsMatches(search));
  } else if (f.search) {
    const like = containsPattern(f.search.toLowerCase());
    const matches = (column: string) => likeEscaped(sql`lower(${sql.ref(column)})`, like);
    q = q.where((eb) =>
      eb.or(['u.name', 'u.email', 'u.number', 'u.card', 'u.login', 'u.phone_number'].map(matches)),
    );
  }
  if (f.enabled !== undefined) q = q.where('u.enabled', '=', f.enabled);
  if (f.userType) q = q.where('u.user_type', '=', f.userType);
  if (f.groupId !== undefined) {
    const groupId = f.groupId;
    q = q.where('u.id', 'in', (eb) =>
      eb.selectFrom('user_group_members').select('user_id').where('group_id', '=', groupId),
    );
  }
  if (f.placeId !== undefined) {
    const placeId = f.placeId;
    q = q.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('user_lockers as ul')
        .innerJoin('lockers as l', 'l.id', 'ul.locker_id')
        .select('ul.user_id')
        .where('l.place_id', '=', placeId),
    );
  }
  return q;
}

// Built once: a user's screen and every access check read one user (db/precompiled.ts).
const userById = precompiled((db, param: Param<{ id: number }>) =>
  db.selectFrom('locker_users').selectAll().where('id', '=', param('id')),
);
const userWithRelations = precompiled((db, param: Param<{ id: number }>) =>
  db.selectFrom('locker_users as u').selectAll('u').select(userRelations(db)).where('u.id', '=', param('id')),
);

/** A count stops one past the cap: more than the cap reads as "cap+". */
function capped(n: number) {
  return n > SEARCH_COUNT_CAP
    ? { total: SEARCH_COUNT_CAP, lowerBound: true }
    : { total: n, lowerBound: false };
}

export const usersRepository = {
  /**
   * A page of users with their relations (`user-relations.repository.ts`) and the total: exact,
   * but above SEARCH_COUNT_CAP matches (filtered or not), where it is the cap and `lowerBound` is
   * true: a hundred thousand users are not counted on every page.
   */
  async list(
    db: DbOrTx,
    f: UserListFilter,
  ): Promise<{ rows: LockerUserWithRelations[]; total: number; lowerBound: boolean }> {
    const [first, then] = sortTerms(SORT_KEY[f.sort], 'u.id', f.order);
    const page = (walk: boolean) =>
      filtered(db, f, walk)
        .selectAll('u')
        .select(userRelations(db))
        .orderBy(first)
        .orderBy(then)
        .limit(f.limit)
        .offset(f.offset)
        .execute();
    // PostgreSQL plans the page by itself: page and total run side by side on the pool. SQLite
    // (one connection) needs the total first to choose how to read the page.
    if (dialectOf(db) === 'postgres') {
      const [rows, n] = await Promise.all([page(false), this.count(db, f)]);
      return { rows, ...capped(n) };
    }
    const n = await this.count(db, f);
    return { rows: await page(f.sort === 'name' && n > WALK_NAME_INDEX_ABOVE), ...capped(n) };
  },
  /** The chunk of the filtered list after `cursor`, in the list's order (exports read it whole). */
  chunkAfter(
    db: DbOrTx,
    f: ListFilter & Pick<UserListFilter, 'sort' | 'order'>,
    cursor: SeekCursor | null,
    limit: number,
  ) {
    let q = filtered(db, f).selectAll('u').select(userRelations(db));
    if (cursor) q = q.where(afterCursor(SORT_KEY[f.sort], 'u.id', f.order, cursor));
    const [first, then] = sortTerms(SORT_KEY[f.sort], 'u.id', f.order);
    return q.orderBy(first).orderBy(then).limit(limit).execute();
  },
  /** Matches of the filter, counted up to one past SEARCH_COUNT_CAP (see `capped`). */
  async count(db: DbOrTx, f: ListFilter): Promise<number> {
    const cap = SEARCH_COUNT_CAP + 1;
    const onlyText =
      f.enabled === undefined && !f.userType && f.groupId === undefined && f.placeId === undefined;
    if (onlyText && f.search && f.search.length >= TRIGRAM && dialectOf(db) === 'sqlite') {
      // The full-text index alone knows which rows match; no user row is read.
      const r = await sql<{ n: number }>`select count(*) as n from (select rowid from locker_users_search
        where locker_users_search match ${ftsPhrase(f.search)} limit ${cap}) as m`.execute(db);
      return toNumber(r.rows[0]?.n);
    }
    const r = await db
      .selectFrom(filtered(db, f).select('u.id').limit(cap).as('m'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toNumber(r.n as number);
  },
  findById(db: DbOrTx, id: number) {
    return userById.executeTakeFirst(db, { id });
  },
  findWithRelations(db: DbOrTx, id: number): Promise<LockerUserWithRelations | undefined> {
    return userWithRelations.executeTakeFirst(db, { id });
  },
  findByCard(db: DbOrTx, card: string) {
    return db.selectFrom('locker_users').selectAll().where('card', '=', card).executeTakeFirst();
  },
  findByNumber(db: DbOrTx, number: string) {
    return db.selectFrom('locker_users').selectAll().where('number', '=', number).executeTakeFirst();
  },
  findByPinDigest(db: DbOrTx, digest: string) {
    return db.selectFrom('locker_users').selectAll().where('pin_digest', '=', digest).executeTakeFirst();
  },
  async insert(db: DbOrTx, row: Insertable<LockerUsersTable>): Promise<number> {
    const r = await db.insertInto('locker_users').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  async update(db: DbOrTx, id: number, patch: Updateable<LockerUsersTable>) {
    await db.updateTable('locker_users').set(patch).where('id', '=', id).execute();
  },
  async delete(db: DbOrTx, id: number) {
    await db.deleteFrom('user_group_members').where('user_id', '=', id).execute();
    await db.deleteFrom('user_schedules').where('user_id', '=', id).execute();
    await db.deleteFrom('user_lockers').where('user_id', '=', id).execute();
    // The assets area links locker users by id without a foreign key: its links go with the user.
    await db.deleteFrom('asset_user_schedules').where('user_id', '=', id).execute();
    await db.deleteFrom('asset_users').where('user_id', '=', id).execute();
    await db.deleteFrom('locker_users').where('id', '=', id).execute();
  },
  async disableIfExpired(db: DbOrTx, id: number, now: string): Promise<boolean> {
    const r = await db
      .updateTable('locker_users')
      .set({ enabled: 0, updated_at: now })
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .where('valid_until', '<=', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  /** Enabled users whose validUntil has passed. */
  async dueToExpire(db: DbOrTx, now: string) {
    return db
      .selectFrom('locker_users')
      .select(['id', 'name'])
      .where('enabled', '=', 1)
      .where('valid_until', 'is not', null)
      .where('valid_until', '<=', now)
      .execute();
  },
  async namesOf(db: DbOrTx, userIds: number[]) {
    if (userIds.length === 0) return [];
    return db.selectFrom('locker_users').select(['id', 'name']).where('id', 'in', userIds).execute();
  },
  /** Ids of the lockers assigned to a user (their details come with the user, `user-relations.repository.ts`). */
  async lockerIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('user_lockers')
      .select('locker_id')
      .where('user_id', '=', userId)
      .execute();
    return rows.map((r) => r.locker_id);
  },
  async existingIds(db: DbOrTx, table: 'user_groups' | 'schedules' | 'lockers', ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },
  async officeLockerIds(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('lockers as l')
      .innerJoin('places as p', 'p.id', 'l.place_id')
      .select('l.id')
      .where('l.id', 'in', ids)
      .where('p.type', '=', OFFICE_PLACE_TYPE)
      .execute();
    return rows.map((r) => r.id);
  },
};
