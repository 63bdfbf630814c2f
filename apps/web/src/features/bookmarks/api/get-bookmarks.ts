import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookmarksReply } from '@cacifo/contract';
import { api } from '@/lib/api-client';

export const bookmarksQueryOptions = queryOptions({
  queryKey: ['bookmarks'],
  queryFn: ({ signal }) => api.get<BookmarksReply>('/api/search/bookmarks/data', { signal }),
  staleTime: 60_000,
});

/** GET /api/search/bookmarks/data: every page this role may open, with its starred flag. */
export function useBookmarks() {
  return useQuery(bookmarksQueryOptions);
}
