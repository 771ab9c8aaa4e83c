/** Revision history of an article (written by the database on every save) and Restore. */
import { getBrowserClient } from '../../../../lib/supabase.ts';

export interface Revision {
  id: number;
  createdAt: string;
  editorId: string | null;
  title: string;
  excerpt: string;
  body: string;
  categoryIds: number[];
  /** This user's side of a collision that was not saved (issue 18), restorable like any other. */
  setAside: boolean;
}

export async function listRevisions(articleId: number): Promise<Revision[]> {
  const { data, error } = await getBrowserClient()
    .from('article_revisions')
    .select('id, created_at, editor_id, title, excerpt, body, category_ids, set_aside')
    .eq('article_id', articleId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw new Error(error.message);
  return data.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    editorId: r.editor_id,
    title: r.title,
    excerpt: r.excerpt ?? '',
    body: r.body ?? '',
    categoryIds: r.category_ids,
    setAside: r.set_aside,
  }));
}

export async function restoreRevision(id: number): Promise<void> {
  const { error } = await getBrowserClient().rpc('restore_article_revision', { p_revision_id: id });
  if (error) throw new Error(error.message);
}
