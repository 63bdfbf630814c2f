import { useQuery } from '@tanstack/react-query';
import { shellApi } from '@cacifo/contract/endpoints/shell';
import { endpointQuery } from '@/lib/endpoint-query';

export const bookmarksQueryOptions = endpointQuery(shellApi.bookmarks, {}, { staleTime: 60_000 });

/** GET /api/search/bookmarks/data: every page this role may open, with its starred flag. */
export function useBookmarks() {
  return useQuery(bookmarksQueryOptions);
}
