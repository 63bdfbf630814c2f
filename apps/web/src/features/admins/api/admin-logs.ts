import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLogFilters, AdminLogList } from '@cacifo/contract/schemas/admin';
import { api } from '@/lib/api-client';

export interface AdminLogParams {
  max_results: number;
  offset: number;
  adminId?: number | undefined;
  action?: number[] | undefined;
  placeId?: number | undefined;
  createdAtInterval?: string | undefined;
}

export const adminLogKeys = {
  all: ['adminLogs'] as const,
  list: (p: AdminLogParams) => ['adminLogs', 'list', p] as const,
  filters: ['adminLogs', 'filters'] as const,
};

export const adminLogsQueryOptions = (params: AdminLogParams) =>
  queryOptions({
    queryKey: adminLogKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminLogList>('/api/admin/logs', {
        query: { ...params, action: params.action?.length ? params.action : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/logs: newest first, filtered and paged on the server. */
export function useAdminLogs(params: AdminLogParams) {
  return useQuery(adminLogsQueryOptions(params));
}

/** GET /api/admin/logs/filters: the admins and locations that appear in the log. */
export function useAdminLogFilters() {
  return useQuery({
    queryKey: adminLogKeys.filters,
    queryFn: ({ signal }) => api.get<AdminLogFilters>('/api/admin/logs/filters', { signal }),
    staleTime: 60_000,
  });
}
