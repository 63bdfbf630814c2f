import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import type { MarketplaceSettings } from '@cacifo/contract/schemas/marketplace';
import { callEndpoint } from '@/lib/api-client';
import { endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';

const settingsQueryOptions = endpointQuery(marketplaceApi.settings);

/** GET api/marketplace/settings: hours, safe and pending time, IVA, captive deposit, free mode. */
export function useMarketplaceSettings() {
  return useQuery(settingsQueryOptions);
}

function saveSettings(body: MarketplaceSettings & { updatedAt: string | null }) {
  return callEndpoint(marketplaceApi.updateSettings, { body });
}

/** PUT api/marketplace/settings; a new IVA re-derives every pack's net price, so packs refresh too. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    meta: { success: 'marketplace.saved.settings', error: 'marketplace.errors.settingsSave' },
    onSuccess: (data) => {
      qc.setQueryData(settingsQueryOptions.queryKey, data);
      void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.prices) });
    },
  });
}
