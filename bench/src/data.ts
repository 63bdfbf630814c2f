/**
 * npm run bench:data -- --scale small|large [--db sqlite|postgres] [--url postgres://...]
 * Fills a fresh database with a network of the given scale, through the server's own connection
 * and migrations, then writes a meta file the load run reads (counts, credentials, sample keys).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { connectDatabase, migrateToLatest } from '../../apps/server/src/db/connect.js';
import { sql } from '../../apps/server/src/db/helpers.js';
import { insertAccount } from '../../apps/server/src/seed/accounts.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, dataTarget, dbOf, parseArgs, scaleOf, TMP_DIR } from './lib/args.js';
import { idsOf } from './lib/insert.js';
import { rng } from './lib/random.js';
import { fillAssets } from './fill/assets.js';
import { countsFor, DAY, iso, type Fill } from './fill/fill.js';
import { fillDoorEvents, fillNetwork } from './fill/network.js';
import { fillOrders, packageIdOf } from './fill/orders.js';
import { fillLockerUsers } from './fill/people.js';
import { fillTransactions } from './fill/transactions.js';

async function freshPostgres(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('the bench database name must be [a-z0-9_]+');
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

async function main() {
  const args = parseArgs(process.argv.slice(2), { scale: 'value', db: 'value', url: 'value' });
  const scale = scaleOf(args.scale);
  const kind = dbOf(args.db);
  const target = dataTarget(scale, kind, args.url);
  const n = countsFor(scale);
  const started = Date.now();
  const log = (m: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${m}`);

  mkdirSync(TMP_DIR, { recursive: true });
  if (target.databaseUrl) await freshPostgres(target.databaseUrl);
  else rmSync(target.dataDir, { recursive: true, force: true });
  const handle = connectDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const { db, dialect } = handle;
  await migrateToLatest(db);
  log(`${target.name}: migrated`);

  const r = rng(scale === 'large' ? 11 : 7);
  const end = Date.now();
  const adminId = await insertAccount(db, {
    username: ADMIN_USERNAME,
    name: 'Administrador',
    role: 'admin',
    password: ADMIN_PASSWORD,
    pin: '1234',
  });
  const startIso = iso(end - 730 * DAY);
  const f: Fill = { db, r, n, end, startIso, adminId, log };

  // In this order: each part draws from the one random stream.
  const net = await fillNetwork(f);
  await fillLockerUsers(f);
  const livePackages = await fillOrders(f, net);
  const userIds = await idsOf(db, 'locker_users');
  await fillAssets(f, net, userIds);
  await fillTransactions(f, net);
  await fillDoorEvents(f, net);
  const { placeIds, lockerIds } = net;

  // PostgreSQL's autovacuum keeps statistics and the visibility map current in production (and,
  // left to itself after a bulk load, vacuums a million orders in the middle of the first run);
  // SQLite never analyses unless asked, and the server does not ask, so it is measured as it runs.
  if (dialect === 'postgres') await handle.pool!.query('VACUUM ANALYZE');
  // The gigabyte just written is still being flushed to disk for minutes after; a door event's
  // commit waits for its WAL on that same disk (realtime went seconds behind right after a load).
  // Flushed here, so a run measures the server, not the generator's write-back.
  if (dialect === 'postgres') await handle.pool!.query('CHECKPOINT');
  else await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);

  const sample = await db
    .selectFrom('locker_users')
    .select(['id', 'name'])
    .where('id', '=', userIds[Math.floor(userIds.length / 2)]!)
    .executeTakeFirstOrThrow();
  const meta = {
    scale,
    db: kind,
    generatedAt: new Date(end).toISOString(),
    seconds: (Date.now() - started) / 1000,
    counts: { ...n, lockers: lockerIds.length },
    admin: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    placeIds: placeIds.slice(0, n.places),
    gridPlaceId: placeIds[n.places],
    userIdRange: [userIds[0], userIds[userIds.length - 1]],
    livePackageIds: livePackages
      .filter((_, k) => k % Math.ceil(livePackages.length / 5000) === 0)
      .map(packageIdOf),
    orders: n.orders,
    sampleUserName: sample.name.split(' ')[1],
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl ?? null,
  };
  writeFileSync(target.metaFile, JSON.stringify(meta, null, 2));
  await handle.close();
  log(`done: ${target.metaFile}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
