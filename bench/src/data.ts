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
import { orderCountsRepository } from '../../apps/server/src/modules/orders/order-counts.repository.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, dataTarget, dbOf, parseArgs, scaleOf, TMP_DIR } from './lib/args.js';
import { idsOf, insertMany } from './lib/insert.js';
import { CITIES, COMPANIES, personName, rng, spreadOverTwoYears } from './lib/random.js';

const LARGE = {
  places: 200,
  lockersPerPlace: 100,
  lockerUsers: 100_000,
  orders: 1_000_000,
  assets: 10_000,
  assetLogs: 1_000_000,
  transactions: 200_000,
  doorEvents: 200_000,
};
export type Counts = typeof LARGE & { gridLockers: number };
/** One extra place with 1,000 lockers at both scales: the web grid benchmark opens it. */
const GRID_LOCKERS = 1_000;

function countsFor(scale: 'small' | 'large'): Counts {
  const k = scale === 'large' ? 1 : 0.01;
  return {
    places: Math.max(2, Math.round(LARGE.places * k)),
    lockersPerPlace: LARGE.lockersPerPlace,
    lockerUsers: LARGE.lockerUsers * k,
    orders: LARGE.orders * k,
    assets: LARGE.assets * k,
    assetLogs: LARGE.assetLogs * k,
    transactions: LARGE.transactions * k,
    doorEvents: LARGE.doorEvents * k,
    gridLockers: GRID_LOCKERS,
  };
}

