import type { APIRoute } from 'astro';
import { loadSiteData } from '../lib/build/data/load-site-data.ts';
import { rssFeed } from '../lib/build/feeds/rss.ts';
import { xmlResponse } from '../lib/build/feeds/xml.ts';
import { SITE_DESCRIPTION, SITE_NAME } from '../lib/site.ts';

/** The site-wide feed: the newest articles. */
export const GET: APIRoute = async ({ site }) => {
  const data = await loadSiteData();
  const channel = { title: SITE_NAME, description: SITE_DESCRIPTION, path: '/', feedPath: '/rss.xml' };
  return xmlResponse(rssFeed(channel, data.articles, data, site!), 'application/rss+xml');
};
