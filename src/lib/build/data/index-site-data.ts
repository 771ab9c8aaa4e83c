/** SiteData's lookups from its lists: pure, so unit tests build exactly the SiteData a build does. */
import type { Article, SiteData } from '../../types.ts';

/** The lists SiteData's lookups are made from (already ordered as SiteData describes). */
export type SiteLists = Pick<SiteData, 'categories' | 'articles' | 'authors' | 'events'>;

/** The lookups pages use, built from the four lists (already ordered as SiteData describes). */
export function indexSiteData({ categories, articles, authors, events }: SiteLists): SiteData {
  const articlesByCategory = new Map<number, Article[]>();
  for (const a of articles) for (const id of a.categoryIds) pushTo(articlesByCategory, id, a);
  const articlesByAuthor = groupBy(
    articles.filter((a) => a.authorId !== null),
    (a) => a.authorId!,
    (a) => a,
  );
  return {
    ...smallLookups({ categories, articles, authors, events }),
    articleById: new Map(articles.map((a) => [a.id, a])),
    articleBySlug: new Map(articles.map((a) => [a.slug, a])),
    articlesByCategory,
    articlesByAuthor,
  };
}

/** The lookups of the short lists: categories and authors. */
function smallLookups({ categories, articles, authors, events }: SiteLists) {
  return {
    categories,
    articles,
    authors,
    events,
    categoryById: new Map(categories.map((c) => [c.id, c])),
    categoryBySlug: new Map(categories.map((c) => [c.slug, c])),
    authorById: new Map(authors.map((a) => [a.id, a])),
    authorByUsername: new Map(authors.map((a) => [a.username, a])),
  };
}

/** More changed articles than this: the lookups are made again. */
const UPDATE_LIMIT = 1000;

/** The last SiteData indexUpdatedSiteData returned. */
let last: SiteData | undefined;

/**
 * indexSiteData for a process that builds many times (the warm renderer): when the articles are
 * those of the last call at the same places, and the few that are new objects (rows read again)
 * keep their id, author and categories — what an edit makes — the last call's article lookups are
 * updated for those few instead of made again for all (at 100,000 articles four maps of 100,000
 * entries, and their garbage, at every publish). The same lookups as indexSiteData in every case
 * (tests/unit/index-site-data.test.ts). The last call's SiteData is updated in place: only the
 * newest one may be used.
 */
export function indexUpdatedSiteData(lists: SiteLists): SiteData {
  const before = last;
  last = undefined;
  const changed = before ? editedPlaces(before.articles, lists.articles) : null;
  if (!before || !changed) return (last = indexSiteData(lists));
  const { articleById, articleBySlug, articlesByCategory, articlesByAuthor } = before;
  for (const i of changed) {
    const was = before.articles[i]!;
    const now = lists.articles[i]!;
    articleById.set(now.id, now);
    if (articleBySlug.get(was.slug) === was) articleBySlug.delete(was.slug);
    articleBySlug.set(now.slug, now);
    for (const id of new Set(now.categoryIds)) replaceIn(articlesByCategory, id, was, now);
    if (now.authorId !== null) replaceIn(articlesByAuthor, now.authorId, was, now);
  }
  return (last = { ...smallLookups(lists), articleById, articleBySlug, articlesByCategory, articlesByAuthor });
}

/**
 * The places where `next` holds another object than `prev` with the same id, author and
 * categories; null when the lists differ otherwise (length, an id, an author or categories) or
 * in more than UPDATE_LIMIT places.
 */
function editedPlaces(prev: readonly Article[], next: readonly Article[]): number[] | null {
  if (prev.length !== next.length) return null;
  const places: number[] = [];
  for (let i = 0; i < next.length; i++) {
    const a = prev[i]!;
    const b = next[i]!;
    if (a === b) continue;
    if (a.id !== b.id || a.authorId !== b.authorId || !sameIds(a.categoryIds, b.categoryIds)) return null;
    if (places.push(i) > UPDATE_LIMIT) return null;
  }
  return places;
}

/** `list` of `key` with `was` replaced by `now`, as a new array (lists may be held elsewhere). */
function replaceIn<K>(map: Map<K, Article[]>, key: K, was: Article, now: Article): void {
  const list = map.get(key);
  if (list)
    map.set(
      key,
      list.map((a) => (a === was ? now : a)),
    );
}

/** Whether two id lists are the same ids in the same order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
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
