import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetLog, ListAssetsLogsReply } from '@cacifo/contract/schemas/assets';
import { api } from '@/lib/api-client';
import { assetKeys, type AssetsLogsParams } from './keys';

export const assetsLogsQueryOptions = (params: AssetsLogsParams) =>
  queryOptions({
    queryKey: assetKeys.logs(params),
    queryFn: ({ signal }) =>
      api.get<ListAssetsLogsReply>('/api/asset/listAssetsLogs', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET api/asset/listAssetsLogs: a server page of every asset's logs (Data.logs, Data.totalLogs). */
export function useAssetsLogs(params: AssetsLogsParams) {
  return useQuery(assetsLogsQueryOptions(params));
}

/** GET api/asset/listAssetLogs: the latest logs of one asset. */
export function useAssetLogs(assetId: number, max = 100) {
  return useQuery({
    queryKey: assetKeys.assetLogs(assetId, max),
    queryFn: ({ signal }) =>
      api.get<AssetLog[]>('/api/asset/listAssetLogs', { query: { assetId, max_results: max }, signal }),
  });
}
