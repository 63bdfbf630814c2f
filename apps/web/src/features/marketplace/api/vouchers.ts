import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVoucher, Voucher } from '@cacifo/contract/schemas/marketplace';
import { api } from '@/lib/api-client';
import { marketplaceKeys } from './keys';

export const vouchersQueryOptions = queryOptions({
  queryKey: marketplaceKeys.vouchers,
  queryFn: ({ signal }) => api.get<Voucher[]>('/api/marketplace/vouchers', { signal }),
});

/** GET api/marketplace/vouchers, with each voucher's uses. */
export function useVouchers() {
  return useQuery(vouchersQueryOptions);
}

export type VoucherInput = CreateVoucher & { id?: number };

export function saveVoucher(input: VoucherInput) {
  return input.id
    ? api.put<Voucher>('/api/marketplace/voucher', input)
    : api.post<Voucher>('/api/marketplace/voucher', input);
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: marketplaceKeys.vouchers });
}

export function useSaveVoucher() {
  return useMutation({ mutationFn: saveVoucher, onSuccess: useInvalidate() });
}

export function useSetVoucherEnabled() {
  return useMutation({
    mutationFn: (v: { id: number; enabled: boolean }) =>
      api.post<Voucher>('/api/marketplace/voucher/enabled', v),
    onSuccess: useInvalidate(),
  });
}

export function useDeleteVoucher() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/api/marketplace/voucher/${id}`),
    onSuccess: useInvalidate(),
  });
}
