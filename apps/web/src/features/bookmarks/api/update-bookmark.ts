import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookmarksReply, UpdateBookmarkRequest } from '@cacifo/contract';
import { api } from '@/lib/api-client';
import { bookmarksQueryOptions } from './get-bookmarks';

export function updateBookmark(obj: UpdateBookmarkRequest['obj']): Promise<BookmarksReply> {
  return api.post<BookmarksReply>('/api/update/bookmarks', { obj } satisfies UpdateBookmarkRequest);
}

/** POST api/update/bookmarks: star or unstar; the reply is the new list, so no refetch is needed. */
export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookmark,
    onSuccess: (data) => queryClient.setQueryData(bookmarksQueryOptions.queryKey, data),
  });
}
