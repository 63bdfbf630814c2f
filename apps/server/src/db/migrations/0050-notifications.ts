import { sql, type Kysely } from 'kysely';
import { dialectOf, int0, notNull, withId } from '../helpers.js';

/**
 * Recipient notifications and returns (issue #25, docs/adr/0051):
 * - `messages`, the durable outbox of SMS and e-mail (replaces `sms_outbox`, whose rows move here:
 *   they were never sent, so they read "not sent: no provider");
 * - `message_templates`, texts saved per event, channel and language (built-in texts otherwise;
 *   the SMS texts saved in the admin tools' `sms.pickup/reminder/cancelled` move here);
 * - `pickup_rules`, the pickup window and reminders per location type;
 * - on `orders`: the recipient's language, when the pickup window closes, when the next notice is
 *   due (reminder, last-day warning, expiry), and the return code of an expired parcel.
 * New states 18 (expired) and 19 (open for return) hold a locker and 19 is a door-open state, so the
 * partial indexes naming those state lists (0014, 0015) are rebuilt with them.
 */
const HOLDING_STATES = '2, 3, 4, 5, 6, 8, 10, 11, 12, 15, 16, 17, 18, 19';
const HOLDING_COLUMNS = 'id, state, package_id, delivery_type, stored_at, company';
const DOOR_OPEN_STATES = '3, 5, 6, 8, 10, 16, 17, 19';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('messages'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('event', 'text', notNull)
    .addColumn('channel', 'text', notNull)
    .addColumn('recipient', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('subject', 'text')
    .addColumn('body', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', int0)
    .addColumn('next_attempt_at', 'text')
    // A sender's claim on the message while it sends it; another instance takes it after this time.
    .addColumn('locked_until', 'text')
    .addColumn('error', 'text')
    // One message per notice (a reminder, an expiry): a job run twice writes it once.
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    // The pickup code a reminder repeats: the last code message of the order carries it.
    .addColumn('code', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('sent_at', 'text')
    .execute();
  await sql`CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE status = 'queued'`.execute(db);
  await db.schema.createIndex('messages_order_idx').on('messages').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('messages_created_idx').on('messages').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('message_templates')
    .addColumn('event', 'text', notNull)
    .addColumn('channel', 'text', notNull)
    .addColumn('language', 'text', notNull)
    .addColumn('subject', 'text')
    .addColumn('body', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addPrimaryKeyConstraint('message_templates_pk', ['event', 'channel', 'language'])
    .execute();

  await db.schema
    .createTable('pickup_rules')
    .addColumn('location_type', 'text', (c) => c.primaryKey())
    .addColumn('pickup_hours', 'integer', notNull)
    // Hours after the deposit, comma separated ("48" or "24,48").
    .addColumn('reminder_hours', 'text', notNull)
    .addColumn('last_day_hours', 'integer', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await db.schema.alterTable('orders').addColumn('recipient_language', 'text').execute();
  await db.schema.alterTable('orders').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('next_notice_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('return_code', 'text').execute();
  await sql`CREATE INDEX orders_notice_idx ON orders (next_notice_at) WHERE next_notice_at IS NOT NULL`.execute(
    db,
  );

  await db.schema.dropIndex('orders_holding_locker_idx').ifExists().execute();
  const holding =
    dialectOf(db) === 'postgres'
      ? sql.raw(`(locker_id) INCLUDE (${HOLDING_COLUMNS})`)
      : sql.raw(`(locker_id, ${HOLDING_COLUMNS})`);
  await sql`CREATE INDEX orders_holding_locker_idx ON orders ${holding} WHERE state IN (${sql.raw(HOLDING_STATES)})`.execute(
    db,
  );
  await db.schema.dropIndex('orders_door_open_idx').ifExists().execute();
  await sql`CREATE INDEX orders_door_open_idx ON orders (updated_at) WHERE state IN (${sql.raw(DOOR_OPEN_STATES)})`.execute(
    db,
  );

  // The old outbox's rows: nothing ever sent them.
  await sql`INSERT INTO messages (order_id, event, channel, recipient, language, body, status, attempts, error, created_at, updated_at, sent_at)
    SELECT o.order_id,
      CASE o.kind WHEN 'resend' THEN 'codeResent' ELSE 'pickupCode' END,
      'sms', o.phone, 'pt', o.body,
      CASE o.status WHEN 'sent' THEN 'sent' WHEN 'failed' THEN 'failed' ELSE 'noProvider' END,
      o.attempts, o.error, o.created_at, o.created_at, o.sent_at
    FROM sms_outbox o
    WHERE o.order_id IS NULL OR o.order_id IN (SELECT id FROM orders)
    ORDER BY o.id`.execute(db);
  await db.schema.dropTable('sms_outbox').execute();

  // SMS texts saved in the admin tools become the SMS templates of their events.
  const moved: Array<[string, string]> = [
    ['sms.pickup', 'pickupCode'],
    ['sms.reminder', 'reminder'],
    ['sms.cancelled', 'cancelled'],
  ];
  for (const [key, event] of moved) {
    for (const language of ['pt', 'en', 'es', 'fr']) {
      const col = sql.ref(language);
      const renamed = sql`replace(replace(replace(${col}, '{pin}', '{code}'), '{place}', '{location}'), '{qr}', '{qrLink}')`;
      await sql`INSERT INTO message_templates (event, channel, language, subject, body, updated_at)
        SELECT ${event}, 'sms', ${language}, NULL, ${renamed}, updated_at
        FROM tool_texts WHERE key = ${key} AND ${col} <> ''`.execute(db);
    }
    await db.deleteFrom('tool_texts').where('key', '=', key).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('message_templates').ifExists().execute();
  await db.schema.dropTable('pickup_rules').ifExists().execute();
  await db.schema.dropTable('messages').ifExists().execute();
}
