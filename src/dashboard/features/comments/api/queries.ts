/** TanStack Query hooks of Comments Moderation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listModerationComments, type CommentStatus } from './list-moderation-comments.ts';
import { setCommentStatus } from './set-comment-status.ts';

const commentKeys = { moderation: ['comments', 'moderation'] as const };

export function useModerationComments() {
  return useQuery({ queryKey: commentKeys.moderation, queryFn: listModerationComments });
}

export function useSetCommentStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: CommentStatus }) => setCommentStatus(id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: commentKeys.moderation }),
  });
}
