import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Confinement in one place (issue #31, docs/adr/0200-tenant-scope.md). A client-scoped caller (a
 * store account, a partner key) runs its request inside `withTenantScope(client, ...)`; every query
 * issued meanwhile is narrowed to that client's rows by the Kysely plugin (tenant-plugin.ts) and,
 * on PostgreSQL, by the row-level security policy its connection runs under (tenant-pool.ts).
 * Operator staff run unscoped and see every client, as before.
 */

/** The tables whose rows belong to one client, by their `company` text (ADR 0190). */
export const OWNED_TABLES: ReadonlySet<string> = new Set([
  'orders',
  'order_logs',
  'order_counts',
  'api_keys',
  'admins',
]);

/** The column naming a row's client in every owned table. */
export const OWNER_COLUMN = 'company';

/** The role a scoped connection takes on PostgreSQL; its policies read `cacifo.client`. */
export const SCOPED_ROLE = 'cacifo_client';
export const CLIENT_SETTING = 'cacifo.client';

interface Scope {
  /** The client whose rows the queries reach; null inside withoutTenantScope. */
  readonly client: string | null;
}

const storage = new AsyncLocalStorage<Scope>();
const UNSCOPED: Scope = { client: null };

/** The client the current queries are confined to, or null (operator, job, explicit escape). */
export function currentTenant(): string | null {
  return storage.getStore()?.client ?? null;
}

/** Runs `fn` (and everything it awaits) confined to `client`'s rows. */
export function withTenantScope<T>(client: string, fn: () => T): T {
  return storage.run({ client }, fn);
}

/**
 * The one escape: `fn` sees every client's rows. For work whose rule is across clients (a
 * locker's occupancy, a package id's uniqueness, the webhook fan-out); each use says why, and
 * test/security/tenant-scope-sources.test.ts lists them, so a new one is a reviewed change.
 */
export function withoutTenantScope<T>(fn: () => T): T {
  return storage.getStore()?.client == null ? fn() : storage.run(UNSCOPED, fn);
}

/**
 * A repository whose every function reads across clients by rule (a locker's occupancy): each
 * call runs as withoutTenantScope. Greppable as the escape itself.
 */
export function acrossClients<T extends Record<string, unknown>>(repository: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(repository)) {
    out[name] =
      typeof fn === 'function'
        ? (...args: unknown[]) => withoutTenantScope(() => (fn as (...a: unknown[]) => unknown)(...args))
        : fn;
  }
  return out as T;
}
