import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import type { CategoryOption } from '../../../shared/rules/article-rules.ts';

/** Categories for the picker: id, name, parent_id, menu_order ordered by name (spec §7). */
export async function getCategories(): Promise<(CategoryOption & { menu_order: number | null })[]> {
  const { data, error } = await getBrowserClient()
    .from('categories')
    .select('id, name, parent_id, menu_order')
    .order('name');
  if (error) throw new Error(ARTICLE_FORM.categoriesFailed);
  return data;
}
