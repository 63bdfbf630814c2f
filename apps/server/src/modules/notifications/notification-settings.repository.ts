import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { MessageTemplatesTable, PickupRulesTable } from '../../db/tables/notifications.js';

/** Message templates and pickup rules as saved (migration 0050). */
export const notificationSettingsRepository = {
  templates(db: DbOrTx) {
    return db.selectFrom('message_templates').selectAll().execute();
  },
  template(db: DbOrTx, event: string, channel: string, language: string) {
    return db
      .selectFrom('message_templates')
      .selectAll()
      .where('event', '=', event)
      .where('channel', '=', channel)
      .where('language', '=', language)
      .executeTakeFirst();
  },
  async upsertTemplate(db: DbOrTx, row: Insertable<MessageTemplatesTable>) {
    await db
      .insertInto('message_templates')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['event', 'channel', 'language'])
          .doUpdateSet({ subject: row.subject ?? null, body: row.body, updated_at: row.updated_at }),
      )
      .execute();
  },
  async deleteTemplate(db: DbOrTx, event: string, channel: string, language: string) {
    await db
      .deleteFrom('message_templates')
      .where('event', '=', event)
      .where('channel', '=', channel)
      .where('language', '=', language)
      .execute();
  },
  rules(db: DbOrTx) {
    return db.selectFrom('pickup_rules').selectAll().orderBy('location_type').execute();
  },
  async replaceRules(db: DbOrTx, rows: Insertable<PickupRulesTable>[]) {
    await db.deleteFrom('pickup_rules').execute();
    if (rows.length > 0) await db.insertInto('pickup_rules').values(rows).execute();
  },
  /** Location types (`system_type`) of the delivery places. */
  async deliveryLocationTypes(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .selectFrom('places')
      .select('system_type')
      .distinct()
      .where('type', '=', 'DELIVERY')
      .orderBy('system_type')
      .execute();
    return rows.map((r) => r.system_type);
  },
};
