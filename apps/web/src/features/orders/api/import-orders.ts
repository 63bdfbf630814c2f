import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { ImportResult } from '@cacifo/contract/schemas/orders';
import { uploadToEndpoint } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { orderKeys } from './keys';

/**
 * One upload of the import page: the file, the person's column mapping (one field or '' per file
 * column; none: the server matches the headers by name) and the id its progress is read under.
 */
export interface ImportUpload {
  file: File;
  columns: readonly string[] | null;
  progressId: string;
}

const uploadQuery = (u: ImportUpload) => ({
  progress: u.progressId,
  ...(u.columns ? { columns: u.columns.join(',') } : {}),
});

export const usePreviewImport = () =>
  useMutation({
    mutationFn: (u: ImportUpload) => uploadToEndpoint(ordersApi.importPreview, u.file, uploadQuery(u)),
    // What is wrong with the file is shown on the page, above the mapping step.
    meta: { error: false },
  });

export function useSubmitImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (u: ImportUpload) => uploadToEndpoint(ordersApi.importOrders, u.file, uploadQuery(u)),
    meta: {
      success: (r: ImportResult) =>
        ['orders.import.done', { created: r.created, skipped: r.skipped, invalid: r.invalid }] as const,
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Rows read, checked and written of the upload under way; polled only while one runs. */
export const useImportProgress = (progressId: string, running: boolean) =>
  useQuery(
    endpointQuery(
      ordersApi.importProgress,
      { query: { id: progressId } },
      { enabled: running, refetchInterval: running ? 300 : false, gcTime: 0 },
    ),
  );
