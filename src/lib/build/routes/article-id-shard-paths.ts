/** The paths of `src/pages/article-ids/[shard].json.ts`: one id → slug shard per thousand ids. */
import { articleIdRedirects, idShards } from '../../rules/article-redirects.ts';
import { articleIdShardCacheKey } from '../cache-key.ts';
import type { SiteData } from '../../types.ts';

export function articleIdShardPaths(data: SiteData) {
  return [...idShards(data.articles, articleIdRedirects(data))].map(([shard, slugs]) => ({
    params: { shard: String(shard) },
    props: { slugs },
    cacheKey: articleIdShardCacheKey(slugs),
  }));
}
