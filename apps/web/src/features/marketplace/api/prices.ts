import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceType } from '@cacifo/contract/codes/transaction';
import type { CreatePricePack, PricePack } from '@cacifo/contract/schemas/marketplace';
import { api } from '@/lib/api-client';
import { marketplaceKeys } from './keys';

export const pricesQueryOptions = (type?: PriceType) =>
  queryOptions({
    queryKey: marketplaceKeys.prices(type),
    queryFn: ({ signal }) => api.get<PricePack[]>('/api/marketplace/prices', { signal, query: { type } }),
  });

/** GET api/marketplace/prices?type: the packs of one type (or all). */
export function usePricePacks(type?: PriceType) {
  return useQuery(pricesQueryOptions(type));
}

export type PricePackInput = CreatePricePack & { id?: number };

export function savePricePack(input: PricePackInput) {
  return input.id
    ? api.put<PricePack>('/api/marketplace/price', input)
    : api.post<PricePack>('/api/marketplace/price', input);
}

function useInvalidatePrices() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['marketplace', 'prices'] });
    void qc.invalidateQueries({ queryKey: marketplaceKeys.settings });
  };
}

export function useSavePricePack() {
  const invalidate = useInvalidatePrices();
  return useMutation({ mutationFn: savePricePack, onSuccess: invalidate });
}

export function useSetPricePackEnabled() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: (v: { id: number; enabled: boolean }) =>
      api.post<PricePack>('/api/marketplace/price/enabled', v),
    onSuccess: invalidate,
  });
}

export function useDeletePricePack() {
  const invalidate = useInvalidatePrices();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/api/marketplace/price/${id}`),
    onSuccess: invalidate,
  });
}
