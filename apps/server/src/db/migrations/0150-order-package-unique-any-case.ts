import { sql, type Kysely } from 'kysely';

/**
 * A package id is one parcel whatever its case (issue #33): "sgptmap0003" beside "SGPTMAP0003" was
 * two orders. A unique index on `lower(package_id)` now refuses the second on both databases.
 *
 * Orders that already clash are not merged, renamed or deleted: nobody can tell here which one is
 * the real parcel. The oldest of each group stays under the index; the others are marked
 * `package_clash = 1` and left outside it (a partial index), and every group is logged for the
 * operator. Editing a marked order's package id clears its mark, so the index covers it again
 * (docs/adr/0150-package-ids-unique-in-any-case.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('package_clash', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const rows = (
    await sql<{ id: number; package_id: string }>`
      SELECT id, package_id FROM orders
      WHERE lower(package_id) IN (
        SELECT lower(package_id) FROM orders GROUP BY lower(package_id) HAVING count(*) > 1
      )
      ORDER BY lower(package_id), id`.execute(db)
  ).rows;
  const groups = new Map<string, { id: number; package_id: string }[]>();
  for (const r of rows) {
    const key = r.package_id.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), { id: Number(r.id), package_id: r.package_id }]);
  }
  for (const [, group] of groups) {
    const [kept, ...others] = group;
    await db
      .updateTable('orders')
      .set({ package_clash: 1 })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute();
    // One line per clash, for whoever reads the start's log: which order keeps the id, which not.
    console.warn(
      `migration 0150: package id clash in case only, both kept: order ${kept!.id} "${kept!.package_id}" ` +
        `stays unique; ${others.map((o) => `order ${o.id} "${o.package_id}"`).join(', ')} marked package_clash = 1`,
    );
  }
  await sql`CREATE UNIQUE INDEX orders_package_any_case_uq ON orders (lower(package_id)) WHERE package_clash = 0`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_package_any_case_uq').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('package_clash').execute();
}
