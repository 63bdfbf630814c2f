import { beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API, type QueryOf } from '@cacifo/contract';
import { call, callApi, apiRequest, describeEachDb, signIn } from './helpers/test-app.js';
import { nowIso } from '../src/db/helpers.js';

/**
 * The alerts list on the list kit (issue #22, ADR 0088): filters (location, kind, acknowledged, the
 * days the alert began), the sort whitelist with ties by id, bad input refused with a 400 that names
 * the field, the role check, and the export of the filtered list (its rows equal the list's).
 */
describeEachDb('alerts list: filters, sort, export', (ctx) => {
  let token: string;
  const ids: Record<string, number> = {};

  type Query = QueryOf<typeof API.alerts.list>;
  const list = async (query: Query) => {
    const r = await callApi(ctx.app, token, API.alerts.list, { query });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  /** The names of the listed alerts (location and door), in the list's order. */
  const names = async (query: Query) =>
    (await list(query)).alerts.map((a) => `${a.place_name.split(' ')[0]}${a.doorNumber}`);

  const setDoor = (id: number, status: number, since: string | null) =>
    ctx.app.db
      .updateTable('lockers')
      .set({ door_status: status, door_status_updated_at: since })
      .where('id', '=', id)
      .execute();

  /**
   * A location whose doors no controller drives: the statuses written here stay as written (a
   * simulated controller would report its own doors' states over them).
   */
  const createPlace = async (name: string, doors: number) => {
    const now = nowIso();
    const { id } = await ctx.app.db
      .insertInto('places')
      .values({
        name,
        type: 'OFFICE',
        system_type: 'locker',
        address: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('lockers')
      .values(
        Array.from({ length: doors }, (_, i) => ({
          place_id: id,
          door_number: i + 1,
          size: 'M',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const lockers = await ctx.app.db
      .selectFrom('lockers')
      .select('id')
      .where('place_id', '=', id)
      .orderBy('door_number')
      .execute();
    return { placeId: id, lockers };
  };

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    const alfa = await createPlace('alfa Norte', 3);
    const beta = await createPlace('Beta Sul', 2);
    ids.alfa = alfa.placeId;
    ids.beta = beta.placeId;
    await setDoor(alfa.lockers[0]!.id, 3, '2026-03-01T10:00:00.000Z');
    await setDoor(alfa.lockers[1]!.id, 1, '2026-03-03T10:00:00.000Z');
    await setDoor(alfa.lockers[2]!.id, 2, '2026-03-03T11:00:00.000Z');
    await setDoor(beta.lockers[0]!.id, 11, '2026-03-02T10:00:00.000Z');
    await setDoor(beta.lockers[1]!.id, 3, '2026-03-02T10:00:00.000Z');
    const ack = await callApi(ctx.app, token, API.alerts.acknowledge, {
      params: { id: alfa.lockers[0]!.id },
      body: { note: '=HYPERLINK("x")' },
    });
    expect(ack.status).toBe(200);
  });

  it('filters by location, kind, acknowledged and days', async () => {
    expect(await names({})).toEqual(['alfa2', 'Beta2', 'Beta1', 'alfa1']);
    expect((await list({ max_results: 2 })).totalAlerts).toBe(4);
    expect(await names({ placeId: ids.alfa })).toEqual(['alfa2', 'alfa1']);
    expect(await names({ doorStatus: '3' })).toEqual(['Beta2', 'alfa1']);
    expect(await names({ acknowledged: 'true' })).toEqual(['alfa1']);
    expect(await names({ acknowledged: 'false' })).toEqual(['alfa2', 'Beta2', 'Beta1']);
    expect(await names({ sinceInterval: '2026-03-01|2026-03-02' })).toEqual(['Beta2', 'Beta1', 'alfa1']);
    expect(await names({ placeId: ids.beta, doorStatus: '11' })).toEqual(['Beta1']);
    expect((await list({ sinceInterval: '2026-04-01|2026-04-02' })).totalAlerts).toBe(0);
  });

  it('sorts on the server by a whitelisted column, ties by id', async () => {
    // Locations in any case: "alfa" before "Beta"; the same day of Beta's two ties by id.
    expect(await names({ sort: 'location', order: 'asc' })).toEqual(['alfa1', 'alfa2', 'Beta1', 'Beta2']);
    expect(await names({ sort: 'location', order: 'desc' })).toEqual(['Beta2', 'Beta1', 'alfa2', 'alfa1']);
    expect(await names({ sort: 'since', order: 'asc' })).toEqual(['alfa1', 'Beta1', 'Beta2', 'alfa2']);
    expect(await names({ sort: 'doorStatus', order: 'desc' })).toEqual(['Beta1', 'Beta2', 'alfa1', 'alfa2']);
    expect(await names({ sort: 'door', order: 'asc' })).toEqual(['alfa1', 'Beta1', 'alfa2', 'Beta2']);
  });

  it('refuses bad query input with a 400 naming the field', async () => {
    // Values the typed query cannot hold, so the query strings are written out.
    for (const [bad, field] of [
      ['sort=users', 'sort'],
      ['order=sideways', 'order'],
      ['doorStatus=2', 'doorStatus'],
      ['acknowledged=maybe', 'acknowledged'],
      ['sinceInterval=2026-03-05|2026-03-01', 'sinceInterval'],
      ['sinceInterval=yesterday', 'sinceInterval'],
      ['placeId=-1', 'placeId'],
    ] as const) {
      for (const path of [API.alerts.list.path, API.alerts.exportAlerts.path]) {
        const r = await call(ctx.app, token, { method: 'GET', url: `${path}?${bad}` });
        expect(r.status, `${path}?${bad}`).toBe(400);
        expect(JSON.stringify(r.body), bad).toContain(field);
      }
    }
  });

  it('lets only the roles that watch alerts list or export them', async () => {
    const security = await signIn(ctx.app, 'security');
    const dash = await signIn(ctx.app, 'dash');
    const courier = await signIn(ctx.app, 'courier');
    const status = async (token: string, request: InjectOptions) =>
      (await ctx.app.inject({ ...request, headers: { authorization: `Bearer ${token}` } })).statusCode;
    for (const request of [
      apiRequest(API.alerts.list, {}),
      apiRequest(API.alerts.exportAlerts, { query: { format: 'csv' } }),
    ]) {
      expect(await status(security.token, request)).toBe(200);
      expect(await status(dash.token, request)).toBe(403);
      expect(await status(courier.token, request)).toBe(403);
    }
  });

  it('exports the filtered alerts in the list order, .csv with a BOM and formulas neutralised', async () => {
    const query = { acknowledged: 'false', sort: 'location', order: 'desc' } as const;
    const listed = await names(query);
    const res = await ctx.app.inject({
      ...apiRequest(API.alerts.exportAlerts, { query: { ...query, format: 'csv', language: 'en' } }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('alerts.csv');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]!.slice(0, 4)).toEqual(['Location', 'Door', 'Size', 'Door status']);
    expect(lines.slice(1).map((l) => `${l[0]!.split(' ')[0]}${l[1]}`)).toEqual(listed);
    expect(lines.slice(1).map((l) => l[3])).toEqual([
      'Alert: door jammed',
      'Alert: left open too long',
      'Alert: opened without command',
    ]);

    const acked = await ctx.app.inject({
      ...apiRequest(API.alerts.exportAlerts, {
        query: { acknowledged: 'true', format: 'csv', language: 'pt' },
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(acked.body).toContain('Reconhecido por');
    expect(acked.body).toContain(`'=HYPERLINK`);

    const xlsx = await ctx.app.inject({
      ...apiRequest(API.alerts.exportAlerts, { query: { format: 'xlsx' } }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
