/**
 * Everything the public pages render, read once per build with the anon key: a constant number
 * of queries (one per table, paged by PostgREST's 1000-row limit; the article versions and the
 * article–category links as one json value each; the article rows not kept from the last build
 * by id span where they lie densely, else by id, as are the links of a publish's changed rows),
 * never one per article.
 *
 * Free of `import.meta.env`, so the Astro config (plain Node) can start the read when the build
 * starts (`preloadSiteData`, from the `astro:build:start` hook): it then runs beside Vite's
 * bundling instead of after it, and the pages (load-site-data.ts) and the sitemap's dates use
 * that one read. The hand-over goes through `globalThis` because the pages run from Vite's
 * bundle, which has its own copy of this module.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { indexSiteData, indexUpdatedSiteData, sameIds } from './index-site-data.ts';
import { buildReadError, idSpans, readAll as readAllFrom, type Page } from './read-all.ts';
import { loadRowCache, mergeRows, saveRowCache, type KeptRow } from './row-cache.ts';
import type { Article, Category, SiteData, SiteEvent } from '../../types.ts';
import { articleFromRow, authorFromRow, type ArticleRow, type AuthorRow } from '../../rules/rows.ts';

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  menu_order: number;
}
interface EventRow {
  id: number;
  title: string;
  event_date: string;
  location: string;
  description: string | null;
  image_url: string | null;
  link: string | null;
}

const ARTICLE_COLUMNS =
  'id, title, slug, excerpt, body, hero_image_url, hero_image_alt, hero_image_caption, image_reference, published_at, created_at, updated_at, author_id, is_main, is_report, pdf_url, primary_category_id, show_edited_tag, seo';

/** Ids per request when reading rows by id (a short URL, well under 1000 rows). */
const IDS_PER_READ = 300;

export interface SiteDataOptions {
  /**
   * Keep the article rows in this file and read only the rows changed since (row-cache.ts):
   * release builds (npm start, the publish worker) pass a file in their cache folder.
   */
  rowCache?: string;
  /** How many article rows were read and how many reused from the row cache. */
  onArticleRows?: (counts: { read: number; reused: number }) => void;
  /** Whose category links were read: every article's (one request), or those of `articles` rows. */
  onLinks?: (read: 'all' | { articles: number }) => void;
}

