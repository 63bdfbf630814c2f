import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Distinct statements kept prepared: the app has a few hundred query shapes; long IN lists vary. */
const MAX_NAMED = 400;
const MAX_NAMED_LENGTH = 8_000;
/** PostgreSQL's answer when a prepared `SELECT *` outlived a migration that changed the table. */
const CACHED_PLAN_CHANGED = '0A000';

type Connection = { parsedStatements: Record<string, string> };

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every run; on the
 * benchmark's lookups that was a third of the database's CPU, on the same cores as Node
 * (docs/performance.md). This pool hands Kysely clients that send each parameterised query as a
 * named prepared statement (the name is fixed per SQL text), which `pg` parses once per
 * connection and then only binds and executes.
 *
 * A statement prepared before a migration changed a table's columns (another instance migrating
 * a live database) fails with "cached plan must not change result type": it is deallocated and
 * run once more, prepared afresh. Inside a transaction that retry cannot help (the transaction
 * is already aborted) and the error reaches the caller, as any failed statement would.
 */
export class PreparedStatementPool implements PostgresPool {
  private readonly names = new Map<string, string>();
  private readonly clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapped = this.clients.get(client);
    if (!wrapped) {
      wrapped = {
        query: ((text: string, values: readonly unknown[]) => this.query(client, text, values)) as never,
        release: ((err?: Error) => client.release(err)) as () => void,
      };
      this.clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private nameOf(text: string, values: readonly unknown[]): string | undefined {
    // Statements without parameters (BEGIN, COMMIT, DDL) go through the simple protocol.
    if (values.length === 0 || text.length > MAX_NAMED_LENGTH) return undefined;
    let name = this.names.get(text);
    if (!name && this.names.size < MAX_NAMED) {
      name = `k${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }

  private async query(client: pg.PoolClient, text: string, values: readonly unknown[]) {
    const name = this.nameOf(text, values);
    const run = () =>
      client.query({ text, values: [...values], ...(name ? { name } : {}) }) as unknown as Promise<
        PostgresQueryResult<unknown>
      >;
    try {
      return await run();
    } catch (err) {
      if (!name || (err as { code?: string }).code !== CACHED_PLAN_CHANGED) throw err;
      await client.query(`DEALLOCATE ${name}`).catch(() => undefined);
      delete (client as unknown as { connection: Connection }).connection.parsedStatements[name];
      return run();
    }
  }
}
