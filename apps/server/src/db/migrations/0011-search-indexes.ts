import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../helpers.js';

/**
 * Indexes for two lookups that read through history (docs/performance.md):
 * - The locker users' text filter is a substring match on six columns, which no B-tree serves:
 *   every page and its total scanned the whole table. SQLite gets an FTS5 table with the trigram
 *   tokenizer (substring search, any case) kept by triggers; PostgreSQL a trigram GIN index
 *   (pg_trgm) on the same columns joined, `LOCKER_USERS_SEARCH_TEXT` below.
 * - A locker's active parcel was found through `orders(locker_id)`, reading every order the
 *   locker ever held; a partial index holds only the orders that hold a locker (orders.service
 *   `LOCKER_HOLDING_STATES`, written out here as migrations never import today's code).
 */
/** The expression the PostgreSQL index covers; the users repository filters on exactly this. */
export const LOCKER_USERS_SEARCH_TEXT = sql`lower(coalesce(name, '') || chr(10) || coalesce(email, '') || chr(10) || coalesce(number, '') || chr(10) || coalesce(card, '') || chr(10) || coalesce(login, '') || chr(10) || coalesce(phone_number, ''))`;

const HOLDING_STATES = '2, 3, 4, 5, 6, 8, 10, 11, 12, 15, 16, 17';
const FTS_COLUMNS = 'name, email, number, card, login, phone_number';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX orders_holding_locker_idx ON orders (locker_id) WHERE state IN (${sql.raw(HOLDING_STATES)})`.execute(
    db,
  );

  if (dialectOf(db) === 'postgres') {
    // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX locker_users_search_idx ON locker_users USING gin ((${LOCKER_USERS_SEARCH_TEXT}) gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  const cols = sql.raw(FTS_COLUMNS);
  const values = (prefix: 'new' | 'old') =>
    sql.raw(
      FTS_COLUMNS.split(', ')
        .map((c) => `${prefix}.${c}`)
        .join(', '),
    );
  await sql`CREATE VIRTUAL TABLE locker_users_search USING fts5(${cols},
    content='locker_users', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`INSERT INTO locker_users_search(locker_users_search) VALUES ('rebuild')`.execute(db);
  // The external-content pattern from the FTS5 documentation: the index follows every write of
  // the six columns (only those: the expiry sweep disabling thousands of users must not rewrite it).
  await sql`CREATE TRIGGER locker_users_search_insert AFTER INSERT ON locker_users BEGIN
      INSERT INTO locker_users_search(rowid, ${cols}) VALUES (new.id, ${values('new')});
    END`.execute(db);
  await sql`CREATE TRIGGER locker_users_search_delete AFTER DELETE ON locker_users BEGIN
      INSERT INTO locker_users_search(locker_users_search, rowid, ${cols}) VALUES ('delete', old.id, ${values('old')});
    END`.execute(db);
  await sql`CREATE TRIGGER locker_users_search_update AFTER UPDATE OF ${cols} ON locker_users BEGIN
      INSERT INTO locker_users_search(locker_users_search, rowid, ${cols}) VALUES ('delete', old.id, ${values('old')});
      INSERT INTO locker_users_search(rowid, ${cols}) VALUES (new.id, ${values('new')});
    END`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP INDEX IF EXISTS locker_users_search_idx`.execute(db);
  } else {
    for (const t of [
      'locker_users_search_insert',
      'locker_users_search_delete',
      'locker_users_search_update',
    ])
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
    await sql`DROP TABLE IF EXISTS locker_users_search`.execute(db);
  }
  await db.schema.dropIndex('orders_holding_locker_idx').ifExists().execute();
}
