import { useQuery } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { endpointQuery } from '@/lib/endpoint-query';

/** GET api/asset/listUserAssets: the assets a locker user may retrieve (as its user or through a group). */
export function useUserAssets(userId: number, enabled: boolean) {
  return useQuery(endpointQuery(assetsApi.userAssets, { query: { userId } }, { enabled }));
}
