import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MainSearchItem } from '@cacifo/contract';
import { api } from '@/lib/api-client';

export const mainSearchQueryOptions = queryOptions({
  queryKey: ['main-search'],
  queryFn: ({ signal }) => api.get<MainSearchItem[]>('/api/main-search/data', { signal }),
  staleTime: 5 * 60_000,
});

/** GET /api/main-search/data: the pages this role can search for. Loaded when the dialog opens. */
export function useMainSearch(enabled: boolean) {
  return useQuery({ ...mainSearchQueryOptions, enabled });
}
