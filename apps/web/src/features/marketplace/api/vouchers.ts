import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import type { CreateVoucher, ListVouchersQuery } from '@cacifo/contract/schemas/marketplace';
import { callEndpoint } from '@/lib/api-client';
import { endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

/** GET api/marketplace/vouchers, with each voucher's uses: filtered and sorted by the server. */
export function useVouchers(query: ListVouchersQuery = {}) {
  return useQuery(endpointQuery(marketplaceApi.vouchers, { query }, { placeholderData: keepPreviousData }));
}

// A paid rental may have used a voucher: its uses change with the transactions.
onRealtimeMessage('UpdateTransactions', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.vouchers) });
});
realtimeTopicsWhileShown(endpointKeyPrefix(marketplaceApi.vouchers), [REALTIME_TOPIC.TRANSACTIONS]);

/** `updatedAt`: the voucher as the editor read it (edits only; docs/adr/0027). */
type VoucherInput = CreateVoucher & { id?: number; updatedAt?: string };

function saveVoucher({ id, updatedAt, ...body }: VoucherInput) {
  return id
    ? callEndpoint(marketplaceApi.updateVoucher, { body: { ...body, id, updatedAt: updatedAt ?? '' } })
    : callEndpoint(marketplaceApi.createVoucher, { body });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: endpointKeyPrefix(marketplaceApi.vouchers) });
}

export function useSaveVoucher() {
  return useMutation({
    mutationFn: saveVoucher,
    meta: { success: 'marketplace.saved.voucher', error: 'marketplace.errors.voucherSave' },
    onSuccess: useInvalidate(),
  });
}

export function useSetVoucherEnabled() {
  return useMutation({
    mutationFn: (body: { id: number; enabled: boolean }) =>
      callEndpoint(marketplaceApi.setVoucherEnabled, { body }),
    meta: { error: 'marketplace.errors.voucherSave' },
    onSuccess: useInvalidate(),
  });
}

export function useDeleteVoucher() {
  return useMutation({
    mutationFn: (id: number) => callEndpoint(marketplaceApi.deleteVoucher, { params: { id } }),
    meta: { success: 'marketplace.saved.voucherDeleted', error: 'marketplace.errors.voucherDelete' },
    onSuccess: useInvalidate(),
  });
}
