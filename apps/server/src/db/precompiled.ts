import type { Compilable, CompiledQuery } from 'kysely';
import type { Db, DbOrTx } from './schema.js';
import { currentTenant, withoutTenantScope } from './tenant-scope.js';

/** Stands in for a value while the query is compiled; replaced by the real value on each run. */
class Placeholder {
  constructor(readonly name: string) {}
}

export type Param<P> = <K extends keyof P & string>(name: K) => P[K];

/**
 * A hot query built and compiled once per dialect, then run with new values. Kysely builds an
 * immutable operation tree and compiles it to SQL on every call: for a wide select with JSON
 * sub-selects that is ~50-60 µs of CPU, several times what SQLite spends answering it
 * (docs/performance.md, cause 22). Here `build` runs once with placeholders (`param('id')`)
 * where the values go; each run swaps the values into the compiled parameters.
 *
 * Only scalar values can be parameters: a list (`in`), a `null` check or an optional filter
 * changes the SQL text, so those queries stay built per call.
 *
 * The tenant scope plugin (ADR 0200) narrows a query when it is compiled, so the cached form is
 * compiled unscoped, and a client-scoped caller's run is built and compiled afresh with its values
 * (the plugin narrows it to the caller's client; operator staff keep the fast path).
 */
export function precompiled<P extends Record<string, unknown>, R>(
  build: (db: Db, param: Param<P>) => Compilable<R>,
) {
  // Keyed by the dialect adapter: a transaction shares its database's adapter, and tests open
  // SQLite and PostgreSQL side by side in one process.
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; slots: (string | null)[] }>();
  const param: Param<P> = (name) => new Placeholder(name) as never;

  function compile(db: DbOrTx) {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      const query = withoutTenantScope(() => build(db as Db, param).compile());
      const slots = query.parameters.map((p) => (p instanceof Placeholder ? p.name : null));
      entry = { query, slots };
      compiled.set(adapter, entry);
    }
    return entry;
  }

  function bind(db: DbOrTx, values: P): CompiledQuery<R> {
    if (currentTenant() !== null) return build(db as Db, (name) => values[name]).compile();
    const { query, slots } = compile(db);
    const parameters = query.parameters.map((fixed, i) => {
      const name = slots[i];
      if (name == null) return fixed;
      const value = values[name];
      if (value === undefined) throw new Error(`precompiled query: no value for ${name}`);
      return value;
    });
    return { ...query, parameters };
  }

  return {
    async execute(db: DbOrTx, values: P): Promise<R[]> {
      return (await db.executeQuery(bind(db, values))).rows;
    },
    async executeTakeFirst(db: DbOrTx, values: P): Promise<R | undefined> {
      return (await db.executeQuery(bind(db, values))).rows[0];
    },
    /** The SQL for a dialect (tests and query plans). */
    sql(db: DbOrTx): string {
      return compile(db).query.sql;
    },
  };
}
