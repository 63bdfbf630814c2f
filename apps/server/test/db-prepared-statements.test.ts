import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect.js';
import { sql } from '../src/db/helpers.js';
import { createProbeDb, createTestDb, type ProbeDb, type TestDb } from './helpers/test-db.js';

/**
 * PostgreSQL: queries with parameters run as named prepared statements (src/db/prepared-pool.ts),
 * and a statement prepared before another instance changed the table's columns is prepared
 * again instead of failing with "cached plan must not change result type".
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('prepared statements on PostgreSQL', () => {
  let t: TestDb;
  let db: ProbeDb;
  beforeAll(async () => {
    ({ t, db } = await createProbeDb('postgres', 'prepared_probe', [
      { id: 1, a: 'um' },
      { id: 2, a: 'dois' },
    ]));
  });
  afterAll(async () => t.drop());

  const byId = (id: number) => db.selectFrom('prepared_probe').selectAll().where('id', '=', id);

  it('prepares a parameterised query once per connection and reuses it', async () => {
    await db.transaction().execute(async (tx) => {
      // One connection for the whole transaction: the statement is prepared there, then reused.
      expect(await byId(1).executeTakeFirst()).toEqual({ id: 1, a: 'um' });
      const text = byId(1).compile().sql;
      await tx.selectFrom('prepared_probe').selectAll().where('id', '=', 1).execute();
      await tx.selectFrom('prepared_probe').selectAll().where('id', '=', 2).execute();
      const prepared = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements
        WHERE statement = ${text}`.execute(tx);
      expect(prepared.rows[0]!.n).toBe(1);
    });
  });

  it('answers with the new columns after another connection altered the table', async () => {
    // Prepare the statement on every pooled connection, then change the table from outside.
    await Promise.all(Array.from({ length: 20 }, (_, i) => byId((i % 2) + 1).execute()));
    const other = connectDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
    try {
      await sql`ALTER TABLE prepared_probe ADD COLUMN b text NOT NULL DEFAULT 'novo'`.execute(other.db);
    } finally {
      await other.close();
    }
    const rows = await Promise.all(
      Array.from({ length: 20 }, (_, i) => byId((i % 2) + 1).executeTakeFirst()),
    );
    for (const [i, row] of rows.entries())
      expect(row).toEqual({ id: (i % 2) + 1, a: i % 2 ? 'dois' : 'um', b: 'novo' });
  });

  it('still reports real errors of a statement', async () => {
    await expect(
      db.insertInto('prepared_probe').values({ id: 1, a: 'repetido' }).execute(),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await byId(1).executeTakeFirst())?.a).toBe('um');
  });
});

/**
 * Issue #34: a list's LIMIT sent as a parameter kept PostgreSQL on custom plans (planned on every
 * execution, 1.38 ms against 0.27 ms at the bench's scale); it is inlined as a literal
 * (src/db/inline-limits.ts), so the plan cache can settle on the generic plan.
 */
describe.runIf(!!process.env.TEST_DATABASE_URL)('list pages on generic plans (PostgreSQL)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('postgres');
  });
  afterAll(async () => t.drop());

  it('inlines a page limit, drops OFFSET 0, keeps a deeper offset as a parameter', () => {
    const db = t.handle.db;
    const page = (offset: number) =>
      db.selectFrom('orders').select('id').where('state', '=', 1).orderBy('id').limit(25).offset(offset);
    const first = page(0).compile();
    expect(first.sql).toMatch(/limit 25$/);
    expect(first.parameters).toEqual([1]);
    const deeper = page(50).compile();
    expect(deeper.sql).toMatch(/limit 25 offset \$2$/);
    expect(deeper.parameters).toEqual([1, 50]);
  });
});
