import { queryOptions, useQuery } from '@tanstack/react-query';
import { ASSET_WARNINGS_POLL_MS } from '@cacifo/contract/polling';
import type { AssetWarning } from '@cacifo/contract/schemas/assets';
import { api } from '@/lib/api-client';
import { assetKeys } from './keys';

/** GET api/asset/assetWarnings, polled every 15 s (SPEC §9) while the bell is shown. */
export const assetWarningsQueryOptions = queryOptions({
  queryKey: assetKeys.warnings,
  queryFn: ({ signal }) => api.get<AssetWarning[]>('/api/asset/assetWarnings', { signal }),
  refetchInterval: ASSET_WARNINGS_POLL_MS,
  refetchIntervalInBackground: true,
});

export function useAssetWarnings(enabled: boolean) {
  return useQuery({ ...assetWarningsQueryOptions, enabled });
}
