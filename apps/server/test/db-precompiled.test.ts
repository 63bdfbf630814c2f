import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/connect.js';
import { nowIso, sql } from '../src/db/helpers.js';
import { precompiled, type Param } from '../src/db/precompiled.js';
import { createTestDb, testDialects, type TestDb } from './helpers/test-db.js';

/**
 * Hot lookups are compiled once and run with new values (src/db/precompiled.ts); SQLite rows are
 * built from raw arrays with one constructor per column list (src/db/sqlite-statements.ts).
 * Both must answer exactly what a query built per call answers.
 */
const placeByIdAndType = precompiled((db, param: Param<{ id: number; type: string }>) =>
  db
    .selectFrom('places as p')
    .leftJoin('lockers as l', 'l.place_id', 'p.id')
    .select(['p.id', 'p.name', 'p.type', 'p.address'])
    .select((eb) => eb.fn.count<number>('l.id').as('lockers'))
    .where('p.id', '=', param('id'))
    .where('p.type', '=', param('type'))
    // A fixed value among the parameters stays where it was.
    .where('p.mode', '!=', 'removed')
    .groupBy(['p.id', 'p.name', 'p.type', 'p.address']),
);

const dbs: Partial<Record<'sqlite' | 'postgres', TestDb>> = {};
beforeAll(async () => {
  for (const dialect of testDialects()) {
    const t = await createTestDb(dialect);
    await migrateToLatest(t.handle.db);
    const now = nowIso();
    await t.handle.db
      .insertInto('places')
      .values([
        {
          name: 'Sede',
          type: 'OFFICE',
          system_type: 'locker',
          address: 'Rua A',
          created_at: now,
          updated_at: now,
        },
        {
          name: 'Cais',
          type: 'DELIVERY',
          system_type: 'locker',
          address: null,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await t.handle.db
      .insertInto('lockers')
      .values(
        [1, 2, 3].map((door) => ({
          place_id: 1,
          door_number: door,
          size: 'M',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    dbs[dialect] = t;
  }
});
afterAll(async () => {
  for (const t of Object.values(dbs)) await t.drop();
});

describe.each(testDialects())('precompiled queries on %s', (dialect) => {
  const db = () => dbs[dialect]!.handle.db;

  it('answers each run with its own values, as the query built per call does', async () => {
    const sede = await placeByIdAndType.executeTakeFirst(db(), { id: 1, type: 'OFFICE' });
    expect(sede).toMatchObject({ id: 1, name: 'Sede', type: 'OFFICE', address: 'Rua A' });
    expect(Number(sede!.lockers)).toBe(3);
    const cais = await placeByIdAndType.executeTakeFirst(db(), { id: 2, type: 'DELIVERY' });
    expect(cais).toMatchObject({ id: 2, name: 'Cais', address: null });
    expect(Number(cais!.lockers)).toBe(0);
    // The values are bound, not baked in: a mismatching pair finds nothing.
    expect(await placeByIdAndType.execute(db(), { id: 1, type: 'DELIVERY' })).toEqual([]);
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    await db()
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('places').set({ name: 'Sede Nova' }).where('id', '=', 1).execute();
        const row = await placeByIdAndType.executeTakeFirst(tx, { id: 1, type: 'OFFICE' });
        expect(row?.name).toBe('Sede Nova');
        await sql`select 1`.execute(tx);
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    expect((await placeByIdAndType.executeTakeFirst(db(), { id: 1, type: 'OFFICE' }))?.name).toBe('Sede');
  });

  it('refuses a run without a value rather than binding a placeholder', async () => {
    await expect(placeByIdAndType.execute(db(), { id: 1 } as never)).rejects.toThrow(/no value for type/);
  });

  it('compiles for the dialect of the database it runs on', () => {
    const text = placeByIdAndType.sql(db());
    expect(text).toContain(dialect === 'postgres' ? '$1' : '?');
    expect(text).not.toContain('[object Object]');
  });
});

describe('SQLite rows from raw arrays', () => {
  const db = () => dbs.sqlite!.handle.db;

  it('keeps column order, null, numbers and the later of two same-named columns', async () => {
    const r = await sql<
      Record<string, unknown>
    >`select 1 as a, null as b, 'x' as c, 2.5 as d, 7 as a`.execute(db());
    expect(r.rows).toEqual([{ a: 7, b: null, c: 'x', d: 2.5 }]);
    expect(Object.keys(r.rows[0]!)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a column named like an object key as an ordinary property', async () => {
    const r = await sql<
      Record<string, unknown>
    >`select 1 as "__proto__", 2 as "constructor", 3 as "a""b"`.execute(db());
    const row = r.rows[0]!;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
    expect(row.constructor).toBe(2);
    expect(row['a"b']).toBe(3);
  });

  it('returns rows of an insert with RETURNING and affected counts of an update', async () => {
    const now = nowIso();
    const inserted = await db()
      .insertInto('places')
      .values({ name: 'Porto', type: 'OFFICE', system_type: 'locker', created_at: now, updated_at: now })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: expect.any(Number), name: 'Porto' });
    const updated = await db()
      .updateTable('places')
      .set({ address: 'Rua B' })
      .where('id', '=', inserted.id)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);
  });
});
