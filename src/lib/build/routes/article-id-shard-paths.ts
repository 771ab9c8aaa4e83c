/** The paths of `src/pages/article-ids/[shard].json.ts`: one id → slug shard per thousand ids. */
import { articleIdRedirects, idShard, idShards, type IdRedirect } from '../../rules/article-redirects.ts';
import { articleIdShardCacheKey } from '../cache-key.ts';
import type { SiteData } from '../../types.ts';

interface Shard {
  redirects: IdRedirect[];
  slugs: Record<string, string>;
  cacheKey: string;
}

/**
 * The last build's shards, by number. A redirect is the same object while its article is
 * (article-redirects.ts), so a shard whose redirects are all the same objects as last time holds
 * the same map: at 100,000 articles a publish makes one or two shards of 100, not all.
 */
let last = new Map<number, Shard>();

const same = (a: readonly IdRedirect[], b: readonly IdRedirect[]) =>
  a.length === b.length && a.every((r, i) => r === b[i]);

export function articleIdShardPaths(data: SiteData) {
  const groups = new Map<number, IdRedirect[]>();
  for (const redirect of articleIdRedirects(data)) {
    const n = idShard(redirect.id);
    const group = groups.get(n);
    if (group) group.push(redirect);
    else groups.set(n, [redirect]);
  }
  const next = new Map<number, Shard>();
  const paths = [...groups].map(([n, redirects]) => {
    let shard = last.get(n);
    if (!shard || !same(shard.redirects, redirects)) {
      const slugs = idShards(
        redirects.map((r) => data.articleById.get(r.id)!),
        redirects,
      ).get(n)!;
      shard = { redirects, slugs, cacheKey: articleIdShardCacheKey(slugs) };
    }
    next.set(n, shard);
    return { params: { shard: String(n) }, props: { slugs: shard.slugs }, cacheKey: shard.cacheKey };
  });
  last = next;
  return paths;
}
