import type { APIRoute } from 'astro';
import { loadSiteData } from '../lib/build/data/load-site-data.ts';
import { newsSitemap, recentArticles } from '../lib/build/feeds/news-sitemap.ts';
import { xmlResponse } from '../lib/build/feeds/xml.ts';

/** Google News sitemap: what was published in the 48 hours before this build. */
export const GET: APIRoute = async ({ site }) => {
  const data = await loadSiteData();
  return xmlResponse(newsSitemap(recentArticles(data.articles, new Date()), site!));
};
