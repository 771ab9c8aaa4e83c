/** Archived Articles (admins): one page of the list, newest archive first, and Restore. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { pageRange, type ListPage } from '../../../shared/paging/paging.ts';

interface ArchivedArticle {
  id: number;
  title: string;
  slug: string;
  archivedAt: string;
}

/** A title search as an `ilike` pattern: the term anywhere, `%`, `_` and `\` taken literally. */
function titlePattern(term: string): string | null {
  const t = term.trim();
  return t ? `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * One page of archived articles whose title holds `search`, newest archive first, with how many
 * match in all; paged and searched in the database (the archive holds thousands in a second year).
 */
async function listArchived(search: string, page: number): Promise<ListPage<ArchivedArticle>> {
  let query = getBrowserClient()
    .from('articles_meta')
    .select('id, title, slug, archived_at', { count: 'exact' })
    .not('archived_at', 'is', null)
    .order('archived_at', { ascending: false })
    .order('id', { ascending: false });
  const pattern = titlePattern(search);
  if (pattern) query = query.ilike('title', pattern);
  const { data, error, count } = await query.range(...pageRange(page));
  if (error) throw new Error(error.message);
  return {
    total: count ?? data.length,
    rows: data.map((r) => ({ id: r.id, title: r.title, slug: r.slug, archivedAt: r.archived_at! })),
  };
}

/** Clears archived_at and archived_by; only admins may (a database trigger says so too). */
async function restoreArticle(id: number): Promise<void> {
  const { data, error } = await getBrowserClient()
    .from('articles_meta')
    .update({ archived_at: null, archived_by: null })
    .eq('id', id)
    .select('id');
  if (error) throw new Error(error.message);
  if (!data.length) throw new Error('');
}

export function useArchived(search: string, page: number) {
  return useQuery({
    queryKey: ['archive', search.trim(), page],
    queryFn: () => listArchived(search, page),
    placeholderData: keepPreviousData,
  });
}

export function useRestoreArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreArticle,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['archive'] });
      await client.invalidateQueries({ queryKey: ['articles'] });
    },
  });
}
