/** The paths of `src/pages/author/[username]/[...page].astro`: every page of every public profile. */
import { authorPath, pageParam, paginate } from '../../rules/article-links.ts';
import { authorPageCacheKey } from '../cache-key.ts';
import type { SiteData } from '../../types.ts';

export function authorPaths(data: SiteData) {
  return data.authors.flatMap((author) =>
    paginate(data.articlesByAuthor.get(author.id) ?? [], authorPath(author)).map((listing) => ({
      params: { username: author.username, page: pageParam(listing.page) },
      props: { author, listing },
      cacheKey: authorPageCacheKey(author, listing, data),
    })),
  );
}
