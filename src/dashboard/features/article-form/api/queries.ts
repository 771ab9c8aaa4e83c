/** TanStack Query hooks of the article form. */
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getArticle } from './get-article.ts';
import { getCategories } from './get-categories.ts';
import { listRevisions, restoreRevision } from './revisions.ts';
import { HEARTBEAT_MS, heartbeat, leave, leaveOnUnload } from './presence.ts';
import { SaveNetworkError, saveArticle, type SaveRequest } from './save-article.ts';

const formKeys = {
  categories: ['categories'] as const,
  article: (id: number) => ['article', id] as const,
  revisions: (id: number) => ['revisions', id] as const,
  presence: (id: number) => ['presence', id] as const,
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

export function useSaveArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (req: SaveRequest) => saveArticle(req),
    // A save whose answer was lost is sent again with the same key: applied at most once.
    retry: (failures, error) => failures < 2 && error instanceof SaveNetworkError,
    retryDelay: 1000,
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

/**
 * The form's heartbeat: marks this user on the article every 20 s (also in a background tab) and
 * answers who else is editing. Closing the form removes the mark.
 */
export function usePresence(articleId: number | null) {
  const query = useQuery({
    queryKey: formKeys.presence(articleId ?? 0),
    queryFn: () => heartbeat(articleId!),
    enabled: articleId !== null,
    refetchInterval: HEARTBEAT_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    if (articleId === null) return;
    const unload = () => leaveOnUnload(articleId);
    window.addEventListener('pagehide', unload);
    return () => {
      window.removeEventListener('pagehide', unload);
      void leave(articleId);
    };
  }, [articleId]);
  return query.data ?? [];
}
