import type { QueryClient } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import { officeApi } from '@cacifo/contract/endpoints/office';
import type { CallInput } from '@cacifo/contract/endpoint';
import { areaKey, endpointKeyPrefix } from '@/lib/endpoint-query';

/** Query strings of the list calls, as the contract entries take them. */
export type AssetsListQuery = NonNullable<CallInput<typeof assetsApi.list>['query']>;
export type AssetsLogsQuery = NonNullable<CallInput<typeof assetsApi.logs>['query']>;

/** Every asset query (keys derive from the contract entries: `['assets', id, input]`). */
export const assetsAreaKey = areaKey(assetsApi.list);

/**
 * After a change to an asset: every asset query, and the pickers read through other areas' entries
 * that show what an asset change moves (the locker users' assets, the free lockers of a place).
 */
export function invalidateAssets(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: assetsAreaKey }),
    qc.invalidateQueries({ queryKey: endpointKeyPrefix(officeApi.users) }),
    qc.invalidateQueries({ queryKey: endpointKeyPrefix(locationsApi.lockers) }),
  ]);
}
