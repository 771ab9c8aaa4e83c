/**
 * Insights' data (spec §7, §9), all from database aggregates: the browser never downloads raw
 * analytics rows. `site_insights()` returns json, so its shape is declared here once.
 */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { LIST_PAGE_SIZE, pageRange, type ListPage } from '../../../shared/paging/paging.ts';
import type { DailyPoint } from '../daily-chart.ts';

interface Counts {
  total: number;
  last_7_days: number;
  today: number;
}
export interface SiteInsights {
  page_views: Counts;
  article_views: Counts;
  unique_users: number;
  unique_visitors: number;
  top_articles: { article_id: number; title: string; slug: string; views: number }[];
}
export interface ArticleViews {
  articleId: number;
  title: string;
  slug: string;
  views: number;
}

export async function getSiteInsights(): Promise<SiteInsights> {
  const { data, error } = await getBrowserClient().rpc('site_insights');
  if (error) throw new Error(error.message);
  return data as unknown as SiteInsights;
}

/** Views per day for the last 30 days (zero-filled, oldest first). */
export async function getDailyViews(days = 30): Promise<DailyPoint[]> {
  const { data, error } = await getBrowserClient().rpc('insights_daily', { p_days: days });
  if (error) throw new Error(error.message);
  return data.map((r) => ({ day: r.day, pageViews: Number(r.page_views), articleViews: Number(r.article_views) }));
}

/**
 * 'Your Article Views': one page of the caller's own articles with their view counts, most viewed
 * first, and how many there are in all (paged in the database; issue 28).
 */
export async function getMyArticleViews(page: number): Promise<ListPage<ArticleViews>> {
  const [from] = pageRange(page);
  const { data, error } = await getBrowserClient().rpc('my_article_views', {
    p_limit: LIST_PAGE_SIZE,
    p_offset: from,
  });
  if (error) throw new Error(error.message);
  return {
    total: Number(data[0]?.total_count ?? 0),
    rows: data.map((r) => ({ articleId: r.article_id, title: r.title, slug: r.slug, views: Number(r.views) })),
  };
}
