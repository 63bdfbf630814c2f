import type { DbOrTx } from '../../db/schema.js';

export const serviceStatusRepository = {
  async placeNames(db: DbOrTx): Promise<Map<number, string>> {
    const places = await db.selectFrom('places').select(['id', 'name']).execute();
    return new Map(places.map((p) => [p.id, p.name]));
  },

  /** Every screen account with the time its newest token was issued (its last sign-in or refresh). */
  async screensLastSeen(db: DbOrTx) {
    const rows = await db
      .selectFrom('admins')
      .leftJoin('tokens', 'tokens.admin_id', 'admins.id')
      .select((eb) => [
        'admins.id',
        'admins.username',
        'admins.name',
        eb.fn.max('tokens.created_at').as('last_seen_at'),
      ])
      .where('admins.role', '=', 'screen')
      .groupBy(['admins.id', 'admins.username', 'admins.name'])
      .execute();
    return rows.map((r) => ({ ...r, last_seen_at: (r.last_seen_at as string | null) ?? null }));
  },
};
