/** SiteData's lookups from its lists: pure, so unit tests build exactly the SiteData a build does. */
import type { Article, SiteData } from '../../types.ts';

/** The lookups pages use, built from the four lists (already ordered as SiteData describes). */
export function indexSiteData({
  categories,
  articles,
  authors,
  events,
}: Pick<SiteData, 'categories' | 'articles' | 'authors' | 'events'>): SiteData {
  const articlesByCategory = new Map<number, Article[]>();
  for (const a of articles) for (const id of a.categoryIds) pushTo(articlesByCategory, id, a);
  const articlesByAuthor = groupBy(
    articles.filter((a) => a.authorId !== null),
    (a) => a.authorId!,
    (a) => a,
  );
  return {
    categories,
    articles,
    authors,
    events,
    articleById: new Map(articles.map((a) => [a.id, a])),
    articleBySlug: new Map(articles.map((a) => [a.slug, a])),
    categoryById: new Map(categories.map((c) => [c.id, c])),
    categoryBySlug: new Map(categories.map((c) => [c.slug, c])),
    authorById: new Map(authors.map((a) => [a.id, a])),
    authorByUsername: new Map(authors.map((a) => [a.username, a])),
    articlesByCategory,
    articlesByAuthor,
  };
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function groupBy<T, K, V>(items: T[], key: (t: T) => K, value: (t: T) => V): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const item of items) pushTo(map, key(item), value(item));
  return map;
}
