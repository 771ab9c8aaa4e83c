/** Archived Articles (admins): the list, newest archive first, and Restore. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

interface ArchivedArticle {
  id: number;
  title: string;
  slug: string;
  archivedAt: string;
}

/** The most recent archived articles; the archive is a recovery tool, not a browser. */
const ARCHIVE_LIMIT = 100;

async function listArchived(): Promise<ArchivedArticle[]> {
  const { data, error } = await getBrowserClient()
    .from('articles_meta')
    .select('id, title, slug, archived_at')
    .not('archived_at', 'is', null)
    .order('archived_at', { ascending: false })
    .limit(ARCHIVE_LIMIT);
  if (error) throw new Error(error.message);
  return data.map((r) => ({ id: r.id, title: r.title, slug: r.slug, archivedAt: r.archived_at! }));
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

export function useArchived() {
  return useQuery({ queryKey: ['archive'], queryFn: listArchived });
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
