import { TABLE_NOT_FOUND, buildReadError, getBuildClient } from './supabase.ts';

export interface ArticleListItem {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  published_at: string | null;
}

/**
 * The newest published, non-archived articles (by published_at, then created_at, as everywhere on
 * the site), for the home page at build time. While the schema
 * is not there yet (PGRST205) the list is empty rather than the build failing; any other error
 * (API down, bad key) fails the build, so a broken build never replaces a good site with an empty one.
 */
export async function getLatestArticles(limit = 20): Promise<ArticleListItem[]> {
  const { data, error } = await getBuildClient()
    .from('articles_meta')
    .select('id, title, slug, excerpt, published_at')
    .eq('status', 'published')
    .is('archived_at', null)
    .order('published_at', { ascending: false, nullsFirst: false })
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) {
    if (error.code === TABLE_NOT_FOUND) return [];
    throw buildReadError('the latest articles', error);
  }
  return (data ?? []) as ArticleListItem[];
}
