import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProbeDb, type ProbeDb, type TestDb } from './helpers/test-db.js';

/**
 * SQLite answers a SELECT outside a transaction from its reading connection while a transaction
 * holds the writer (src/db/sqlite-read-routing.ts): it sees what was committed, as PostgreSQL
 * would, and a write still waits for the transaction.
 */
describe('SQLite reads beside an open transaction', () => {
  let t: TestDb;
  let db: ProbeDb;
  beforeAll(async () => {
    ({ t, db } = await createProbeDb('sqlite', 'reader_probe', [{ id: 1, a: 'um' }]));
  });
  afterAll(async () => t.drop());

  const names = async () =>
    (await db.selectFrom('reader_probe').select('a').orderBy('id').execute()).map((r) => r.a as string);

  it('a read is answered at once with the committed rows; a write waits; both see the commit after', async () => {
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction().execute(async (tx) => {
      await tx.insertInto('reader_probe').values({ id: 2, a: 'dois' }).execute();
      // The transaction reads its own write.
      expect((await tx.selectFrom('reader_probe').select('a').execute()).length).toBe(2);
      inside();
      await held;
    });
    await started;

    // Before this connection existed, this read waited for the transaction: here it would hang.
    expect(await names()).toEqual(['um']);
    let written = false;
    const write = db
      .insertInto('reader_probe')
      .values({ id: 3, a: 'três' })
      .execute()
      .then(() => (written = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(written).toBe(false);

    letGo();
    await transaction;
    await write;
    expect(await names()).toEqual(['um', 'dois', 'três']);
  });

  it('a failed transaction lets go of the writer and leaves nothing', async () => {
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('reader_probe').values({ id: 4, a: 'quatro' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.insertInto('reader_probe').values({ id: 5, a: 'cinco' }).execute();
    expect(await names()).toEqual(['um', 'dois', 'três', 'cinco']);
  });
});
