import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@cacifo/contract/endpoint';
import { adminLogsApi } from '@cacifo/contract/endpoints/admin-logs';
import { endpointQuery } from '@/lib/endpoint-query';

export type AdminLogQuery = NonNullable<CallInput<typeof adminLogsApi.list>['query']>;

const adminLogsQueryOptions = (query: AdminLogQuery) =>
  endpointQuery(adminLogsApi.list, { query }, { placeholderData: keepPreviousData });

/** GET /api/admin/logs: newest first, filtered and paged on the server. */
export function useAdminLogs(query: AdminLogQuery) {
  return useQuery(adminLogsQueryOptions(query));
}

/** GET /api/admin/logs/filters: the admins and locations that appear in the log. */
export function useAdminLogFilters() {
  return useQuery(endpointQuery(adminLogsApi.filters, {}, { staleTime: 60_000 }));
}
