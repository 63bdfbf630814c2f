import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminLogsApi } from '@cacifo/contract/endpoints/admin-logs';
import { toolsApi } from '@cacifo/contract/endpoints/tools';
import type { ToolText } from '@cacifo/contract/schemas/content';
import { callEndpoint } from '@/lib/api-client';
import { areaKey, endpointKey, endpointQuery } from '@/lib/endpoint-query';

export function useToolTexts() {
  return useQuery(endpointQuery(toolsApi.texts));
}

export function useSaveToolTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      texts: Array<Pick<ToolText, 'key' | 'pt' | 'en' | 'es' | 'fr'>>;
      updatedAt: string | null;
    }) => callEndpoint(toolsApi.updateTexts, { body }),
    meta: { success: 'admins.tools.textsSaved' },
    onSuccess: (data) => queryClient.setQueryData(endpointKey(toolsApi.texts), data),
  });
}

export function useQrState() {
  return useQuery(endpointQuery(toolsApi.qr));
}

/** POST /api/admin/tools/refresh-qr: every kiosk QR changes (admin log 24). */
export function useRefreshQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(toolsApi.refreshQr, { body: { confirm: true } }),
    meta: { success: 'admins.tools.qrRefreshed' },
    onSuccess: (data) => {
      queryClient.setQueryData(endpointKey(toolsApi.qr), data);
      void queryClient.invalidateQueries({ queryKey: areaKey(adminLogsApi.list) });
    },
  });
}

/** POST /api/admin/tools/reset-data with the admin PIN (admin log 23): wrongPin, tooManyAttempts. */
export function useResetData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: string) => callEndpoint(toolsApi.resetData, { body: { pin, confirm: true } }),
    // The dialog shows a refusal beside the PIN it asked for.
    meta: {
      success: (r: { cleared: Record<string, number> }) => [
        'admins.tools.resetDone',
        { count: Object.values(r.cleared).reduce((a, b) => a + b, 0) },
      ],
      error: false,
    },
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
