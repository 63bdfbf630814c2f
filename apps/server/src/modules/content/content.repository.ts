import type { DbOrTx } from '../../db/schema.js';

export const termsRepository = {
  versions(db: DbOrTx, language: string) {
    return db
      .selectFrom('terms')
      .selectAll()
      .where('language', '=', language)
      .orderBy('version', 'desc')
      .execute();
  },
  latest(db: DbOrTx, language: string) {
    return db
      .selectFrom('terms')
      .selectAll()
      .where('language', '=', language)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  },
  async insert(
    db: DbOrTx,
    row: { language: string; version: number; body: string; created_by: string; created_at: string },
  ) {
    const r = await db.insertInto('terms').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
};

export const faqsRepository = {
  list(db: DbOrTx, language: string) {
    return db
      .selectFrom('faqs')
      .selectAll()
      .where('language', '=', language)
      .orderBy('position')
      .orderBy('id')
      .execute();
  },
  find(db: DbOrTx, id: number) {
    return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async nextPosition(db: DbOrTx, language: string) {
    const r = await db
      .selectFrom('faqs')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('language', '=', language)
      .executeTakeFirst();
    return r?.p === null || r?.p === undefined ? 0 : Number(r.p) + 1;
  },
  async insert(
    db: DbOrTx,
    row: { language: string; question: string; answer: string; position: number; now: string },
  ) {
    const r = await db
      .insertInto('faqs')
      .values({
        language: row.language,
        question: row.question,
        answer: row.answer,
        position: row.position,
        created_at: row.now,
        updated_at: row.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  async setPosition(db: DbOrTx, id: number, position: number, now: string) {
    await db.updateTable('faqs').set({ position, updated_at: now }).where('id', '=', id).execute();
  },
  async remove(db: DbOrTx, id: number) {
    await db.deleteFrom('faqs').where('id', '=', id).execute();
  },
};
