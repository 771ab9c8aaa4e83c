/**
 * The paths of `src/pages/article/[slug].astro`: one page per published article, at its slug.
 * `/article/{id}` is not a page (src/lib/rules/article-redirects.ts).
 */
import { articlePageCacheKey } from '../cache-key.ts';
import type { SiteData } from '../../types.ts';

export function articlePaths(data: SiteData) {
  return data.articles.map((article) => ({
    params: { slug: article.slug },
    props: { id: article.id },
    cacheKey: articlePageCacheKey(article, data),
  }));
}
