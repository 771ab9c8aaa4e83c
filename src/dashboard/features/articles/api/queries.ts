/** TanStack Query hooks of My Articles; each mutation invalidates exactly what it changes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { archiveArticle } from './archive-article.ts';
import { changeAuthor } from './change-author.ts';
import { countArticles, listArticles, type ArticleQuery } from './list-articles.ts';
import { listCategories } from './list-categories.ts';
import { setMainArticle } from './set-main-article.ts';

const articleKeys = {
  all: ['articles'] as const,
  page: (q: ArticleQuery) => ['articles', 'page', q] as const,
  total: ['articles', 'total'] as const,
  categories: ['categories', 'choices'] as const,
};

export function useArticlePage(q: ArticleQuery) {
  return useQuery({
    queryKey: articleKeys.page(q),
    queryFn: () => listArticles(q),
    placeholderData: keepPreviousData,
  });
}

export function useCategoryChoices() {
  return useQuery({ queryKey: articleKeys.categories, queryFn: listCategories, staleTime: 5 * 60_000 });
}

export function useArticleTotal() {
  return useQuery({ queryKey: articleKeys.total, queryFn: countArticles });
}

export function useArchiveArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: archiveArticle,
    onSuccess: () =>
      client
        .invalidateQueries({ queryKey: ['articles'] })
        .then(() => client.invalidateQueries({ queryKey: ['archive'] })),
  });
}

export function useSetMainArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMainArticle,
    onSuccess: () => client.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

export function useChangeAuthor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, authorId }: { id: number; authorId: string }) => changeAuthor(id, authorId),
    onSuccess: () => client.invalidateQueries({ queryKey: articleKeys.all }),
  });
}
