/** The paths of `src/pages/category/[slug]/rss.xml.ts`: one feed per category that has articles. */
import { categoryFeedCacheKey } from '../cache-key.ts';
import type { SiteData } from '../../types.ts';

export function categoryFeedPaths(data: SiteData) {
  return data.categories
    .filter((c) => (data.articlesByCategory.get(c.id)?.length ?? 0) > 0)
    .map((category) => ({
      params: { slug: category.slug },
      props: { category },
      cacheKey: categoryFeedCacheKey(category, data.articlesByCategory.get(category.id)!, data),
    }));
}
