import type { DbOrTx } from '../../db/schema.js';
import type { AdminLogsTable } from '../../db/tables/foundation.js';
import type { Insertable } from 'kysely';

export const adminLogRepository = {
  async insert(db: DbOrTx, row: Insertable<AdminLogsTable>) {
    await db.insertInto('admin_logs').values(row).execute();
  },
};
