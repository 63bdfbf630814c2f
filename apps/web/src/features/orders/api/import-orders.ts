import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { uploadToEndpoint } from '@/lib/api-client';
import { orderKeys } from './keys';

export const usePreviewImport = () =>
  useMutation({ mutationFn: (file: File) => uploadToEndpoint(ordersApi.importPreview, file) });

export function useSubmitImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadToEndpoint(ordersApi.importOrders, file),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
