/**
 * The Google News sitemap: articles published in the last 48 hours (spec: news sitemap window),
 * with publication name, language, date and title.
 */
import type { Article } from '../../types.ts';
import { absoluteUrl, articlePath, type SiteUrl } from '../../rules/article-links.ts';
import { NEWS_SITEMAP_HOURS, SITE_NAME } from '../../site.ts';
import { element, xmlEscape } from './xml.ts';

/**
 * The articles published in the window, from `articles` newest first (as SiteData lists them:
 * by publication time, undated last): the scan stops at the first one older than the window, so
 * a publish at 100,000 articles reads a few dozen dates, not all of them.
 */
export function recentArticles(articles: readonly Article[], now: Date, hours = NEWS_SITEMAP_HOURS): Article[] {
  const since = now.getTime() - hours * 3_600_000;
  const recent: Article[] = [];
  for (const a of articles) {
    const at = a.publishedAt === null ? NaN : Date.parse(a.publishedAt);
    if (!(at >= since)) break;
    if (at <= now.getTime()) recent.push(a);
  }
  return recent;
}

export function newsSitemap(articles: readonly Article[], site: SiteUrl): string {
  return [
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...articles.map((a) =>
      [
        '<url>',
        `<loc>${xmlEscape(absoluteUrl(articlePath(a), site))}</loc>`,
        '<news:news>',
        `<news:publication>${element('news:name', SITE_NAME)}${element('news:language', 'en')}</news:publication>`,
        element('news:publication_date', a.publishedAt!),
        element('news:title', a.title),
        '</news:news>',
        '</url>',
      ].join(''),
    ),
    '</urlset>',
  ].join('\n');
}
