import type { Insertable, Kysely } from 'kysely';
import { ASSET_LOG_ACTION as A, ASSET_STATUS, LOCKER_STATUS, TAG_STATUS } from '@cacifo/contract';
import type { AssetLogsTable } from '../db/tables/assets.js';
import type { DemoContext } from './seed-types.js';

const CATEGORIES = [
  { name: 'Portáteis', icon: 'laptop', size: 'M' },
  { name: 'Tablets', icon: 'tablet', size: 'S' },
  { name: 'Ferramentas', icon: 'tool', size: 'L' },
  { name: 'Câmaras', icon: 'camera', size: 'M' },
  { name: 'Chaves', icon: 'key', size: 'S' },
  { name: 'Auscultadores', icon: 'headphones', size: 'S' },
] as const;

type Cat = (typeof CATEGORIES)[number]['name'];
interface DemoAsset {
  name: string;
  cat: Cat;
  door: number | null;
  /** Final state: stored, retrieved, created; plus the demo warnings. */
  end: 'stored' | 'retrieved' | 'created' | 'storedMissingTag' | 'retrievedTagSeen';
  enabled?: boolean;
  fixed?: boolean;
}

/**
 * Sede doors 8-12 hold assets; 1-7, 13 and 14 belong to office users and a group, 15-18 are free
 * (demo-office.ts). One holder per locker: the demo shows only what the product itself allows.
 */
const ASSETS: DemoAsset[] = [
  { name: 'Portátil Dell Latitude 01', cat: 'Portáteis', door: 8, end: 'stored' },
  { name: 'Portátil Dell Latitude 02', cat: 'Portáteis', door: 9, end: 'stored' },
  { name: 'MacBook Pro Design', cat: 'Portáteis', door: 10, end: 'storedMissingTag' },
  { name: 'iPad Receção', cat: 'Tablets', door: 11, end: 'stored', fixed: true },
  { name: 'Tablet Inventário', cat: 'Tablets', door: null, end: 'retrieved' },
  { name: 'Berbequim Bosch', cat: 'Ferramentas', door: null, end: 'retrieved' },
  { name: 'Kit de Ferramentas Manutenção', cat: 'Ferramentas', door: null, end: 'retrievedTagSeen' },
  { name: 'Câmara Canon EOS', cat: 'Câmaras', door: null, end: 'retrieved' },
  { name: 'Chaves Viatura 12-AB-34', cat: 'Chaves', door: 12, end: 'stored', fixed: true },
  { name: 'Chaves Sala Reuniões', cat: 'Chaves', door: null, end: 'retrieved' },
  { name: 'Auscultadores Jabra', cat: 'Auscultadores', door: null, end: 'created' },
  { name: 'Projetor Epson', cat: 'Câmaras', door: null, end: 'retrieved', enabled: false },
];

