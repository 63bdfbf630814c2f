import type { DbOrTx } from '../db/schema.js';

/** Realtime messages too large for a PostgreSQL NOTIFY, stored for the other instances to read. */
export const realtimeMessagesRepository = {
  async payload(db: DbOrTx, id: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('realtime_messages')
      .select('payload')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.payload;
  },

  async store(db: DbOrTx, payload: string, at: Date): Promise<number> {
    const { id } = await db
      .insertInto('realtime_messages')
      .values({ payload, created_at: at.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  },

  async purgeBefore(db: DbOrTx, before: Date): Promise<void> {
    await db.deleteFrom('realtime_messages').where('created_at', '<', before.toISOString()).execute();
  },
};
