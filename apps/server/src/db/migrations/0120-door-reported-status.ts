import { sql, type Kysely } from 'kysely';

/**
 * The last status a controller reported for each door, never 255 (issue #32). `door_status` turns
 * to 255 while a controller (or the broker) is out of reach, so the grid shows it offline; when it
 * comes back the server compares the reported status with this one, and only a difference is a
 * door event. Before, every door wrote "offline" and "closed" rows on every broker restart.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lockers')
    .addColumn('door_reported_status', 'integer', (c) => c.notNull().defaultTo(2))
    .execute();
  await sql`UPDATE lockers SET door_reported_status = door_status WHERE door_status <> 255`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lockers').dropColumn('door_reported_status').execute();
}
