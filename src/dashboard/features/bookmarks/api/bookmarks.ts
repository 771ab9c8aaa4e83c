/**
 * The signed-in user's bookmarks with the article and its author (spec §7): the articles by
 * embed, the authors from the public staff profiles in one more read.
 */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

export interface BookmarkedArticle {
  articleId: number;
  title: string;
  slug: string;
  excerpt: string | null;
  bookmarkedAt: string;
  authorName: string | null;
}

export async function listBookmarks(userId: string): Promise<BookmarkedArticle[]> {
  const supabase = getBrowserClient();
  const { data, error } = await supabase
    .from('bookmarks')
    .select('article_id, created_at, articles_meta(id, title, excerpt, slug, author_id)')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  const rows = data.filter((b) => b.articles_meta);
  const authorIds = [...new Set(rows.map((b) => b.articles_meta!.author_id).filter((id): id is string => !!id))];
  const names = new Map<string, string | null>();
  if (authorIds.length) {
    const authors = await supabase.from('profiles').select('id, display_name').in('id', authorIds);
    if (authors.error) throw new Error(authors.error.message);
    for (const a of authors.data) names.set(a.id, a.display_name);
  }
  return rows.map((b) => ({
    articleId: b.article_id,
    title: b.articles_meta!.title,
    slug: b.articles_meta!.slug,
    excerpt: b.articles_meta!.excerpt,
    bookmarkedAt: b.created_at,
    authorName: names.get(b.articles_meta!.author_id ?? '') ?? null,
  }));
}

export async function removeBookmark(userId: string, articleId: number): Promise<void> {
  const { error } = await getBrowserClient()
    .from('bookmarks')
    .delete()
    .eq('user_id', userId)
    .eq('article_id', articleId);
  if (error) throw new Error(error.message);
}
