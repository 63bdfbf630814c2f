import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { endpointQuery } from '@/lib/endpoint-query';
import type { AssetsLogsQuery } from './keys';

/** GET api/asset/listAssetsLogs: a server page of every asset's logs (Data.logs, Data.totalLogs). */
export function useAssetsLogs(query: AssetsLogsQuery) {
  return useQuery(endpointQuery(assetsApi.logs, { query }, { placeholderData: keepPreviousData }));
}

/** GET api/asset/listAssetLogs: the latest logs of one asset. */
export function useAssetLogs(assetId: number, max = 100) {
  return useQuery(endpointQuery(assetsApi.assetLogs, { query: { assetId, max_results: max } }));
}
