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
import type { Article, SiteData } from '../types.ts';
import { menuKey } from './cache-key.ts';

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

/** The paths one article dates and the time it dates them with, or null when it has no date. */
function articleLastmods(a: LastmodArticle): { paths: string[]; time: number } | null {
  const iso = latestDate(a.updatedAt, a.publishedAt);
  if (!iso) return null;
  const paths = [articlePath(a), '/', ...a.categorySlugs.map((slug) => categoryPath({ slug }))];
  if (a.authorUsername) paths.push(authorPath({ username: a.authorUsername }));
  return { paths, time: Date.parse(iso) };
}

function indexOf(parts: Iterable<{ paths: string[]; time: number } | null>): LastmodIndex {
  const index = new Map<string, number>();
  for (const part of parts) {
    if (!part) continue;
    for (const path of part.paths) {
      const before = index.get(path);
      if (before === undefined || part.time > before) index.set(path, part.time);
    }
  }
  return index;
}

export function buildLastmodIndex(articles: readonly LastmodArticle[]): LastmodIndex {
  return indexOf(articles.map(articleLastmods));
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
  const time = index.get(lastmodPath(urlOrPath));
  if (time === undefined) return undefined;
  let iso = isoByTime.get(time);
  if (iso === undefined) {
    if (isoByTime.size >= MEMO_LIMIT) isoByTime.clear();
    iso = new Date(time).toISOString();
    isoByTime.set(time, iso);
  }
  return iso;
}

/** The index path a page URL or path is dated by: its own, or its listing's for a later page. */
export function lastmodPath(urlOrPath: string): string {
  let key = keyByUrl.get(urlOrPath);
  if (key === undefined) {
    const cut = urlOrPath.replace(ORIGIN, '');
    const pathname = PLAIN_PATH.test(cut) ? cut : new URL(urlOrPath, 'http://site.invalid').pathname;
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const listing = /^(\/(?:category|author)\/[^/]+)\/\d+$/.exec(path);
    key = listing ? listing[1]! : path;
    if (keyByUrl.size >= MEMO_LIMIT) keyByUrl.clear();
    keyByUrl.set(urlOrPath, key);
  }
  return key;
}

/**
 * A process that builds many times (the warm renderer, scripts/lib/astro-build-warm.ts) asks for
 * the same 112,000 URLs at every publish (100,000 articles): each URL's index key and each time's
 * text are worked out once (and the same string each time, which the sitemap compares by
 * pointer), not parsed and formatted again. Bounded, for a process whose site keeps growing.
 */
const MEMO_LIMIT = 500_000;
const keyByUrl = new Map<string, string>();
const isoByTime = new Map<number, string>();

/**
 * An article's paths and time as last worked out, with the author's username and the categories
 * they were worked out with: kept with the article object, which a process that builds many times
 * gets again for an unchanged row (src/lib/build/data/fetch-site-data.ts).
 */
const kept = new WeakMap<Article, { context: string; part: ReturnType<typeof articleLastmods> }>();

/**
 * An article's context text per author username, for the current menu: one string per author
 * kept from build to build, so the check against the kept one is a pointer comparison, not a new
 * text for each of 100,000 articles at every publish.
 */
const contexts = new Map<string | null, string>();
let contextMenu: string | undefined;

/** The index of the build's site data (the same read the pages render from). */
export function lastmodIndexFromSiteData(data: SiteData): LastmodIndex {
  const menu = menuKey(data.categories);
  if (menu !== contextMenu || contexts.size > 10_000) {
    contextMenu = menu;
    contexts.clear();
  }
  return updatedIndex(
    data.articles.map((a) => {
      const authorUsername = (a.authorId && data.authorById.get(a.authorId)?.username) || null;
      let context = contexts.get(authorUsername);
      if (context === undefined) {
        context = `${menu}\0${authorUsername ?? ''}`;
        contexts.set(authorUsername, context);
      }
      const before = kept.get(a);
      if (before?.context === context) return before.part;
      const part = articleLastmods({
        slug: a.slug,
        publishedAt: a.publishedAt,
        updatedAt: a.updatedAt,
        authorUsername,
        categorySlugs: a.categoryIds.flatMap((id) => data.categoryById.get(id)?.slug ?? []),
      });
      kept.set(a, { context, part });
      return part;
    }),
  );
}

type Part = ReturnType<typeof articleLastmods>;

/**
 * The last index made from site data, the parts (by article, in order) it was made of, and its
 * version; when it was the one before updated in place, that one's version (`since`) and the paths
 * whose date changed. Each index lastmodIndexFromSiteData returns is a new version.
 */
let last:
  | { parts: Part[]; index: Map<string, number>; version: number; since?: number; paths?: ReadonlySet<string> }
  | undefined;
let version = 0;

/**
 * The version of `index` and, when it is the last index made and was updated from the one before,
 * that one's version and the paths (as lastmodPath gives them) whose date changed: the sitemap
 * (scripts/lib/sitemap.ts) then looks up those pages again instead of 112,000 at 100,000 articles.
 * Undefined for an index this module did not make last.
 */
export function lastmodChanges(
  index: LastmodIndex,
): { version: number; since?: number; paths?: ReadonlySet<string> } | undefined {
  return last?.index === index ? last : undefined;
}

/** Past this many articles changed, the index is made again rather than updated. */
const UPDATE_LIMIT = 1000;

/**
 * The index of `parts`: the last one updated with the parts that changed, when the articles are
 * the same but a few (at the same places) and no part that went held a path's date alone,
 * which is what a publish that edits a few of 100,000 articles makes (an edit only moves a
 * date later); otherwise made again from all of them.
 */
function updatedIndex(parts: Part[]): LastmodIndex {
  const before = last;
  last = undefined;
  let index: Map<string, number> | undefined;
  const changed = new Set<string>();
  if (before && before.parts.length === parts.length) {
    const went: NonNullable<Part>[] = [];
    const came: NonNullable<Part>[] = [];
    for (let i = 0; i < parts.length && went.length <= UPDATE_LIMIT; i++) {
      if (parts[i] === before.parts[i]) continue;
      if (before.parts[i]) went.push(before.parts[i]!);
      if (parts[i]) came.push(parts[i]!);
    }
    if (went.length <= UPDATE_LIMIT) {
      index = before.index;
      for (const part of came) {
        for (const path of part.paths) {
          const time = index.get(path);
          if (time === undefined || part.time > time) {
            index.set(path, part.time);
            changed.add(path);
          }
        }
      }
      // A path whose date came from a part that went, and that no part that came dates as late.
      const orphaned = went.some((part) =>
        part.paths.some((path) => index!.get(path) === part.time && !datedBy(came, path, part.time)),
      );
      if (orphaned) index = undefined;
    }
  }
  version++;
  last = index
    ? { parts, index, version, since: before!.version, paths: changed }
    : { parts, index: indexOf(parts) as Map<string, number>, version };
  return last.index;
}

function datedBy(parts: readonly NonNullable<Part>[], path: string, time: number): boolean {
  return parts.some((part) => part.time >= time && part.paths.includes(path));
}