/** Deterministic pseudo-random numbers: the demo reads the same on every first start. */
function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Categories, assets in Sede lockers and ~90 days of storage and retrieval history. */
export async function seedDemoAssets(ctx: DemoContext): Promise<void> {
  const db = ctx.db;
  const sede = ctx.ids['place:sede'];
  if (sede === undefined) return;
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const rnd = prng(7);
  const admin = { id: ctx.ids['admin:editor'] ?? null, name: 'Marta Editora' };

  const catIds = new Map<string, number>();
  for (const c of CATEGORIES) {
    const { id } = await db
      .insertInto('asset_categories')
      .values({ ...c, created_at: iso(now - 120 * DAY), updated_at: iso(now - 120 * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    catIds.set(c.name, id);
  }
  // Locker users seeded by the office area, when it ran first; otherwise uses are admin opens.
  const users = await (db as unknown as Kysely<{ locker_users: { id: number; name: string } }>)
    .selectFrom('locker_users')
    .select(['id', 'name'])
    .orderBy('id')
    .limit(6)
    .execute()
    .catch(() => []);
  const lockers = await db
    .selectFrom('lockers')
    .select(['id', 'door_number'])
    .where('place_id', '=', sede)
    .execute();
  const lockerOf = new Map(lockers.map((l) => [l.door_number, l.id]));

  let tagN = 1000;
  for (const [i, a] of ASSETS.entries()) {
    // A few people per asset, rotating through the users so each asset has a different set.
    const allowed = users.length
      ? [0, 2, 4].slice(0, 1 + (i % 3)).map((k) => users[(i + k) % users.length]!)
      : [];
    const created = now - (90 + Math.floor(rnd() * 20)) * DAY;
    const tag = `E280-6894-${(tagN++).toString(16).toUpperCase()}`;
    const logs: Insertable<AssetLogsTable>[] = [];
    const door = a.door ?? 13 + Math.floor(rnd() * 4);
    const lockerId = lockerOf.get(door) ?? null;
    const assetRef = {
      asset_name: a.name,
      description: null,
      drawer_metra_id: null,
      locker_id: lockerId,
      door_number: door,
    };
    const log = (t: number, action: number, by: 'admin' | 'user' | 'none', user = allowed[0]) =>
      logs.push({
        ...assetRef,
        asset_id: 0,
        action_id: action,
        user_id: by === 'user' && user ? user.id : null,
        username: by === 'user' && user ? user.name : null,
        admin_id: by === 'admin' ? admin.id : null,
        admin_name: by === 'admin' ? admin.name : null,
        created_at: iso(t),
      });
    log(created, A.CREATED, 'admin');
    let t = created + 2 * DAY;
    let status: number = ASSET_STATUS.CREATED;
    let tagStatus: number = TAG_STATUS.UNDETECTED;
    if (a.end !== 'created') {
      // Cycles of storage and retrieval, a few days apart, during working hours.
      while (t < now - 3 * DAY) {
        const day = Math.floor(t / DAY) * DAY + (8 + Math.floor(rnd() * 10)) * HOUR;
        log(day, A.OPENED_FOR_STORAGE_BY_ADMIN, 'admin');
        log(day + 40_000, A.TAG_DETECTED, 'none');
        log(day + 60_000, A.STORED, 'none');
        const out = day + (1 + Math.floor(rnd() * 4)) * DAY + Math.floor(rnd() * 6) * HOUR;
        if (out > now - DAY) break;
        const user = allowed.length ? allowed[Math.floor(rnd() * allowed.length)] : undefined;
        const byUser = user !== undefined && rnd() < 0.75;
        log(
          out,
          byUser ? A.OPEN_FOR_RETRIEVAL : A.OPENED_FOR_RETRIEVAL_BY_ADMIN,
          byUser ? 'user' : 'admin',
          user,
        );
        log(out + 30_000, A.TAG_MISSING, 'none');
        log(out + 50_000, A.RETRIEVED, 'none');
        t = out + (1 + Math.floor(rnd() * 3)) * DAY;
      }
      const last = logs.at(-1)!;
      const lastAt = Date.parse(last.created_at);
      const stored = last.action_id === A.STORED;
      const wantStored = a.end === 'stored' || a.end === 'storedMissingTag';
      if (stored !== wantStored) {
        const at = Math.max(lastAt + HOUR, now - DAY - Math.floor(rnd() * 40) * HOUR);
        if (wantStored) {
          log(at, A.OPENED_FOR_STORAGE_BY_ADMIN, 'admin');
          log(at + 40_000, A.TAG_DETECTED, 'none');
          log(at + 60_000, A.STORED, 'none');
        } else {
          log(at, A.OPENED_FOR_RETRIEVAL_BY_ADMIN, 'admin');
          log(at + 30_000, A.TAG_MISSING, 'none');
          log(at + 50_000, A.RETRIEVED, 'none');
        }
      }
      status = wantStored ? ASSET_STATUS.STORED : ASSET_STATUS.RETRIEVED;
      tagStatus = wantStored ? TAG_STATUS.DETECTED : TAG_STATUS.UNDETECTED;
      if (a.end === 'storedMissingTag') {
        log(now - 2 * HOUR, A.TAG_MISSING, 'none');
        tagStatus = TAG_STATUS.UNDETECTED;
      }
      if (a.end === 'retrievedTagSeen') {
        log(now - 3 * HOUR, A.TAG_DETECTED, 'none');
        tagStatus = TAG_STATUS.DETECTED;
      }
    }
    if (a.enabled === false) log(now - 5 * HOUR, A.ASSET_DISABLED, 'admin');
    const statusAt = [...logs].reverse().find((l) => l.action_id <= A.UPDATED)!.created_at;
    const tagAt =
      [...logs].reverse().find((l) => l.action_id === A.TAG_DETECTED || l.action_id === A.TAG_MISSING)
        ?.created_at ?? null;
    const { id } = await db
      .insertInto('assets')
      .values({
        name: a.name,
        tag,
        description: '',
        status,
        tag_status: tagStatus,
        enabled: a.enabled === false ? 0 : 1,
        is_random_locker: a.fixed ? 0 : 1,
        created_at: iso(created),
        updated_at: iso(now),
        status_change_at: statusAt,
        tag_status_change_at: tagAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.ids[`asset:${a.name}`] = id;
    await db
      .insertInto('asset_category_links')
      .values({ asset_id: id, category_id: catIds.get(a.cat)! })
      .execute();
    for (let i = 0; i < logs.length; i += 200) {
      await db
        .insertInto('asset_logs')
        .values(logs.slice(i, i + 200).map((l) => ({ ...l, asset_id: id })))
        .execute();
    }
    const holdsLocker = status === ASSET_STATUS.STORED || a.fixed;
    if (holdsLocker && lockerId !== null) {
      await db
        .insertInto('asset_lockers')
        .values({ asset_id: id, locker_id: lockerId, created_at: statusAt })
        .execute();
      const lockerStatus = status === ASSET_STATUS.STORED ? LOCKER_STATUS.OCCUPIED : LOCKER_STATUS.RESERVED;
      await db.updateTable('lockers').set({ status: lockerStatus }).where('id', '=', lockerId).execute();
    }
    for (const u of allowed) {
      await db
        .insertInto('asset_users')
        .values({ asset_id: id, user_id: u.id, created_at: iso(created) })
        .execute();
    }
  }
}
