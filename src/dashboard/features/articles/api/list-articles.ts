/** One page of My Articles, searched and paged in the database (`dashboard_articles`). */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

export const PAGE_SIZE = 20;

export interface ArticleRow {
  id: number;
  title: string;
  slug: string;
  status: string;
  publishedAt: string | null;
  createdAt: string;
  isMain: boolean;
  authorId: string | null;
  authorName: string | null;
  categoryNames: string[];
  /** Other staff with this article's form open now (issue 18), read in the same query. */
  editingNames: string[];
}

export interface ArticlePage {
  rows: ArticleRow[];
  /** Articles matching the search (all of the caller's articles when the search is empty). */
  matching: number;
}

export async function listArticles(search: string, page: number): Promise<ArticlePage> {
  const { data, error } = await getBrowserClient().rpc('dashboard_articles', {
    p_search: search,
    p_limit: PAGE_SIZE,
    p_offset: page * PAGE_SIZE,
  });
  if (error) throw new Error(error.message);
  return {
    matching: data[0]?.total_count ?? 0,
    rows: data.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status,
      publishedAt: r.published_at,
      createdAt: r.created_at,
      isMain: r.is_main,
      authorId: r.author_id,
      authorName: r.author_name,
      categoryNames: r.category_names,
      editingNames: r.editing_names,
    })),
  };
}

/** How many non-archived articles the caller manages, for 'Showing X of N articles'. */
export async function countArticles(): Promise<number> {
  const { data, error } = await getBrowserClient().rpc('dashboard_article_total');
  if (error) throw new Error(error.message);
  return data;
}
