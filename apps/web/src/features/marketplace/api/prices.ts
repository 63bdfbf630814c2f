import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import type { CreatePricePack, ListPricePacksQuery } from '@cacifo/contract/schemas/marketplace';
import { callEndpoint } from '@/lib/api-client';
import { endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';

/** GET api/marketplace/prices?type: the packs of one type (or all), filtered and sorted by the server. */
export function usePricePacks(query: ListPricePacksQuery = {}) {
  return useQuery(endpointQuery(marketplaceApi.prices, { query }, { placeholderData: keepPreviousData }));
}

/** `updatedAt`: the pack as the editor read it (edits only; docs/adr/0027). */
type PricePackInput = CreatePricePack & { id?: number; updatedAt?: string };

function savePricePack({ id, updatedAt, ...body }: PricePackInput) {
  return id
    ? callEndpoint(marketplaceApi.updatePrice, { body: { ...body, id, updatedAt: updatedAt ?? '' } })
    : callEndpoint(marketplaceApi.createPrice, { body });
}

/** Packs changed: every list of packs, and the settings (they show the highest active price). */
function useInvalidatePrices() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.prices) });
    void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.settings) });
  };
}

export function useSavePricePack() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: savePricePack,
    meta: { success: 'marketplace.saved.price', error: 'marketplace.errors.priceSave' },
    onSuccess: invalidate,
  });
}

export function useSetPricePackEnabled() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: (body: { id: number; enabled: boolean }) =>
      callEndpoint(marketplaceApi.setPriceEnabled, { body }),
    meta: { success: 'marketplace.saved.price', error: 'marketplace.errors.priceSave' },
    onSuccess: invalidate,
  });
}

export function useDeletePricePack() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(marketplaceApi.deletePrice, { params: { id } }),
    meta: { success: 'marketplace.saved.priceDeleted', error: 'marketplace.errors.priceDelete' },
    onSuccess: invalidate,
  });
}
