import { beforeAll, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { assetLogsRepository, wholeDays } from '../src/modules/assets/asset-logs.repository.js';
import type { AssetLogFilter } from '../src/modules/assets/asset-filters.repository.js';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';

it('splits an interval into whole UTC days and partial edges', () => {
  expect(wholeDays('2026-03-01T10:00:00.000Z', '2026-03-04T08:00:00.000Z')).toEqual({
    first: '2026-03-02',
    end: '2026-03-04',
    startIso: '2026-03-02T00:00:00.000Z',
    endIso: '2026-03-04T00:00:00.000Z',
  });
  expect(wholeDays('2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z')?.first).toBe('2026-03-01');
  expect(wholeDays('2026-03-01T10:00:00.000Z', '2026-03-01T20:00:00.000Z')).toBeNull();
  expect(wholeDays('2026-03-01T10:00:00.000Z', '2026-03-02T09:00:00.000Z')).toBeNull();
});

/** The total of a date interval reads per-day counts kept by a trigger (migration 0012). */
describeEachDb('asset log totals by day', (ctx) => {
  // Logs every 7 hours over 12 days, so days and edges both hold several.
  const base = Date.parse('2025-05-10T03:00:00.000Z');
  const times = Array.from({ length: 40 }, (_, i) => new Date(base + i * 7 * 3_600_000).toISOString());
  beforeAll(async () => {
    for (const [i, at] of times.entries())
      await assetLogsRepository.insertLog(ctx.app.db, {
        asset_id: 1,
        asset_name: `Berbequim ${i % 3}`,
        action_id: 1 + (i % 2),
        description: null,
        user_id: null,
        username: null,
        admin_id: null,
        admin_name: null,
        locker_id: null,
        door_number: null,
        drawer_metra_id: null,
        created_at: at,
      });
  });
  const exact = (from: string, to: string) => times.filter((t) => t >= from && t < to).length;

  it('counts exactly for whole days, partial edges, one day and no day', async () => {
    const cases: Array<[string, string]> = [
      ['2025-05-10T00:00:00.000Z', '2025-05-22T00:00:00.000Z'],
      ['2025-05-10T05:30:00.000Z', '2025-05-19T13:15:00.000Z'],
      ['2025-05-12T01:00:00.000Z', '2025-05-12T23:00:00.000Z'],
      ['2025-05-11T12:00:00.000Z', '2025-05-12T12:00:00.000Z'],
      ['2025-04-01T00:00:00.000Z', '2025-04-30T00:00:00.000Z'],
      ['2025-05-01T00:00:00.000Z', '2025-06-30T00:00:00.000Z'],
    ];
    for (const [from, to] of cases) {
      const f: AssetLogFilter = { from, to };
      expect({ from, to, n: await assetLogsRepository.countLogs(ctx.app.db, f) }).toEqual({
        from,
        to,
        n: exact(from, to),
      });
    }
    // With another filter the logs themselves are counted.
    const actionOne = times.filter((_, i) => i % 2 === 0).length;
    expect(
      await assetLogsRepository.countLogs(ctx.app.db, {
        actionId: [1],
        from: '2025-05-01T00:00:00.000Z',
        to: '2025-06-30T00:00:00.000Z',
      }),
    ).toBe(actionOne);
  });

  it('answers the same total through listAssetsLogs', async () => {
    const { token } = await signIn(ctx.app, 'admin');
    const r = await callApi(ctx.app, token, API.assets.logs, {
      query: { max_results: 5, offset: '0', createdAtInterval: '2025-05-11|2025-05-15' },
    });
    expect(r.status).toBe(200);
    expect(r.body.Data.logs).toHaveLength(5);
    // The interval's days are inclusive: 11 to 15 May, both whole.
    expect(r.body.Data.totalLogs).toBe(exact('2025-05-11T00:00:00.000Z', '2025-05-16T00:00:00.000Z'));
  });
});
