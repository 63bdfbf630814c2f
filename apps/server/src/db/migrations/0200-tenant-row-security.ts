import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../helpers.js';

/**
 * The second wall of the tenant scope (issue #31, docs/adr/0200-tenant-scope.md), PostgreSQL only
 * (SQLite has no row-level security: there the Kysely plugin is the wall).
 *
 * A client-scoped caller's statements run as the NOLOGIN role `cacifo_client` with the setting
 * `cacifo.client` naming its client (db/tenant-pool.ts). On each owned table a policy lets that
 * role reach only rows whose `company` is that client, reading and writing. Every other role keeps
 * every row (a second policy), and the owner and superusers bypass row security anyway, so the
 * operator's requests and the jobs are unchanged.
 *
 * Roles belong to the whole cluster (many databases, test databases among them, share it): the
 * role is made only when missing and a concurrent maker is tolerated. The connecting user is made
 * a member so it may SET ROLE to it (a superuser needs no membership). The table list is fixed
 * here, as migrations must not follow later code; tenant-scope.ts holds the same list.
 */
const OWNED = ['orders', 'order_logs', 'order_counts', 'api_keys', 'admins'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cacifo_client') THEN
        BEGIN
          CREATE ROLE cacifo_client NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE format('GRANT cacifo_client TO %I', current_user);
      END IF;
      EXECUTE format('GRANT USAGE ON SCHEMA %I TO cacifo_client', current_schema());
      EXECUTE format(
        'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO cacifo_client', current_schema());
      EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %I TO cacifo_client', current_schema());
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO cacifo_client', current_schema());
      EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cacifo_client', current_schema());
    END $$
  `.execute(db);
  for (const table of OWNED) {
    await sql`ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY`.execute(db);
    await sql`
      CREATE POLICY tenant_client_rows ON ${sql.table(table)} TO cacifo_client
        USING (company = current_setting('cacifo.client', true))
        WITH CHECK (company = current_setting('cacifo.client', true))
    `.execute(db);
    await sql`
      CREATE POLICY tenant_unscoped ON ${sql.table(table)}
        USING (current_user <> 'cacifo_client') WITH CHECK (current_user <> 'cacifo_client')
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of OWNED) {
    await sql`DROP POLICY IF EXISTS tenant_client_rows ON ${sql.table(table)}`.execute(db);
    await sql`DROP POLICY IF EXISTS tenant_unscoped ON ${sql.table(table)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DISABLE ROW LEVEL SECURITY`.execute(db);
  }
}
