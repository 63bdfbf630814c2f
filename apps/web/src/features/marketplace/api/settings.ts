import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketplaceSettings, MarketplaceSettingsReply } from '@cacifo/contract/schemas/marketplace';
import { api } from '@/lib/api-client';
import { marketplaceKeys } from './keys';

export const settingsQueryOptions = queryOptions({
  queryKey: marketplaceKeys.settings,
  queryFn: ({ signal }) => api.get<MarketplaceSettingsReply>('/api/marketplace/settings', { signal }),
});

/** GET api/marketplace/settings: hours, safe and pending time, IVA, captive deposit, free mode. */
export function useMarketplaceSettings() {
  return useQuery(settingsQueryOptions);
}

export function saveSettings(body: MarketplaceSettings) {
  return api.put<MarketplaceSettingsReply>('/api/marketplace/settings', body);
}

/** PUT api/marketplace/settings; a new IVA re-derives every pack's net price, so packs refresh too. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (data) => {
      qc.setQueryData(marketplaceKeys.settings, data);
      void qc.invalidateQueries({ queryKey: ['marketplace', 'prices'] });
    },
  });
}
