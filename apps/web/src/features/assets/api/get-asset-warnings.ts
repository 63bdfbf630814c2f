import { useQuery } from '@tanstack/react-query';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { ASSET_WARNINGS_POLL_MS } from '@cacifo/contract/polling';
import { endpointQuery } from '@/lib/endpoint-query';

/** GET api/asset/assetWarnings, polled every 15 s (SPEC §9) while the bell is shown. */
export function useAssetWarnings(enabled: boolean) {
  return useQuery(
    endpointQuery(
      assetsApi.warnings,
      {},
      { refetchInterval: ASSET_WARNINGS_POLL_MS, refetchIntervalInBackground: true, enabled },
    ),
  );
}
