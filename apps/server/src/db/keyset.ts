import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SortOrder } from '@cacifo/contract';

/*
 * Sorted lists read in pages by key rather than by offset (issue #22): an export of a million rows
 * asks for the rows after the last one it wrote, so each query is as cheap as the first page and
 * the server holds one chunk at a time. The list screens sort the same way, so an export has the
 * rows of the list in the list's order.
 */

/** A sortable column: its SQL reference, and whether it may be NULL (NULLs sort last, both ways). */
export interface SortKey {
  ref: string;
  nullable?: boolean;
  /** Sorted by `lower(ref)` (names in any case, the same on both databases); the cursor holds it lowered. */
  lower?: boolean;
}

const columnOf = (key: SortKey) => (key.lower ? sql`lower(${sql.ref(key.ref)})` : sql.ref(key.ref));

/** Where the previous chunk ended: the sort column's value and the id of its last row. */
export interface SeekCursor {
  value: unknown;
  id: number;
}

/**
 * ORDER BY terms for `key` then the id, in `order`: the whole order is total (ties broken by id),
 * which paging by key needs. NULLS LAST is spelled only for nullable columns: both databases sort
 * NULL differently by default, and PostgreSQL walks an index only for the default null order.
 */
export function sortTerms(
  key: SortKey,
  idRef: string,
  order: SortOrder,
): [RawBuilder<unknown>, RawBuilder<unknown>] {
  const dir = sql.raw(order === 'asc' ? 'asc' : 'desc');
  const col = sql`${columnOf(key)} ${dir}${sql.raw(key.nullable ? ' nulls last' : '')}`;
  return [col, sql`${sql.ref(idRef)} ${dir}`];
}

/** The rows after `cursor` in the order of `sortTerms(key, idRef, order)`. */
export function afterCursor(
  key: SortKey,
  idRef: string,
  order: SortOrder,
  cursor: SeekCursor,
): Expression<SqlBool> {
  const op = sql.raw(order === 'asc' ? '>' : '<');
  const col = columnOf(key);
  const id = sql.ref(idRef);
  // The NULL rows come last: after a NULL only NULLs with a further id remain.
  if (cursor.value === null || cursor.value === undefined)
    return sql<SqlBool>`(${col} is null and ${id} ${op} ${cursor.id})`;
  // A row value compares the pair as the ORDER BY does (both databases know it).
  const seek = sql<SqlBool>`((${col}, ${id}) ${op} (${cursor.value}, ${cursor.id}))`;
  return key.nullable ? sql<SqlBool>`(${seek} or ${col} is null)` : seek;
}

/**
 * Every row of a sorted query, chunk by chunk: `page(cursor)` reads the chunk after `cursor` (null:
 * the first), `cursorOf` says where a row stands. Stops at the first short chunk.
 */
export async function* seekPages<R>(
  page: (cursor: SeekCursor | null, limit: number) => Promise<R[]>,
  cursorOf: (row: R) => SeekCursor,
  chunk = 500,
): AsyncGenerator<R[]> {
  let cursor: SeekCursor | null = null;
  for (;;) {
    const rows = await page(cursor, chunk);
    if (rows.length > 0) yield rows;
    if (rows.length < chunk) return;
    cursor = cursorOf(rows[rows.length - 1]!);
  }
}
