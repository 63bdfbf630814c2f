import { expect, it } from 'vitest';
import { API, type CallInput } from '@cacifo/contract';
import { nowIso } from '../src/db/helpers.js';
import { apiRequest, call, callApi, describeEachDb, signIn } from './helpers/test-app.js';

describeEachDb('Admin logs', (ctx) => {
  it('lists newest first, filtered by admin, action, place and date range, paged on the server', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const db = ctx.app.db;
    const place = await db
      .insertInto('places')
      .values({
        name: 'Sede',
        type: 'OFFICE',
        system_type: 'locker',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (action: number, created_at: string, extra = {}) => ({
      admin_id: admin.id,
      admin_name: 'Admin',
      action,
      created_at,
      ...extra,
    });
    await db
      .insertInto('admin_logs')
      .values([
        row(10, '2026-01-05T10:00:00.000Z', {
          place_id: place.id,
          place_name: 'Sede',
          user_id: 77,
          user_name: 'Ana',
        }),
        row(24, '2026-01-06T10:00:00.000Z'),
        row(900, '2026-01-07T23:59:59.000Z', {
          place_id: place.id,
          place_name: 'Sede',
          door_number: 3,
          locker_id: 9,
        }),
        { admin_id: null, admin_name: 'system', action: 23, created_at: '2026-01-08T00:00:00.000Z' },
      ])
      .execute();
    const get = (query: CallInput<typeof API.adminLogs.list>['query']) =>
      callApi(ctx.app, admin.token, API.adminLogs.list, { query });

    const all = await get({ adminId: admin.id });
    expect(all.body.Data.logs.map((l) => l.action)).toEqual([900, 24, 10]);
    expect(all.body.Data.logs[0]).toMatchObject({ placeName: 'Sede', doorNumber: 3, lockerId: 9 });
    expect((await get({ action: '10,900' })).body.Data.logs.map((l) => l.action)).toEqual([900, 10]);
    expect((await get({ placeId: place.id })).body.Data.total).toBe(2);
    expect((await get({ userId: 77 })).body.Data.logs[0]!.userName).toBe('Ana');
    expect(
      (await get({ createdAtInterval: '2026-01-06|2026-01-07' })).body.Data.logs.map((l) => l.action),
    ).toEqual([900, 24]);
    const page = await get({ max_results: 2, offset: 1 });
    expect(page.body.Data.logs).toHaveLength(2);
    expect(page.body.Data.total).toBe(4);
    expect(page.body.Data.logs[0]!.action).toBe(900);
    // Sorted on the server by a whitelisted column (issue #22), ties by id.
    expect(
      (await get({ adminId: admin.id, sort: 'action', order: 'asc' })).body.Data.logs.map((l) => l.action),
    ).toEqual([10, 24, 900]);
    expect(
      (await get({ adminId: admin.id, sort: 'createdAt', order: 'asc' })).body.Data.logs.map((l) => l.action),
    ).toEqual([10, 24, 900]);
    expect(
      (
        await get({ createdAtInterval: '2026-01-05|2026-01-08', sort: 'adminName', order: 'desc' })
      ).body.Data.logs.map((l) => l.adminName),
    ).toEqual(['system', 'Admin', 'Admin', 'Admin']);

    // The export has the filtered rows in the list's order (issue #22).
    const file = await ctx.app.inject({
      ...apiRequest(API.adminLogs.exportLogs, {
        query: { adminId: admin.id, sort: 'action', order: 'desc', format: 'csv', language: 'en' },
      }),
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body.charCodeAt(0)).toBe(0xfeff);
    const lines = file.body
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(lines[0]!.slice(0, 2)).toEqual(['Date', 'Admin']);
    expect(lines.slice(1).map((l) => l[0])).toEqual([
      '2026-01-07T23:59:59.000Z',
      '2026-01-06T10:00:00.000Z',
      '2026-01-05T10:00:00.000Z',
    ]);

    // Raw query strings, sent as they are (a sort column that is none is past the types).
    for (const bad of [
      'sort=details',
      'createdAtInterval=2026-01-07|2026-01-06',
      'createdAtInterval=yesterday',
      'action=a,b',
      'max_results=0',
    ]) {
      const refused = await call(ctx.app, admin.token, {
        method: 'GET',
        url: `${API.adminLogs.list.path}?${bad}`,
      });
      expect(refused.status, bad).toBe(400);
    }
    const filters = await callApi(ctx.app, admin.token, API.adminLogs.filters, {});
    expect(filters.body.Data.places).toEqual([{ id: place.id, name: 'Sede' }]);
    expect(filters.body.Data.actions).toEqual([10, 23, 24, 900]);
  });

  it('editors read the log; couriers and stores cannot', async () => {
    const editor = await signIn(ctx.app, 'editor');
    expect((await callApi(ctx.app, editor.token, API.adminLogs.list, {})).status).toBe(200);
    for (const role of ['courier', 'store'] as const) {
      const s = await signIn(ctx.app, role, { company: 'Loja' });
      expect((await callApi(ctx.app, s.token, API.adminLogs.list, {})).status).toBe(403);
    }
  });
});