export async function fetchSiteData(
  client: SupabaseClient,
  apiUrl: string,
  options: SiteDataOptions = {},
): Promise<SiteData> {
  const readAll = <T>(what: string, page: (from: number, to: number) => Page<T>) => readAllFrom<T>(what, apiUrl, page);
  // The public articles, newest first: the order every listing starts from.
  const publicArticles = (columns: string) =>
    client.from('articles_meta').select(columns).eq('status', 'published').is('archived_at', null);
  const newestFirst = <T>(columns: string, from: number, to: number) =>
    publicArticles(columns)
      .order('published_at', { ascending: false, nullsFirst: false })
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to)
      .overrideTypes<T[], { merge: false }>();
  // The two largest lists as one json value each, not 11 and 20 pages at 10,000 articles.
  const rpcTuples = async <T>(what: string, fn: string): Promise<T[]> => {
    const { data, error } = await client.rpc(fn);
    if (error) throw buildReadError(what, apiUrl, error);
    return (data ?? []) as T[];
  };
  // The rows of `ids`, IDS_PER_READ ids a request.
  const readByIds = async <T>(
    what: string,
    ids: readonly number[],
    read: (chunk: number[]) => PromiseLike<{ data: T[] | null; error: PostgrestError | null }>,
  ): Promise<T[]> => {
    const rows: T[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_READ) {
      const { data, error } = await read(ids.slice(i, i + IDS_PER_READ));
      if (error) throw buildReadError(what, apiUrl, error);
      rows.push(...(data ?? []));
    }
    return rows;
  };
  // The article rows of `ids`: the spans where they lie densely read whole, the others by id.
  const readArticleRows = async (ids: number[]): Promise<ArticleRow[]> => {
    const { spans, rest } = idSpans(ids);
    const wanted = new Set(ids);
    const rows: ArticleRow[] = [];
    for (const [lo, hi] of spans) {
      const { data, error } = await publicArticles(ARTICLE_COLUMNS)
        .gte('id', lo)
        .lte('id', hi)
        .overrideTypes<ArticleRow[], { merge: false }>();
      if (error) throw buildReadError('articles', apiUrl, error);
      // A row of the span that was not asked for is kept, or became public after the versions.
      for (const row of data ?? []) if (wanted.has(row.id)) rows.push(row);
    }
    const byId = await readByIds('articles', rest, (chunk) =>
      publicArticles(ARTICLE_COLUMNS).in('id', chunk).overrideTypes<ArticleRow[], { merge: false }>(),
    );
    return rows.concat(byId);
  };
  const readAllLinks = () => rpcTuples<LinkTuple>('article categories', 'site_article_links');
  // The links of a few articles (the rows a publish read again), in the RPC's order.
  const readLinksOf = async (ids: number[]): Promise<LinkTuple[]> =>
    (
      await readByIds('article categories', ids, (chunk) =>
        client
          .from('article_categories')
          .select('article_id, category_id, display_order')
          .in('article_id', chunk)
          .order('article_id')
          .order('display_order')
          .order('category_id')
          .overrideTypes<{ article_id: number; category_id: number; display_order: number }[], { merge: false }>(),
      )
    ).map((l): LinkTuple => [l.article_id, l.category_id, l.display_order]);
  const readArticles = async (): Promise<KeptRow<ArticleRow>[]> => {
    if (!options.rowCache) {
      const rows = await readAll<ArticleRow>('articles', (f, t) => newestFirst<ArticleRow>(ARTICLE_COLUMNS, f, t));
      options.onArticleRows?.({ read: rows.length, reused: 0 });
      // Full builds render every page: their keys hash the articles themselves.
      return rows.map((row) => ({ row, digest: '' }));
    }
    const source = `${apiUrl} ${ARTICLE_COLUMNS}`;
    const kept = loadRowCache<ArticleRow>(options.rowCache, source);
    // One request (the migration 20261125800100_build_reads.sql): the same rows, in the same order.
    const versions = (await rpcTuples<[number, string]>('articles', 'site_article_versions')).map(
      ([id, updated_at]) => ({ id, updated_at }),
    );
    const merged = await mergeRows(versions, kept.entries, readArticleRows);
    await saveRowCache(options.rowCache, source, merged.entries, merged.fresh, kept);
    options.onArticleRows?.({ read: merged.read, reused: merged.reused });
    return merged.entries;
  };
  // Every link at once, when most rows are new to this process (a full build, a process's first
  // release build): started beside the other reads.
  const allLinks = options.rowCache && linksKnown ? undefined : readAllLinks();
  // Awaited below unless every row already has its links; a failure surfaces there.
  allLinks?.catch(() => {});
  const [categoryRows, articleEntries, authorRows, eventRows] = await Promise.all([
    readAll<CategoryRow>('categories', (f, t) =>
      client
        .from('categories')
        .select('id, name, slug, parent_id, menu_order')
        .order('menu_order')
        .order('parent_id', { nullsFirst: true })
        .order('name')
        .order('id')
        .range(f, t),
    ),
    readArticles(),
    readAll<AuthorRow>('authors', (f, t) =>
      client
        .from('profiles')
        .select('id, username, display_name, avatar_url, bio, role')
        .in('role', ['author', 'admin'])
        .order('display_name')
        .order('id')
        .range(f, t),
    ),
    readAll<EventRow>('events', (f, t) =>
      client
        .from('events')
        .select('id, title, event_date, location, description, image_url, link')
        .is('archived_at', null)
        .order('event_date')
        .order('id')
        .range(f, t),
    ),
  ]);

  const categories: Category[] = categoryRows.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    parentId: c.parent_id,
    menuOrder: c.menu_order,
  }));
  // A process that builds many times looks only at the rows that changed place (see lastRows).
  const before = options.rowCache ? lastRows : undefined;
  lastRows = undefined;
  const places = before ? changedPlaces(before.entries, articleEntries) : null;
  const candidates = places ? places.map((i) => articleEntries[i]!.row) : articleEntries.map(({ row }) => row);
  const unlinked = candidates.filter((row) => !linksByRow.has(row));
  if (unlinked.length > 0) {
    const every = allLinks ?? (unlinked.length > LINKS_BY_ID_MAX ? readAllLinks() : undefined);
    const byId = groupLinks(await (every ?? readLinksOf(unlinked.map((row) => row.id))));
    for (const row of unlinked) linksByRow.set(row, byId.get(row.id) ?? []);
    options.onLinks?.(every ? 'all' : { articles: unlinked.length });
  } else options.onLinks?.({ articles: 0 });
  if (options.rowCache) linksKnown = true;
  let articles: Article[];
  let articleDigests: Map<number, string>;
  if (before && places) {
    articles = before.articles.slice();
    articleDigests = before.digests;
    for (const i of places) {
      const { row, digest } = articleEntries[i]!;
      articles[i] = stableArticle(row, linksByRow.get(row)!);
      if (digest) articleDigests.set(row.id, digest);
      else articleDigests.delete(row.id);
    }
  } else {
    articles = articleEntries.map(({ row }) => stableArticle(row, linksByRow.get(row)!));
    articleDigests = new Map(articleEntries.filter((e) => e.digest).map((e) => [e.row.id, e.digest]));
  }
  if (options.rowCache) lastRows = { entries: articleEntries, articles, digests: articleDigests };
  const authors = authorRows.map(authorFromRow);
  const events: SiteEvent[] = eventRows.map((e) => ({
    id: e.id,
    title: e.title,
    eventDate: e.event_date,
    location: e.location,
    description: e.description,
    imageUrl: e.image_url,
    link: e.link,
  }));

  const lists = { categories, articles, authors, events };
  return { ...(options.rowCache ? indexUpdatedSiteData(lists) : indexSiteData(lists)), articleDigests };
}

