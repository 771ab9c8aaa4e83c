/**
 * On the article-not-found page: when the path was `/article/{id}` and the static host did not
 * apply the `_redirects` rule (a host without redirect support, or past its rule limit), look the
 * id up in its `/article-ids/{n}.json` shard and go to the article. Any failure leaves the page.
 */
import { idShard } from '../lib/rules/article-redirects.ts';

export async function followArticleId(location: Location = window.location): Promise<void> {
  const id = /^\/article\/([1-9]\d{0,15})\/?$/.exec(location.pathname)?.[1];
  if (!id) return;
  try {
    const res = await fetch(`/article-ids/${idShard(Number(id))}.json`);
    if (!res.ok) return;
    const slug = ((await res.json()) as Record<string, string>)[id];
    if (slug) location.replace(`/article/${encodeURIComponent(slug)}${location.search}${location.hash}`);
  } catch {
    // Offline or no shard: the not-found message stands.
  }
}
