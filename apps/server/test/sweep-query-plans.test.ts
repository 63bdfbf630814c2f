import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { join } from 'node:path';
import { WAITING_PICKUP_STATES } from '@cacifo/contract';
import type { Database } from '../src/db/schema.js';
import { ordersRepository } from '../src/modules/orders/orders.repository.js';
import { transactionsRepository } from '../src/modules/marketplace/transactions.repository.js';
import { wallCredentialsRepository } from '../src/modules/wall-offline/wall-credentials.repository.js';
import { createTestDb, type TestDb } from './helpers/test-db.js';

/**
 * Jobs that run every minute must not read every order: on SQLite each such query held every
 * request and door event for 300-400 ms at a million orders (docs/performance.md, migration 0227).
 * Each query here must reach the orders through its partial index, which SQLite uses only when the
 * query names the index's states as literals.
 */
describe('every-minute queries are served by their partial indexes (SQLite)', () => {
  let t: TestDb;
  let file: SQLite.Database;
  beforeAll(async () => {
    t = await createTestDb('sqlite');
    file = new SQLite(join(t.dataDir, 'cacifo.sqlite'), { readonly: true });
  });
  afterAll(async () => {
    file.close();
    await t.drop();
  });

  /** How SQLite reads the table of `alias` (o: orders, t: transactions) in the one query `run` makes. */
  async function planOf(run: (db: Kysely<Database>) => Promise<unknown>, alias = 'o'): Promise<string> {
    const ran: CompiledQuery[] = [];
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(join(t.dataDir, 'cacifo.sqlite')) }),
      log: (event) => {
        if (event.level === 'query') ran.push(event.query);
      },
    });
    try {
      await run(db);
    } finally {
      await db.destroy();
    }
    expect(ran).toHaveLength(1);
    const plan = file
      .prepare(`EXPLAIN QUERY PLAN ${ran[0]!.sql}`)
      .all(...(ran[0]!.parameters as unknown[])) as { detail: string }[];
    return plan.map((p) => p.detail).find((d) => new RegExp(`^(SCAN|SEARCH) ${alias}\\b`).test(d)) ?? '';
  }

  it('the wall-credentials sweep: parcels a place may take', async () => {
    expect(await planOf((db) => wallCredentialsRepository.parcelsToDeposit(db, 1))).toMatch(
      /USING (COVERING )?INDEX orders_to_deposit_idx/,
    );
  });

  it('the pickup-notices job: stored parcels with no pickup window', async () => {
    expect(await planOf((db) => ordersRepository.storedWithoutWindow(db, WAITING_PICKUP_STATES, 50))).toMatch(
      /USING (COVERING )?INDEX orders_unwindowed_idx/,
    );
  });

  it('the marketplace sweep: extensions and overtime past their deadline (by status and kind)', async () => {
    const plan = await planOf(
      (db) => transactionsRepository.waitingPastDeadline(db, new Date().toISOString()),
      't',
    );
    expect(plan).toMatch(/USING (COVERING )?INDEX transactions_status_kind_idx \(status=\? AND kind=\?\)/);
  });
});
