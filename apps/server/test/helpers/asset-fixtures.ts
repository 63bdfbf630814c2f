import type { FastifyInstance } from 'fastify';
import type { Generated, Kysely } from 'kysely';
import { API, type Asset } from '@cacifo/contract';
import { nowIso } from '../../src/db/helpers.js';
import { callApi } from './test-app.js';

// The office area's tables, with the columns these fixtures fill (see assets.repository.ts).
interface OfficeRows {
  locker_users: { id: Generated<number>; name: string; created_at: string; updated_at: string };
  schedules: {
    id: Generated<number>;
    name: string;
    start_time: string;
    end_time: string;
    weekdays: string;
    created_at: string;
    updated_at: string;
  };
}
const office = (app: FastifyInstance) => app.db as unknown as Kysely<OfficeRows>;

let n = 0;
/** Creates an asset through the API with a unique tag; fails the test if the call fails. */
export async function createAsset(
  app: FastifyInstance,
  token: string,
  extra: {
    name?: string;
    tag?: string;
    category?: number[];
    isRandomLocker?: boolean;
    description?: string;
  } = {},
): Promise<Asset> {
  n += 1;
  const r = await callApi(app, token, API.assets.create, {
    body: {
      name: extra.name ?? `Portátil ${n}`,
      tag: extra.tag ?? `TAG-${Date.now()}-${n}`,
      description: '',
      ...extra,
    },
  });
  if (r.status !== 200) throw new Error(`createAsset: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.Data;
}

/** A locker user of the office area, inserted directly (these tests are not about that area). */
export async function insertLockerUser(app: FastifyInstance, name: string): Promise<number> {
  const now = nowIso();
  const { id } = await office(app)
    .insertInto('locker_users')
    .values({ name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertSchedule(app: FastifyInstance, name: string): Promise<number> {
  const now = nowIso();
  const { id } = await office(app)
    .insertInto('schedules')
    .values({
      name,
      start_time: '08:00',
      end_time: '18:00',
      weekdays: '1,2,3,4,5',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function assetLogActions(app: FastifyInstance, assetId: number): Promise<number[]> {
  const rows = await app.db
    .selectFrom('asset_logs')
    .select('action_id')
    .where('asset_id', '=', assetId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action_id);
}

export async function adminLogActions(app: FastifyInstance, adminId: number): Promise<number[]> {
  const rows = await app.db
    .selectFrom('admin_logs')
    .select('action')
    .where('admin_id', '=', adminId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}
