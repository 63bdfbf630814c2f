import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QrState, ResetDataReply, SmsList, ToolText } from '@cacifo/contract/schemas/content';
import { api } from '@/lib/api-client';

export const toolKeys = {
  texts: ['tools', 'texts'] as const,
  qr: ['tools', 'qr'] as const,
  sms: (p: SmsParams) => ['tools', 'sms', p] as const,
};

export interface SmsParams {
  max_results: number;
  offset: number;
  status?: 'pending' | 'sent' | 'failed' | undefined;
}

export function useToolTexts() {
  return useQuery({
    queryKey: toolKeys.texts,
    queryFn: ({ signal }) => api.get<ToolText[]>('/api/admin/tools/texts', { signal }),
  });
}

export function useSaveToolTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: Array<Pick<ToolText, 'key' | 'pt' | 'en' | 'es' | 'fr'>>) =>
      api.put<ToolText[]>('/api/admin/tools/texts', { texts }),
    onSuccess: (data) => queryClient.setQueryData(toolKeys.texts, data),
  });
}

export function useQrState() {
  return useQuery({
    queryKey: toolKeys.qr,
    queryFn: ({ signal }) => api.get<QrState>('/api/admin/tools/qr', { signal }),
  });
}

/** POST /api/admin/tools/refresh-qr: every kiosk QR changes (admin log 24). */
export function useRefreshQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<QrState>('/api/admin/tools/refresh-qr', { confirm: true }),
    onSuccess: (data) => {
      queryClient.setQueryData(toolKeys.qr, data);
      void queryClient.invalidateQueries({ queryKey: ['adminLogs'] });
    },
  });
}

/** POST /api/admin/tools/reset-data with the admin PIN (admin log 23): wrongPin, tooManyAttempts. */
export function useResetData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: string) =>
      api.post<ResetDataReply>('/api/admin/tools/reset-data', { pin, confirm: true }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** GET /api/admin/tools/sms: the notifier outbox, polled so new messages show up while watching. */
export function useSmsOutbox(params: SmsParams) {
  return useQuery({
    queryKey: toolKeys.sms(params),
    queryFn: ({ signal }) => api.get<SmsList>('/api/admin/tools/sms', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
