import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '@cacifo/contract/schemas/orders';
import { ApiError } from '@/lib/api-client';
import { endSession, getSession } from '@/lib/session';
import { orderKeys } from './keys';

/**
 * Multipart upload of an orders file. The JSON api client cannot send files, so this one call
 * talks to fetch itself, with the same envelope rules (ResultCode 1 or an ApiError with the code).
 */
async function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getSession()?.accessToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('internalError', 0);
  }
  const reply = (await res.json().catch(() => ({}))) as {
    ResultCode?: number;
    Data?: unknown;
    Description?: string;
  };
  if (res.status === 401) {
    endSession('expired');
    throw new ApiError('sessionExpired', 401);
  }
  if (reply.ResultCode !== 1)
    throw new ApiError(reply.Description || 'internalError', res.status, reply.Data);
  return reply.Data as T;
}

export const usePreviewImport = () =>
  useMutation({
    mutationFn: (file: File) => upload<ImportPreview>('/api/delivery/importOrders/preview', file),
  });

export function useSubmitImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => upload<ImportResult>('/api/delivery/importOrders', file),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
