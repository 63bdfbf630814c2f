import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';
import type { AssetLogsTable } from '../../db/tables/assets.js';
import { logFilters, type AssetLogFilter } from './asset-filters.js';

/** Asset logs and the uses KPIs count: Kysely queries only. */
export const assetLogsRepository = {
  async insertLog(db: DbOrTx, row: Insertable<AssetLogsTable>) {
    await db.insertInto('asset_logs').values(row).execute();
  },
  listLogs(db: DbOrTx, f: AssetLogFilter, page: { limit: number; offset: number }) {
    return logFilters(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  },
  async countLogs(db: DbOrTx, f: AssetLogFilter): Promise<number> {
    const row = await logFilters(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  },
  usesSince(db: DbOrTx, assetId: number, actions: number[], since: string) {
    return db
      .selectFrom('asset_logs')
      .select(['user_id', 'username', 'admin_id', 'admin_name', 'created_at'])
      .where('asset_id', '=', assetId)
      .where('action_id', 'in', actions)
      .where('created_at', '>=', since)
      .execute();
  },
  async countUses(db: DbOrTx, assetId: number, actions: number[]): Promise<number> {
    const row = await db
      .selectFrom('asset_logs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('asset_id', '=', assetId)
      .where('action_id', 'in', actions)
      .executeTakeFirstOrThrow();
    return toNumber(row.n);
  },
};
