import { sql } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';

export interface ClientRow {
  id: number;
  name: string;
  enabled: number;
  retention_days: number;
  name_clash: number;
  created_at: string;
  updated_at: string;
}

/** Every table whose `company` text names a client (ADR 0190): a rename rewrites them all. */
const COMPANY_TABLES = ['orders', 'order_logs', 'api_keys', 'admins'] as const;

export const clientsRepository = {
  async list(db: DbOrTx): Promise<ClientRow[]> {
    return db.selectFrom('clients').selectAll().orderBy('name').orderBy('id').execute();
  },

  async byId(db: DbOrTx, id: number): Promise<ClientRow | undefined> {
    return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The client of this name whatever its case (the exact spelling first, for clashed names). */
  async byName(db: DbOrTx, name: string): Promise<ClientRow | undefined> {
    return db
      .selectFrom('clients')
      .selectAll()
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .orderBy(sql`CASE WHEN name = ${name} THEN 0 ELSE 1 END`)
      .orderBy('name_clash')
      .executeTakeFirst();
  },

  async insert(db: DbOrTx, row: { name: string; retention_days: number; now: string }): Promise<number> {
    const r = await db
      .insertInto('clients')
      .values({
        name: row.name,
        retention_days: row.retention_days,
        created_at: row.now,
        updated_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  },

  /** Moves every `company` text from one name to the other (same transaction as the rename). */
  async renameCompany(db: DbOrTx, from: string, to: string): Promise<void> {
    for (const table of COMPANY_TABLES) {
      await db.updateTable(table).set({ company: to }).where('company', '=', from).execute();
    }
  },

  async grants(
    db: DbOrTx,
    clientIds?: readonly number[],
  ): Promise<{ client_id: number; place_id: number }[]> {
    let q = db.selectFrom('place_grants').select(['client_id', 'place_id']).orderBy('place_id');
    if (clientIds) {
      if (clientIds.length === 0) return [];
      q = q.where('client_id', 'in', clientIds);
    }
    return q.execute();
  },

  async setGrants(db: DbOrTx, clientId: number, placeIds: readonly number[], now: string): Promise<void> {
    await db.deleteFrom('place_grants').where('client_id', '=', clientId).execute();
    if (placeIds.length === 0) return;
    await db
      .insertInto('place_grants')
      .values(placeIds.map((place_id) => ({ client_id: clientId, place_id, created_at: now })))
      .execute();
  },

  /** Of these ids, the places that exist. */
  async existingPlaces(db: DbOrTx, placeIds: readonly number[]): Promise<number[]> {
    if (placeIds.length === 0) return [];
    const rows = await db.selectFrom('places').select('id').where('id', 'in', placeIds).execute();
    return rows.map((r) => Number(r.id));
  },

  /** Distinct company texts of the owned tables (the demo's seed makes their clients). */
  async companyTexts(db: DbOrTx): Promise<string[]> {
    const names = new Set<string>();
    for (const table of COMPANY_TABLES) {
      const rows = await db
        .selectFrom(table)
        .select('company')
        .distinct()
        .where('company', 'is not', null)
        .where('company', '<>', '')
        .execute();
      for (const r of rows) names.add(r.company!);
    }
    return [...names].sort();
  },

  /** Places the client's orders used (a locker's, or a pre-advice's target). */
  async usedPlaceIds(db: DbOrTx, company: string): Promise<number[]> {
    const rows = await db
      .selectFrom('orders as o')
      .leftJoin('lockers as l', 'l.id', 'o.locker_id')
      .select(['l.place_id', 'o.target_place_id'])
      .distinct()
      .where('o.company', '=', company)
      .execute();
    const ids = rows
      .flatMap((r) => [r.place_id, r.target_place_id])
      .filter((id): id is number => id !== null);
    return [...new Set(ids.map(Number))];
  },

  /** The places granted to the client named `company` (its `company` text). */
  async grantedPlaceIds(db: DbOrTx, company: string): Promise<number[]> {
    const rows = await db
      .selectFrom('place_grants as g')
      .innerJoin('clients as c', 'c.id', 'g.client_id')
      .select('g.place_id')
      .where('c.name', '=', company)
      .execute();
    return rows.map((r) => Number(r.place_id));
  },
};
