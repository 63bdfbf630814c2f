import { useQuery } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { endpointQuery } from '@/lib/endpoint-query';

/** GET api/asset/assetKpis/{id}: uses over 15/30/365 days and the daily comparison. */
export function useAssetKpis(assetId: number) {
  return useQuery(endpointQuery(assetsApi.kpis, { params: { id: assetId } }));
}
