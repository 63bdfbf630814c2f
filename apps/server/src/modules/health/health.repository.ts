import { sql } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';

export const healthRepository = {
  /** How many migrations the database says have run (throws when it has no schema at all). */
  async migrationsRun(db: DbOrTx): Promise<number> {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(
      db,
    );
    return Number(rows[0]?.n);
  },
};
