import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

/** Makes one article the main one: clearing the old and setting the new is one RPC (atomic). */
export async function setMainArticle(id: number): Promise<void> {
  const { error } = await getBrowserClient().rpc('set_main_article', { p_article_id: id });
  if (error) throw new Error(error.message);
}
