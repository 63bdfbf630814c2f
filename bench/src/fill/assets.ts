import { idsOf, insertMany } from '../lib/insert.js';
import { personName, spreadOverTwoYears } from '../lib/random.js';
import { iso, type Fill } from './fill.js';
import type { Network } from './network.js';

/** Assets and their log: takes and returns by locker users, and staff actions. */
export async function fillAssets(f: Fill, { assetLockers }: Network, userIds: number[]) {
  const { db, r, n, end, startIso, adminId, log } = f;
  await insertMany(db, 'assets', n.assets, (i) => ({
    name: `Ativo ${String(i + 1).padStart(6, '0')}`,
    tag: `E2${(0xa0000000 + i).toString(16).toUpperCase()}`,
    status: r.pick([1, 4, 6]),
    created_at: startIso,
    updated_at: startIso,
    status_change_at: startIso,
  }));
  const assetIds = await idsOf(db, 'assets');
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
}
