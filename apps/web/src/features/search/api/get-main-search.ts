import { useQuery } from '@tanstack/react-query';
import { shellApi } from '@cacifo/contract/endpoints/shell';
import { endpointQuery } from '@/lib/endpoint-query';

const mainSearchQueryOptions = endpointQuery(shellApi.search, {}, { staleTime: 5 * 60_000 });

/** GET /api/main-search/data: the pages this role can search for. Loaded when the dialog opens. */
export function useMainSearch(enabled: boolean) {
  return useQuery({ ...mainSearchQueryOptions, enabled });
}
