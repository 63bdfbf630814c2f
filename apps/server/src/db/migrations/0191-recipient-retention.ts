import type { Kysely } from 'kysely';

/**
 * Recipients' personal data kept only as long as needed (issue #31, ADR 0191): when an ended
 * parcel's recipient name, phone and e-mail were anonymised (by the retention job or an operator's
 * erase). The retention job skips marked orders; the counts of parcels stay as they were.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('recipient_erased_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('recipient_erased_at').execute();
}
