import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Asset, ListAssetsReply } from '@cacifo/contract/schemas/assets';
import { onRealtimeMessage } from '@/lib/realtime';
import { api } from '@/lib/api-client';
import { assetKeys, type AssetsListParams } from './keys';

export const assetsQueryOptions = (params: AssetsListParams) =>
  queryOptions({
    queryKey: assetKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ListAssetsReply>('/api/asset/listAssets', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET api/asset/listAssets: one server page of assets with the total. */
export function useAssets(params: AssetsListParams) {
  return useQuery(assetsQueryOptions(params));
}

export const assetQueryOptions = (id: number) =>
  queryOptions({
    queryKey: assetKeys.one(id),
    queryFn: ({ signal }) => api.get<Asset>('/api/asset/asset', { query: { assetId: id }, signal }),
  });

/** GET api/asset/asset?assetId. */
export function useAsset(id: number) {
  return useQuery({ ...assetQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

// A locker changing (door closed after storage, tag seen) can move an asset: refresh what is shown.
onRealtimeMessage('LockerUpdate', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: assetKeys.all });
});
