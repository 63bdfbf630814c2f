import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Row = Record<string, unknown>;

/**
 * A constructor for one column list: an object literal with fixed keys, so V8 gives every row the
 * same shape at once. better-sqlite3 builds row objects property by property, which cost as much
 * as the query itself for 100 lockers of a place (180 µs against 95 µs with raw rows and this;
 * docs/performance.md, cause 23). Keys are JSON string literals; `__proto__` is written as a
 * computed key, which defines an own property instead of setting the prototype.
 */
function rowMaker(columns: string[]): (values: unknown[]) => Row {
  const fields = columns
    .map((c, i) => `${c === '__proto__' ? `[${JSON.stringify(c)}]` : JSON.stringify(c)}: v[${i}]`)
    .join(', ');
  return new Function('v', `return { ${fields} };`) as (values: unknown[]) => Row;
}

function readerStatement(statement: SQLite.Statement): SqliteStatement {
  const make = rowMaker(statement.columns().map((c) => c.name));
  const raw = statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (raw.all(parameters) as unknown[][]).map(make),
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters)) yield make(values as unknown[]);
    },
  };
}

/**
 * Kysely prepares every query it runs; on SQLite preparing (parsing and planning) cost about as
 * much as running a short lookup (docs/performance.md). Statements are kept by their SQL text,
 * the most recently used few hundred, and reused: parameters are bound at each run. Nothing here
 * streams (`iterate`), so a statement is never busy when it is handed out again.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        const prepared = sqlite.prepare(sql);
        statement = prepared.reader ? readerStatement(prepared) : (prepared as unknown as SqliteStatement);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
