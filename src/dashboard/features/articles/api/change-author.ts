import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

/** Gives an article another author (admins only: RLS refuses everyone else). */
export async function changeAuthor(id: number, authorId: string): Promise<void> {
  const { data, error } = await getBrowserClient()
    .from('articles_meta')
    .update({ author_id: authorId })
    .eq('id', id)
    .select('id');
  if (error) throw new Error(error.message);
  if (!data.length) throw new Error('');
}
