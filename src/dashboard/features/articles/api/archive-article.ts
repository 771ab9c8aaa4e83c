import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

/**
 * Archives an article (spec §4). archived_by is stamped by the database from the caller,
 * whatever is sent; RLS lets authors archive only their own. An update that matched no row
 * (not allowed) is an error too, not a silent success.
 */
export async function archiveArticle(id: number): Promise<void> {
  const { data, error } = await getBrowserClient()
    .from('articles_meta')
    .update({ archived_at: new Date().toISOString() })
    .eq('id', id)
    .select('id');
  if (error) throw new Error(error.message);
  if (!data.length) throw new Error('');
}
