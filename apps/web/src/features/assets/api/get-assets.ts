import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';
import { endpointQuery } from '@/lib/endpoint-query';
import { assetsAreaKey, type AssetsListQuery } from './keys';

/** GET api/asset/listAssets: one server page of assets with the total. */
export function useAssets(query: AssetsListQuery) {
  return useQuery(endpointQuery(assetsApi.list, { query }, { placeholderData: keepPreviousData }));
}

/** The query of one asset (GET api/asset/asset?assetId), for reads and invalidation. */
export const assetQueryOptions = (id: number) =>
  endpointQuery(assetsApi.asset, { query: { assetId: id } }, { enabled: Number.isInteger(id) && id > 0 });

export function useAsset(id: number) {
  return useQuery(assetQueryOptions(id));
}

// A locker changing (door closed after storage, tag seen) can move an asset: refresh what is shown.
onRealtimeMessage('PlacesChanged', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: assetsAreaKey });
});
realtimeTopicsWhileShown(assetsAreaKey, [REALTIME_TOPIC.DOORS, REALTIME_TOPIC.ASSETS]);
// An asset created, edited, enabled or given to people here or in another tab (issue #27).
onRealtimeMessage('RefreshAssets', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: assetsAreaKey });
});
