import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';

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

export { sql };
