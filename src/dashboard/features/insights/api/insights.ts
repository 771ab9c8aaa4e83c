/**
 * Insights' data (spec §7, §9), all from database aggregates: the browser never downloads raw
 * analytics rows. `site_insights()` returns json, so its shape is declared here once.
 */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
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

/** 'Your Article Views': the caller's own articles with their view counts. */
export async function getMyArticleViews(): Promise<ArticleViews[]> {
  const { data, error } = await getBrowserClient().rpc('my_article_views');
  if (error) throw new Error(error.message);
  return data.map((r) => ({ articleId: r.article_id, title: r.title, slug: r.slug, views: Number(r.views) }));
}
