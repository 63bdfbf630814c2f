import type { DbOrTx } from '../../db/schema.js';

export const projectsRepository = {
  list(db: DbOrTx) {
    return db.selectFrom('projects').selectAll().orderBy('name').execute();
  },
  find(db: DbOrTx, id: number) {
    return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async nameTaken(db: DbOrTx, name: string, exceptId: number | null) {
    let q = db
      .selectFrom('projects')
      .select('id')
      .where((eb) => eb(eb.fn('lower', [eb.ref('name')]), '=', name.toLowerCase()));
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  },
  async insert(db: DbOrTx, row: { name: string; description: string | null; now: string }) {
    const r = await db
      .insertInto('projects')
      .values({ name: row.name, description: row.description, created_at: row.now, updated_at: row.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  async remove(db: DbOrTx, id: number) {
    await db.deleteFrom('projects').where('id', '=', id).execute();
  },
};

export const userTypesRepository = {
  list(db: DbOrTx) {
    return db.selectFrom('user_type_settings').selectAll().execute();
  },
};
