/** TanStack Query hooks of the article form. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getArticle } from './get-article.ts';
import { getCategories } from './get-categories.ts';
import { listRevisions, restoreRevision } from './revisions.ts';
import { saveArticle, type ArticleInput } from './save-article.ts';
import { listStaff } from '../../articles/api/list-staff.ts';

export const formKeys = {
  categories: ['categories'] as const,
  article: (id: number) => ['article', id] as const,
  revisions: (id: number) => ['revisions', id] as const,
};

export function useCategories() {
  return useQuery({ queryKey: formKeys.categories, queryFn: getCategories, staleTime: 5 * 60_000 });
}

export function useArticle(id: number | null) {
  return useQuery({
    queryKey: formKeys.article(id ?? 0),
    queryFn: () => getArticle(id!),
    enabled: id !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export function useSaveArticle(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleInput) => saveArticle(id, input),
    onSuccess: async (saved) => {
      // Stale but not refetched now: the form stays as saved until it redirects.
      await client.invalidateQueries({ queryKey: formKeys.article(saved.id), refetchType: 'none' });
      await client.invalidateQueries({ queryKey: ['articles'] });
      await client.invalidateQueries({ queryKey: formKeys.revisions(saved.id) });
    },
  });
}

export function useRevisions(id: number) {
  return useQuery({ queryKey: formKeys.revisions(id), queryFn: () => listRevisions(id) });
}

/** Names for "who" in the history (staff only; a failure gives no names, not an error). */
export function useStaffNames() {
  return useQuery({ queryKey: ['staff'], queryFn: listStaff, staleTime: 60_000 });
}

export function useRestoreRevision(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreRevision,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: formKeys.revisions(articleId) });
      await client.invalidateQueries({ queryKey: formKeys.article(articleId) });
      await client.invalidateQueries({ queryKey: ['articles'] });
    },
  });
}
