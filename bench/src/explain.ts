/**
 * npx tsx bench/src/explain.ts [--scale small|large] [--db sqlite|postgres]
 * Query plans of the benchmarked lists on a generated data set, written by hand to match what the
 * repositories build: a scan or a sort over every row shows up here before it shows up as growth.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { join } from 'node:path';
import { dataTarget, dbOf, parseArgs, scaleOf } from './lib/args.js';

const STATES = '1,2,3,4,5,6,7,8,9,10,11,12,13';
const JOINS = 'left join lockers l on l.id = o.locker_id left join places p on p.id = l.place_id';
const FROM = "'2026-10-01T00:00:00.000Z'";
const TO = "'2026-11-01T00:00:00.000Z'";
const QUERIES: Record<string, string> = {
  'listOrders page': `select o.id from orders o ${JOINS} where o.state in (${STATES}) order by o.created_at desc, o.id desc limit 50 offset 0`,
  'listOrders count': `select count(*) from orders o ${JOINS} where o.state in (${STATES})`,
  'listOrders page 100': `select o.id from orders o ${JOINS} where o.state in (${STATES}) order by o.created_at desc, o.id desc limit 50 offset 4950`,
  'assets logs page': `select * from asset_logs where created_at >= ${FROM} and created_at < ${TO} order by created_at desc, id desc limit 50`,
  'assets logs count': `select count(*) from asset_logs where created_at >= ${FROM} and created_at < ${TO}`,
  'users name filter page': `select * from locker_users u where (lower(u.name) like '%silva%' or lower(u.email) like '%silva%' or u.phone_number like '%silva%') order by u.name asc, u.id asc limit 50`,
  'users name filter count': `select count(*) from locker_users u where (lower(u.name) like '%silva%' or lower(u.email) like '%silva%' or u.phone_number like '%silva%')`,
};

async function main() {
  const args = parseArgs(process.argv.slice(2), { scale: 'value', db: 'value', url: 'value' });
  const t = dataTarget(scaleOf(args.scale), dbOf(args.db), args.url);
  if (!t.databaseUrl) {
    const db = new SQLite(join(t.dataDir, 'cacifo.sqlite'), { readonly: true });
    for (const [name, q] of Object.entries(QUERIES)) {
      const plan = (db.prepare(`explain query plan ${q}`).all() as Array<{ detail: string }>).map(
        (r) => r.detail,
      );
      const t0 = performance.now();
      db.prepare(q).all();
      console.log(`${name} (${(performance.now() - t0).toFixed(1)} ms): ${plan.join(' | ')}`);
    }
    return;
  }
  const c = new pg.Client({ connectionString: t.databaseUrl });
  await c.connect();
  for (const [name, q] of Object.entries(QUERIES)) {
    const r = await c.query<{ 'QUERY PLAN': string }>(`explain analyze ${q}`);
    console.log(`${name}:\n  ${r.rows.map((x) => x['QUERY PLAN']).join('\n  ')}`);
  }
  await c.end();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
