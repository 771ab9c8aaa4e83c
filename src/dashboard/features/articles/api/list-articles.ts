/**
 * One page of My Articles: every non-archived article (authors see their colleagues' too),
 * searched, filtered, sorted and paged in the database (`dashboard_articles`).
 */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

export const PAGE_SIZE = 20;

/** '' = every status; 'published' = public now; 'scheduled' = published with a future time. */
export type StatusFilter = '' | 'draft' | 'published' | 'scheduled';
export type SortColumn = 'date' | 'title' | 'category' | 'status' | 'author';

export interface ArticleQuery {
  search: string;
  page: number;
  status: StatusFilter;
  authorId: string;
  categoryId: number | null;
  sort: SortColumn;
  desc: boolean;
}

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
  /** The database's rule (admins, or the article's author): a colleague's row is View only. */
  canEdit: boolean;
}

export interface ArticlePage {
  rows: ArticleRow[];
  /** Articles matching the search and filters (all non-archived articles when there are none). */
  matching: number;
}

export async function listArticles(q: ArticleQuery): Promise<ArticlePage> {
  const { data, error } = await getBrowserClient().rpc('dashboard_articles', {
    p_search: q.search,
    p_limit: PAGE_SIZE,
    p_offset: q.page * PAGE_SIZE,
    p_status: q.status,
    ...(q.authorId ? { p_author_id: q.authorId } : {}),
    ...(q.categoryId !== null ? { p_category_id: q.categoryId } : {}),
    p_sort: q.sort,
    p_desc: q.desc,
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
      canEdit: r.can_edit,
    })),
  };
}

/** How many non-archived articles the newsroom has, for 'Showing X of N articles'. */
export async function countArticles(): Promise<number> {
  const { data, error } = await getBrowserClient().rpc('dashboard_article_total');
  if (error) throw new Error(error.message);
  return data;
}
