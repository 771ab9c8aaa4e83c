/**
 * `<lastmod>` for sitemap.xml: when each listed page last changed in a way a crawler cares
 * about. The sitemap (scripts/lib/sitemap.ts) knows only URLs, so at the end of the build this
 * index is made from the build's site data (the pages' own read) and the sitemap looks pages up
 * here.
 *
 * - An article: its last edit (updated_at), never earlier than its publication.
 * - A category or author listing, every page of it: the newest change among its articles (a new
 *   article shifts every later page by one card, so all pages change together).
 * - The home page: the newest change of any article.
 * - Pages whose content is not dated (company pages, /events, /categories, /authors) get no
 *   lastmod rather than a made-up one.
 */
import { articlePath, authorPath, categoryPath } from '../rules/article-links.ts';
import { latestDate } from '../rules/dates.ts';
import type { SiteData } from '../types.ts';

export interface LastmodArticle {
  slug: string;
  publishedAt: string | null;
  updatedAt: string;
  authorUsername: string | null;
  categorySlugs: string[];
}

/**
 * Path (canonical, percent-encoded, no trailing slash) → epoch milliseconds. Numbers, not ISO
 * strings: each article bumps four or five paths, and parsing the dates again at every bump was
 * most of the index's time at 10,000 articles.
 */
export type LastmodIndex = ReadonlyMap<string, number>;

export function buildLastmodIndex(articles: readonly LastmodArticle[]): LastmodIndex {
  const index = new Map<string, number>();
  const bump = (path: string, time: number) => {
    const before = index.get(path);
    if (before === undefined || time > before) index.set(path, time);
  };
  for (const a of articles) {
    const iso = latestDate(a.updatedAt, a.publishedAt);
    if (!iso) continue;
    const changed = Date.parse(iso);
    bump(articlePath(a), changed);
    bump('/', changed);
    for (const slug of a.categorySlugs) bump(categoryPath({ slug }), changed);
    if (a.authorUsername) bump(authorPath({ username: a.authorUsername }), changed);
  }
  return index;
}

/**
 * A URL path that the URL parser leaves as it is: unreserved characters, `%` and `/`, no `.` or
 * `..` segment, and not `//` first (that would name another host). The sitemap (scripts/lib/
 * sitemap.ts) joins such a path to the origin, and lastmodFor takes it as it is, instead of
 * parsing 11,000 URLs at 10,000 articles.
 */
export const PLAIN_PATH = /^(?!\/\/)(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~%]*)+$/;

/** The scheme and host of an http(s) URL, up to its path. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?(?=\/)/;

/**
 * The lastmod of a page URL or path, or undefined when the page is not dated. Later pages of a
 * listing ('/category/x/3') share the listing's date.
 */
export function lastmodFor(index: LastmodIndex, urlOrPath: string): string | undefined {
  const cut = urlOrPath.replace(ORIGIN, '');
  const pathname = PLAIN_PATH.test(cut) ? cut : new URL(urlOrPath, 'http://site.invalid').pathname;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const listing = /^(\/(?:category|author)\/[^/]+)\/\d+$/.exec(path);
  const time = index.get(listing ? listing[1]! : path);
  return time === undefined ? undefined : new Date(time).toISOString();
}

/** The index of the build's site data (the same read the pages render from). */
export function lastmodIndexFromSiteData(data: SiteData): LastmodIndex {
  return buildLastmodIndex(
    data.articles.map((a) => ({
      slug: a.slug,
      publishedAt: a.publishedAt,
      updatedAt: a.updatedAt,
      authorUsername: (a.authorId && data.authorById.get(a.authorId)?.username) || null,
      categorySlugs: a.categoryIds.flatMap((id) => data.categoryById.get(id)?.slug ?? []),
    })),
  );
}
