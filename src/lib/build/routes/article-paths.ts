/**
 * The paths of `src/pages/article/[slug].astro`: one page per published article, at its slug.
 * `/article/{id}` is not a page (src/lib/rules/article-redirects.ts).
 */
import { articlePageCacheKey } from '../cache-key.ts';
import type { Article, SiteData } from '../../types.ts';

export function articlePaths(data: SiteData) {
  return data.articles.map((article) => {
    const cacheKey = articlePageCacheKey(article, data);
    const before = kept.get(article);
    if (before?.cacheKey === cacheKey) return before;
    const path = { params: { slug: article.slug }, props: { id: article.id }, cacheKey };
    kept.set(article, path);
    return path;
  });
}

/**
 * Each article's path as last made, while its key is the same: a process that builds many times
 * gets the same Article for an unchanged row (src/lib/build/data/fetch-site-data.ts), and with
 * the same path object route-manifest.ts's changedPaths finds its page path without making it.
 */
const kept = new WeakMap<Article, { params: { slug: string }; props: { id: number }; cacheKey: string }>();