/**
 * The last release build's article rows (in order), its Articles and digests, in this process.
 * A publish at 100,000 articles that edits a few reads those few rows again; the other rows are
 * the same objects at the same places (row-cache.ts), and so are their Articles: only the rows at
 * the changed places are looked at, instead of 100,000 links, Articles and digests. The digests
 * map is updated in place: only the newest SiteData uses it.
 */
let lastRows:
  { entries: readonly KeptRow<ArticleRow>[]; articles: Article[]; digests: Map<number, string> } | undefined;

/** More changed places than this: every row is looked at. */
const PLACES_MAX = 1000;

/**
 * The places where `next` holds another row object than `prev` for the same id; null when the
 * lists differ otherwise (length, an id at a place) or in more than PLACES_MAX places.
 */
function changedPlaces(prev: readonly KeptRow<ArticleRow>[], next: readonly KeptRow<ArticleRow>[]): number[] | null {
  if (prev.length !== next.length) return null;
  const places: number[] = [];
  for (let i = 0; i < next.length; i++) {
    if (prev[i] === next[i]) continue;
    if (prev[i]!.row.id !== next[i]!.row.id || places.push(i) > PLACES_MAX) return null;
  }
  return places;
}

/** [article_id, category_id, display_order], by article and then display order. */
type LinkTuple = [number, number, number];

/** Each article's category ids, in display order. */
function groupLinks(tuples: readonly LinkTuple[]): Map<number, number[]> {
  const byId = new Map<number, number[]>();
  for (const [articleId, categoryId] of tuples) {
    const links = byId.get(articleId);
    if (links) links.push(categoryId);
    else byId.set(articleId, [categoryId]);
  }
  return byId;
}

/**
 * Each article row's category ids as read with it. Any change to an article's links writes the
 * article (the `article_categories_content_version` trigger updates its row, and
 * `articles_before_write` sets `updated_at`), so a kept row (the same object while its
 * `updated_at` is) has the same links: a publish at 100,000 articles reads the links of the rows
 * it read again, not all ~200,000 (`site_article_links`, ~0.24 s of the embedded API's time).
 */
const linksByRow = new WeakMap<ArticleRow, number[]>();
/** Whether a release build in this process has read links for its rows (else: read them all). */
let linksKnown = false;
/** More rows without links than this: one request for every link instead of by id. */
const LINKS_BY_ID_MAX = 3000;

/**
 * The last build's Article of each kept row, while its categories are the same: a process that
 * builds many times (the warm renderer, scripts/lib/astro-build-warm.ts) reuses it, so the keys
 * and paths worked out from an article last time (src/lib/build/cache-key.ts, keyed by the
 * object) hold for it again. A kept row (row-cache.ts) is the same object from build to build
 * while its version is; a row read again is a new object, and so is its Article. Articles are
 * never changed after they are made.
 */
const articlesByRow = new WeakMap<ArticleRow, Article>();

function stableArticle(row: ArticleRow, categoryIds: number[]): Article {
  const before = articlesByRow.get(row);
  if (before && sameIds(before.categoryIds, categoryIds)) return before;
  const article = articleFromRow(row, categoryIds);
  articlesByRow.set(row, article);
  return article;
}

const PRELOADED = Symbol.for('esg-africa-news.site-data');
type WithPreload = typeof globalThis & { [PRELOADED]?: Promise<SiteData> };

/** Starts the build's one data load (see above); failures surface where it is awaited. */
export function preloadSiteData(
  client: SupabaseClient,
  apiUrl: string,
  options: SiteDataOptions = {},
): Promise<SiteData> {
  const load = fetchSiteData(client, apiUrl, options);
  load.catch(() => {});
  (globalThis as WithPreload)[PRELOADED] = load;
  return load;
}

/** The load `preloadSiteData` started in this process, if any. */
export function preloadedSiteData(): Promise<SiteData> | undefined {
  return (globalThis as WithPreload)[PRELOADED];
}
