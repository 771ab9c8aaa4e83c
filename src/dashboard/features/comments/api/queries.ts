/** TanStack Query hooks of Comments Moderation. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countModerationComments,
  listModerationComments,
  type CommentQuery,
  type CommentStatus,
} from './list-moderation-comments.ts';
import { moderateComments } from './moderate-comments.ts';

const commentKeys = {
  all: ['comments', 'moderation'] as const,
  page: (q: CommentQuery) => ['comments', 'moderation', 'page', q] as const,
  counts: (articleId: number | null) => ['comments', 'moderation', 'counts', articleId] as const,
};

export function useModerationPage(q: CommentQuery) {
  return useQuery({
    queryKey: commentKeys.page(q),
    queryFn: () => listModerationComments(q),
    // Another page of the same tab stays on screen while it loads; another tab never shows the
    // last one's comments (a Select all would pick those).
    placeholderData: (previous, query) => {
      const before = query?.queryKey[3];
      return before && before.status === q.status && before.articleId === q.articleId
        ? keepPreviousData(previous)
        : undefined;
    },
  });
}

export function useModerationCounts(articleId: number | null) {
  return useQuery({ queryKey: commentKeys.counts(articleId), queryFn: () => countModerationComments(articleId) });
}

/** One request for one comment or a page of them; the pages and the tab counts follow. */
export function useModerateComments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: CommentStatus }) => moderateComments(ids, status),
    onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.all }),
  });
}
