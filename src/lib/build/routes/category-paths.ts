/** The paths of `src/pages/category/[slug]/[...page].astro`: every page of every category listing. */
import { categoryPath, pageParam, paginate } from '../../rules/article-links.ts';
import { categoryPageCacheKey } from '../cache-key.ts';
import type { SiteData } from '../../types.ts';

export function categoryPaths(data: SiteData) {
  return data.categories.flatMap((category) =>
    paginate(data.articlesByCategory.get(category.id) ?? [], categoryPath(category)).map((listing) => ({
      params: { slug: category.slug, page: pageParam(listing.page) },
      props: { category, listing },
      cacheKey: categoryPageCacheKey(category, listing, data),
    })),
  );
}
