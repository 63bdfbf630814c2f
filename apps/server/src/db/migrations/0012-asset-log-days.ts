import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../helpers.js';

/**
 * Asset logs per UTC day. The logs list answers the total of its date interval, and counting a
 * month of logs row by row grows with the network (docs/performance.md); with this table the
 * whole days of an interval are a sum of at most one row per day and only its two partial edge
 * days are counted from the logs (asset-logs.repository `countLogs`). Logs are only ever
 * inserted, so one insert trigger keeps it exact.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('asset_log_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO asset_log_days (day, n)
    SELECT substr(created_at, 1, 10), count(*) FROM asset_logs GROUP BY substr(created_at, 1, 10)`.execute(
    db,
  );

  if (dialectOf(db) === 'postgres') {
    // One upsert per statement and day (a batch of logs is one row change, not one per log).
    await sql`
      CREATE FUNCTION asset_log_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO asset_log_days (day, n)
          SELECT substr(created_at, 1, 10), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
        ON CONFLICT (day) DO UPDATE SET n = asset_log_days.n + excluded.n;
        RETURN NULL;
      END $$
    `.execute(db);
    await sql`CREATE TRIGGER asset_logs_days_insert AFTER INSERT ON asset_logs REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION asset_log_days_added()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER asset_logs_days_insert AFTER INSERT ON asset_logs BEGIN
      INSERT INTO asset_log_days (day, n) VALUES (substr(new.created_at, 1, 10), 1)
      ON CONFLICT (day) DO UPDATE SET n = n + 1;
    END`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS asset_logs_days_insert ON asset_logs`.execute(db);
    await sql`DROP FUNCTION IF EXISTS asset_log_days_added()`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS asset_logs_days_insert`.execute(db);
  }
  await db.schema.dropTable('asset_log_days').ifExists().execute();
}
