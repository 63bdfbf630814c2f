import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { CLIENT_SETTING, currentTenant, SCOPED_ROLE } from './tenant-scope.js';

/** Takes (or leaves) the scoped role and names the client, in one round trip. */
const SWITCH = `SELECT set_config('role', $1, false), set_config('${CLIENT_SETTING}', $2, false)`;
const RESET = `SELECT set_config('role', 'none', false), set_config('${CLIENT_SETTING}', '', false)`;

type Releasable = PostgresPoolClient & { release(err?: Error): void };

interface Tracked {
  client: Releasable;
  wrapped: PostgresPoolClient;
  /** The client this connection is confined to now; null: the owner's own rights (unscoped). */
  scope: string | null;
  /** Switched during this checkout: reset before it goes back to the pool. */
  switched: boolean;
}

/**
 * The second wall on PostgreSQL (ADR 0200). Before each statement the connection is put in the
 * caller's scope: a client-scoped caller's statements run as the NOLOGIN role `cacifo_client`
 * with `cacifo.client` set to its client, so the row-level security policies of migration 0200
 * hide every other client's rows even from a query that skipped the Kysely plugin. An unscoped
 * caller (operator staff, jobs) keeps the owner's rights, which bypass the policies, and pays
 * nothing: the connection is switched only when the wanted scope differs from its current one,
 * and reset before it returns to the pool. Per statement, not per checkout, so
 * `withoutTenantScope` inside a scoped transaction reads across clients for its own statements.
 */
export class TenantScopedPool implements PostgresPool {
  private readonly tracked = new WeakMap<PostgresPoolClient, Tracked>();

  constructor(private readonly pool: PostgresPool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = (await this.pool.connect()) as Releasable;
    let t = this.tracked.get(client);
    if (!t) {
      const entry: Tracked = { client, scope: null, switched: false, wrapped: undefined as never };
      entry.wrapped = {
        query: ((text: string, values: readonly unknown[]) => this.query(entry, text, values)) as never,
        release: () => this.release(entry),
      };
      this.tracked.set(client, entry);
      t = entry;
    }
    return t.wrapped;
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  private async query(t: Tracked, text: string, values: readonly unknown[]) {
    const want = currentTenant();
    if (want !== t.scope) {
      // Marked before the round trip: a failed switch still resets (or drops) the connection.
      t.switched = true;
      await t.client.query(SWITCH, [want === null ? 'none' : SCOPED_ROLE, want ?? '']);
      t.scope = want;
    }
    return t.client.query(text, values) as Promise<PostgresQueryResult<unknown>>;
  }

  private release(t: Tracked): void {
    if (!t.switched) return t.client.release();
    // A SET inside a transaction that rolled back is undone, so whatever was tracked, reset.
    t.switched = false;
    t.scope = null;
    t.client.query(RESET, []).then(
      () => t.client.release(),
      // A connection that cannot be reset must not serve anyone else: pg closes it.
      (err: unknown) => t.client.release(err instanceof Error ? err : new Error(String(err))),
    );
  }
}