const PLACE_TYPES = ['DELIVERY', 'OFFICE', 'ASSETS', 'MARKETPLACE'] as const;
const SIZES = [
  ['S', 4],
  ['M', 4],
  ['L', 2],
] as const;
const iso = (t: number) => new Date(t).toISOString();
const DAY = 86_400_000;
export const packageIdOf = (i: number) => `BENCH${String(i).padStart(9, '0')}`;

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

  await insertMany(db, 'places', n.places + 1, (i) => ({
    name:
      i === n.places ? 'Bench grid' : `Local ${String(i + 1).padStart(3, '0')} ${CITIES[i % CITIES.length]}`,
    type: i === n.places ? 'OFFICE' : PLACE_TYPES[i % PLACE_TYPES.length]!,
    system_type: 'locker',
    address: `Rua ${i + 1}, ${CITIES[i % CITIES.length]}`,
    created_at: startIso,
    updated_at: startIso,
  }));
  const placeIds = await idsOf(db, 'places');
  const placeType = (idx: number) => (idx === n.places ? 'OFFICE' : PLACE_TYPES[idx % PLACE_TYPES.length]!);
  const lockerPlaces: number[] = [];
  for (let p = 0; p < n.places; p++) for (let d = 0; d < n.lockersPerPlace; d++) lockerPlaces.push(p);
  for (let d = 0; d < n.gridLockers; d++) lockerPlaces.push(n.places);
  let door = 0;
  await insertMany(db, 'lockers', lockerPlaces.length, (i) => {
    door = i === 0 || lockerPlaces[i] !== lockerPlaces[i - 1] ? 1 : door + 1;
    const delivery = placeType(lockerPlaces[i]!) === 'DELIVERY';
    return {
      place_id: placeIds[lockerPlaces[i]!]!,
      door_number: door,
      size: r.weighted(SIZES),
      status: r.next() < 0.35 ? (delivery ? 4 : 2) : 0,
      door_status: r.next() < 0.01 ? 1 : 2,
      enabled: r.next() < 0.03 ? 0 : 1,
      accessibility: r.next() < 0.05 ? 1 : 0,
      created_at: startIso,
      updated_at: startIso,
    };
  });
  const lockerIds = await idsOf(db, 'lockers');
  const lockersOfType = (t: string) =>
    lockerIds.filter((_, i) => lockerPlaces[i]! < n.places && placeType(lockerPlaces[i]!) === t);
  const deliveryLockers = lockersOfType('DELIVERY');
  const assetLockers = lockersOfType('ASSETS').length ? lockersOfType('ASSETS') : lockerIds;
  log(`places ${placeIds.length}, lockers ${lockerIds.length}`);

  const userTimes = spreadOverTwoYears(r, n.lockerUsers, end);
  await insertMany(db, 'locker_users', n.lockerUsers, (i) => {
    const name = personName(r);
    const enabled = r.next() < 0.92 ? 1 : 0;
    const phone = `91${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
    const building = `Edifício ${r.int(1, 5)}`;
    const floor = String(r.int(0, 9));
    const validUntil = r.next() < 0.2 ? end + r.int(-60, 365) * DAY : null;
    return {
      name,
      // Past their date, as the office expiry sweep would have left them: otherwise the first
      // sweep of a run disables thousands at once and its pause lands in the measurements.
      enabled: validUntil !== null && validUntil <= end ? 0 : enabled,
      number: `E${String(i + 1).padStart(7, '0')}`,
      card: (0x10000000 + i).toString(16).toUpperCase(),
      email: `user${i + 1}@empresa.pt`,
      phone_number: phone,
      building,
      floor,
      valid_until: validUntil === null ? null : iso(validUntil),
      created_at: iso(userTimes[i]!),
      updated_at: iso(userTimes[i]!),
    };
  });
  log(`locker users ${n.lockerUsers}`);

  const orderTimes = spreadOverTwoYears(r, n.orders, end);
  // Delivered orders answer orderDelivered by design: the lookup benchmark asks for live ones.
  const livePackages: number[] = [];
  // States first, newest order first: a locker door holds one parcel, so the orders that hold a
  // locker (assigned, stored) take a free delivery locker, the most recent first; when none is
  // left, a recent one still waits for a locker (created) and an older one was taken out by staff.
  const orderStates = new Uint8Array(n.orders);
  const orderLockers = new Int32Array(n.orders);
  const freeLockers = [...(deliveryLockers.length ? deliveryLockers : lockerIds)];
  const takeLocker = () => {
    if (freeLockers.length === 0) return null;
    const k = r.int(0, freeLockers.length - 1);
    const id = freeLockers[k]!;
    freeLockers[k] = freeLockers[freeLockers.length - 1]!;
    freeLockers.pop();
    return id;
  };
  for (let i = n.orders - 1; i >= 0; i--) {
    const ageDays = (end - orderTimes[i]!) / DAY;
    let state: number;
    if (ageDays < 2)
      state = r.weighted([
        [1, 3],
        [2, 2],
        [4, 4],
        [7, 2],
      ] as const);
    else if (ageDays < 12)
      state = r.weighted([
        [4, 2],
        [7, 7],
        [9, 0.5],
        [13, 0.5],
      ] as const);
    else
      state = r.weighted([
        [7, 85],
        [13, 6],
        [9, 8],
        [12, 1],
      ] as const);
    if (state === 2 || state === 4) {
      const locker = takeLocker();
      if (locker === null) state = ageDays < 2 ? 1 : 13;
      else orderLockers[i] = locker;
    }
    orderStates[i] = state;
  }
  await insertMany(
    db,
    'orders',
    n.orders,
    (i) => {
      const t = orderTimes[i]!;
      const ageDays = (end - t) / DAY;
      const state = orderStates[i]!;
      if (i > 0 && state !== 7 && state !== 13 && livePackages.length < 20_000) livePackages.push(i);
      const stored = state === 4 || state === 7 || state === 13;
      const storedAt = stored ? t + r.int(1, 30) * 3_600_000 : null;
      const lockerId = orderLockers[i]! > 0 ? orderLockers[i]! : null;
      return {
        package_id: packageIdOf(i),
        delivery_type: r.next() < 0.95 ? 1 : 2,
        recipient_name: personName(r),
        recipient_email: r.next() < 0.7 ? `cliente${i}@mail.pt` : '',
        recipient_phone: `9${r.int(10_000_000, 99_999_999)}`,
        recipient_number: `REF${i}`,
        state,
        archived: ageDays > 90 && r.next() < 0.7 ? 1 : 0,
        company: r.next() < 0.2 ? r.pick(COMPANIES) : null,
        created_by: adminId,
        created_by_name: 'Administrador',
        locker_id: lockerId,
        stored_at: storedAt === null ? null : iso(storedAt),
        picked_up_at: state === 7 && storedAt ? iso(storedAt + r.int(1, 120) * 3_600_000) : null,
        created_at: iso(t),
        updated_at: iso(storedAt ?? t),
      };
    },
    (d) => log(`orders ${d}/${n.orders}`),
  );
  // The order_counts triggers appended one row per inserted order; a running server folds them
  // every 30 s, so a database with two years of orders holds a handful. Without this, the
  // server's first fold (a million rows) stalled it for seconds in the middle of a measurement.
  await orderCountsRepository.compact(db);
  log('order counts compacted');

  await insertMany(db, 'assets', n.assets, (i) => ({
    name: `Ativo ${String(i + 1).padStart(6, '0')}`,
    tag: `E2${(0xa0000000 + i).toString(16).toUpperCase()}`,
    status: r.pick([1, 4, 6]),
    created_at: startIso,
    updated_at: startIso,
    status_change_at: startIso,
  }));
  const assetIds = await idsOf(db, 'assets');
  const userIds = await idsOf(db, 'locker_users');
  const logTimes = spreadOverTwoYears(r, n.assetLogs, end);
  await insertMany(
    db,
    'asset_logs',
    n.assetLogs,
    (i) => {
      const a = r.int(0, assetIds.length - 1);
      const byUser = r.next() < 0.85;
      return {
        asset_id: assetIds[a]!,
        asset_name: `Ativo ${String(a + 1).padStart(6, '0')}`,
        action_id: r.weighted([
          [4, 35],
          [6, 35],
          [8, 12],
          [9, 12],
          [10, 3],
          [11, 3],
        ] as const),
        description: null,
        user_id: byUser ? r.pick(userIds) : null,
        username: byUser ? personName(r) : null,
        admin_id: byUser ? null : adminId,
        admin_name: byUser ? null : 'Administrador',
        locker_id: r.pick(assetLockers),
        door_number: r.int(1, n.lockersPerPlace),
        created_at: iso(logTimes[i]!),
      };
    },
    (d) => log(`asset logs ${d}/${n.assetLogs}`),
  );

  const marketPlaces = placeIds.filter((_, i) => i < n.places && placeType(i) === 'MARKETPLACE');
  const txTimes = spreadOverTwoYears(r, n.transactions, end);
  await insertMany(
    db,
    'transactions',
    n.transactions,
    (i) => {
      const t = txTimes[i]!;
      const hours = r.pick([1, 2, 4, 24]);
      const cents = hours * 150;
      const status = r.weighted([
        ['paid', 80],
        ['canceled', 6],
        ['expired', 8],
        ['refunded', 3],
        ['error', 1],
        ['pending', 2],
      ] as const);
      const place = marketPlaces.length ? r.pick(marketPlaces) : r.pick(placeIds);
      return {
        kind: 'rental',
        reference: `${iso(t).slice(0, 10).replaceAll('-', '')}-${i.toString(16).padStart(6, '0')}`,
        phone: `9${r.int(10_000_000, 99_999_999)}`,
        place_id: place,
        place_name: `Local ${place}`,
        door_number: r.int(1, n.lockersPerPlace),
        method: r.pick(['mbway', 'card', 'multibanco']),
        status,
        hours,
        amount_cents: cents,
        cost_cents: cents,
        total_cost_cents: cents,
        iva_cents: Math.round((cents * 23) / 123),
        iva_percent: 23,
        charged_cents: status === 'paid' ? cents : 0,
        rental_start: iso(t),
        rental_end: iso(t + hours * 3_600_000),
        paid_at: status === 'paid' ? iso(t + 60_000) : null,
        created_at: iso(t),
        updated_at: iso(t),
      };
    },
    (d) => log(`transactions ${d}/${n.transactions}`),
  );

  const doorTimes = spreadOverTwoYears(r, n.doorEvents, end);
  await insertMany(db, 'door_events', n.doorEvents, (i) => {
    const li = r.int(0, n.places * n.lockersPerPlace - 1);
    const open = i % 2 === 0;
    return {
      place_id: placeIds[lockerPlaces[li]!]!,
      locker_id: lockerIds[li]!,
      door_number: (li % n.lockersPerPlace) + 1,
      door_status: open ? 0 : 2,
      previous_status: open ? 2 : 0,
      commanded: r.next() < 0.8 ? 1 : 0,
      created_at: iso(doorTimes[i]!),
    };
  });
  log(`door events ${n.doorEvents}`);

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
