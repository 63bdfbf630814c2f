import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { connectDatabase } from '../../src/db/connect.js';
import { createTestDb, type TestDb } from './test-db.js';
import { testConfig } from './test-app.js';
import { fastSimulator } from './fixtures.js';

export interface TwoInstances {
  readonly db: TestDb;
  readonly a: FastifyInstance;
  readonly b: FastifyInstance;
}

/**
 * Two apps on one PostgreSQL database, each with its own connections, as two instances behind a
 * load balancer are: what one does, the other must see (realtime, limits, sessions). Call it inside
 * a `describe`; the instances are ready in its tests and closed after them.
 */
export function twoInstancesOnPostgres(): TwoInstances {
  let db: TestDb | undefined;
  let a: FastifyInstance | undefined;
  let b: FastifyInstance | undefined;
  beforeAll(async () => {
    db = await createTestDb('postgres');
    const config = testConfig({}, db.dataDir);
    a = await buildApp(config, { handle: db.handle, webRoot: '/nonexistent', driver: fastSimulator(null) });
    const second = connectDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    b = await buildApp(config, { handle: second, webRoot: '/nonexistent', driver: fastSimulator(null) });
    b.addHook('onClose', async () => second.close());
    await a.ready();
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
  });
  const ready = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the two instances are only ready inside the tests');
    return v;
  };
  return {
    get db() {
      return ready(db);
    },
    get a() {
      return ready(a);
    },
    get b() {
      return ready(b);
    },
  };
}
