import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookmarksReply, UpdateBookmarkRequest } from '@cacifo/contract';
import { STARRED_BOOKMARKS_MAX } from '@cacifo/contract/bookmarks';
import { shellApi } from '@cacifo/contract/endpoints/shell';
import { callEndpoint } from '@/lib/api-client';
import { bookmarksQueryOptions } from './get-bookmarks';

function updateBookmark(obj: UpdateBookmarkRequest['obj']): Promise<BookmarksReply> {
  return callEndpoint(shellApi.updateBookmark, { body: { obj } });
}

/** POST api/update/bookmarks: star or unstar; the reply is the new list, so no refetch is needed. */
export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookmark,
    // The server's word for a full bar is the bar's own limit.
    meta: { codes: { ruleBroken: () => ['bookmarks.limit', { max: STARRED_BOOKMARKS_MAX }] } },
    onSuccess: (data) => queryClient.setQueryData(bookmarksQueryOptions.queryKey, data),
  });
}
