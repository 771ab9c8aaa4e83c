import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';

export interface CategoryChoice {
  id: number;
  name: string;
}

/** The category filter's choices, by name (spec §7's categories read). */
export async function listCategories(): Promise<CategoryChoice[]> {
  const { data, error } = await getBrowserClient().from('categories').select('id, name').order('name');
  if (error) throw new Error(ARTICLE_FORM.categoriesFailed);
  return data;
}
