import type { FastifyInstance } from 'fastify';
import type { VersionedTable } from '../../src/db/versioned.js';

/**
 * The `updatedAt` a record has now: what an editor that has just read it sends back with an edit
 * (docs/adr/0027). For a record that does not exist, any value will do: existence is checked first.
 */
export async function versionOf(app: FastifyInstance, table: VersionedTable, id: number): Promise<string> {
  const row = await app.db
    .selectFrom(table as 'places')
    .select('updated_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.updated_at ?? '2000-01-01T00:00:00.000Z';
}
