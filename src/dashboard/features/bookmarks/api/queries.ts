/** TanStack Query hooks of the staff Bookmarks view. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listBookmarks, removeBookmark } from './bookmarks.ts';

const key = (userId: string) => ['bookmarks', userId] as const;

export function useBookmarks(userId: string) {
  return useQuery({ queryKey: key(userId), queryFn: () => listBookmarks(userId) });
}

export function useRemoveBookmark(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (articleId: number) => removeBookmark(userId, articleId),
    onSuccess: () => client.invalidateQueries({ queryKey: key(userId) }),
  });
}
