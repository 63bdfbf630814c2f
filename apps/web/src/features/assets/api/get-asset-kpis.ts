import { useQuery } from '@tanstack/react-query';
import type { AssetKpis } from '@cacifo/contract/schemas/assets';
import { api } from '@/lib/api-client';
import { assetKeys } from './keys';

/** GET api/asset/assetKpis/{id}: uses over 15/30/365 days and the daily comparison. */
export function useAssetKpis(assetId: number) {
  return useQuery({
    queryKey: assetKeys.kpis(assetId),
    queryFn: ({ signal }) => api.get<AssetKpis>(`/api/asset/assetKpis/${assetId}`, { signal }),
  });
}
