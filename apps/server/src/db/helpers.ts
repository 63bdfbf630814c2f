import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type Simplify,
  type ShallowDehydrateObject,
} from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

export type Dialect = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** ISO-8601 UTC, the one timestamp format stored everywhere. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

/** An auto-increment integer primary key on either database. */
export function withId<T extends string, C extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'id'> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
export const int1 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

/** count(*) comes back as a string from PostgreSQL and a number from SQLite. */
export function toNumber(v: string | number | bigint | null | undefined): number {
  return v === null || v === undefined ? 0 : Number(v);
}

/** `%text%` with LIKE's wildcards escaped, so a typed % or _ matches itself (see `likeEscaped`). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * `expression LIKE pattern` with backslash as the escape character, said explicitly: SQLite has
 * no escape character by default, PostgreSQL uses backslash.
 */
export const likeEscaped = (expression: RawBuilder<unknown> | string, pattern: string) =>
  sql<boolean>`${typeof expression === 'string' ? sql.ref(expression) : expression} like ${pattern} escape '\\'`;

/**
 * The rows of a (correlated) subquery as one JSON array column, so a record and its related lists
 * come back in one query rather than one round trip per list. Read it with `jsonRows`.
 */
export function jsonArray<O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  subquery: SelectQueryBuilder<any, any, O>,
): RawBuilder<Simplify<ShallowDehydrateObject<O>>[]> {
  return dialectOf(db) === 'postgres' ? pgJsonArrayFrom(subquery) : sqliteJsonArrayFrom(subquery);
}

/** A `jsonArray` column as read: the driver parses PostgreSQL's json; SQLite returns the text. */
export function jsonRows<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

export { sql };

/**
 * A unique index refused the write (SQLite and PostgreSQL word it differently). With `about`, only
 * when the message names that index or column (PostgreSQL names the constraint, SQLite the columns).
 */
export function isUniqueViolation(err: unknown, about?: RegExp): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const text = String(e?.message ?? err);
  const unique =
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /unique|duplicate key/i.test(text);
  return unique && (!about || about.test(text));
}
