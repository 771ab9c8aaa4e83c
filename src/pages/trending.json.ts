import type { APIRoute } from 'astro';
import { loadSiteData } from '../lib/build/data/load-site-data.ts';
import { articlePath } from '../lib/rules/article-links.ts';
import { articleDate, formatArticleDate } from '../lib/rules/dates.ts';
import { imageRendition, THUMB_WIDTH } from '../lib/rules/images.ts';
import { trendingArticles } from '../lib/rules/view/cards.ts';

/**
 * The trending list as a small JSON fragment. It changes with every publish and appears on
 * every page, so pages fetch it instead of baking it in: publishing one article rewrites this
 * file, not every page (their baked-in list is only the fallback).
 */
export const GET: APIRoute = async () => {
  const data = await loadSiteData();
  const items = trendingArticles(data).map((a) => ({
    id: a.id,
    title: a.title,
    href: articlePath(a),
    image: a.heroImageUrl && imageRendition(a.heroImageUrl, THUMB_WIDTH),
    date: articleDate(a),
    dateLabel: formatArticleDate(articleDate(a)),
  }));
  return new Response(JSON.stringify({ items }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
