import type { Insertable } from 'kysely';
import type { Db, DbOrTx } from '../../db/schema.js';
import { sql } from '../../db/helpers.js';
import type { ApiKeysTable } from '../../db/tables/partners.js';

const summaryColumns = [
  'id',
  'name',
  'prefix',
  'scopes',
  'company',
  'created_by_name',
  'created_at',
  'rotated_at',
  'last_used_at',
  'revoked_at',
] as const;

/** Queries of partner API keys (issue #24). */
export const apiKeysRepository = {
  async insert(tx: DbOrTx, row: Insertable<ApiKeysTable>): Promise<number> {
    const { id } = await tx.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async list(
    db: Db,
    page: { limit: number; offset: number; revoked: boolean; company?: string | undefined },
  ) {
    let q = db.selectFrom('api_keys');
    if (!page.revoked) q = q.where('revoked_at', 'is', null);
    if (page.company !== undefined) q = q.where('company', '=', page.company);
    const [rows, total] = await Promise.all([
      q
        .select(summaryColumns)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async byId(db: DbOrTx, id: number) {
    return db.selectFrom('api_keys').select(summaryColumns).where('id', '=', id).executeTakeFirst();
  },

  /** The key a bearer secret belongs to, unless revoked. */
  async activeByHash(db: Db, hash: string) {
    return db
      .selectFrom('api_keys')
      .leftJoin('clients', 'clients.name', 'api_keys.company')
      .select(['api_keys.id', 'api_keys.name', 'api_keys.scopes', 'api_keys.company'])
      .select('clients.enabled as client_enabled')
      .where('api_keys.key_hash', '=', hash)
      .where('api_keys.revoked_at', 'is', null)
      .executeTakeFirst();
  },

  async revoke(tx: DbOrTx, id: number, at: string, by: string): Promise<boolean> {
    const res = await tx
      .updateTable('api_keys')
      .set({ revoked_at: at, revoked_by_name: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async rotate(tx: DbOrTx, id: number, secret: { prefix: string; hash: string }, at: string) {
    const res = await tx
      .updateTable('api_keys')
      .set({ prefix: secret.prefix, key_hash: secret.hash, rotated_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /**
   * Counts one request in the key's current window (a new window starts at 1) and records the use,
   * in one statement, so concurrent requests on any instance are all counted. Answers the count.
   */
  async hit(db: Db, id: number, windowStart: string, now: string): Promise<number> {
    const row = await db
      .updateTable('api_keys')
      .set({
        window_count: sql<number>`case when window_start = ${windowStart} then window_count + 1 else 1 end`,
        window_start: windowStart,
        last_used_at: now,
      })
      .where('id', '=', id)
      .returning('window_count')
      .executeTakeFirst();
    return row?.window_count ?? 0;
  },
};
