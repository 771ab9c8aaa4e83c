/**
 * Every internal URL of the public site is built here, so links, canonical URLs, sitemaps and
 * `getStaticPaths` agree on one shape: /article/{slug}, /category/{slug}[/{page}],
 * /author/{username}[/{page}].
 */
import type { Article, Author, Category, SiteData } from '../types.ts';
import { LABELS } from '../messages/reader.ts';
import { LISTING_PAGE_SIZE } from '../site.ts';

const segment = (value: string): string => encodeURIComponent(value);

/** The site origin: Astro's `site` (a URL) or a string such as 'https://esgafrica.example'. */
export type SiteUrl = URL | string;

/**
 * A stored URL that may become a link or a frame: an absolute http(s) URL or a path on this site,
 * else null. Staff type these (a report's PDF), so `javascript:`, `data:` and protocol-relative
 * URLs are refused here rather than trusted.
 */
export function linkableUrl(url: string | null | undefined): string | null {
  const value = url?.trim() ?? '';
  return /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?![/\\])\S*$/.test(value) ? value : null;
}

/**
 * An absolute URL for a path or URL: absolute http(s) URLs are kept (normalised), anything else
 * resolves against the site's origin. Open Graph, canonical and JSON-LD all require absolute URLs.
 */
export function absoluteUrl(pathOrUrl: string, site: SiteUrl): string {
  return /^https?:\/\//i.test(pathOrUrl) ? new URL(pathOrUrl).href : new URL(pathOrUrl, site).href;
}

/** The canonical path of an article: always the slug (§2). */
export function articlePath(article: Pick<Article, 'slug'>): string {
  return `/article/${segment(article.slug)}`;
}

/** The id alias of an article (§2: "an article id is accepted in place of the slug"). */
export function articleIdPath(id: number): string {
  return `/article/${id}`;
}

/** A listing page path: page 1 is the bare base path, later pages append '/{n}'. */
export function listingPath(basePath: string, page = 1): string {
  return page <= 1 ? basePath : `${basePath}/${page}`;
}

/** A category listing, e.g. '/category/renewables' or '/category/renewables/2'. */
export function categoryPath(category: Pick<Category, 'slug'>, page = 1): string {
  return listingPath(`/category/${segment(category.slug)}`, page);
}

/** An author profile with their articles, e.g. '/author/thandi' or '/author/thandi/2'. */
export function authorPath(author: Pick<Author, 'username'>, page = 1): string {
  return listingPath(`/author/${segment(author.username)}`, page);
}

/** The search page for a query, as the header box submits it (§2). */
export function searchPath(query: string): string {
  return query ? `/search?q=${encodeURIComponent(query)}` : '/search';
}

/** How an author is named on bylines and in JSON-LD: display name, else username, else 'Unknown Author'. */
export function authorName(author: Pick<Author, 'displayName' | 'username'> | null | undefined): string {
  return author?.displayName?.trim() || author?.username?.trim() || LABELS.unknownAuthor;
}

/** The result of resolving an `/article/{param}` route parameter. */
export interface ResolvedArticle {
  article: Article;
  /** Always the slug path, whichever form was requested. */
  canonicalPath: string;
  /** True when the parameter was the id: the page redirects to (or canonicalises on) the slug. */
  viaId: boolean;
}

/**
 * Finds the article for a route parameter, as the spec reads it (§7: "by slug with fallback to
 * id"): the slug first, so an article whose slug happens to be digits ('2030') stays reachable,
 * then a plain decimal id. Returns null when neither matches ('Article not found.').
 */
export function resolveArticle(
  param: string,
  data: Pick<SiteData, 'articleBySlug' | 'articleById'>,
): ResolvedArticle | null {
  const bySlug = data.articleBySlug.get(param);
  if (bySlug) return { article: bySlug, canonicalPath: articlePath(bySlug), viaId: false };
  if (!/^[1-9]\d{0,15}$/.test(param)) return null;
  const byId = data.articleById.get(Number(param));
  return byId ? { article: byId, canonicalPath: articlePath(byId), viaId: true } : null;
}

/** One page of a paginated listing, with what `rel="prev"`/`rel="next"` links need. */
export interface ListingPage<T> {
  items: T[];
  /** 1-based page number. */
  page: number;
  totalPages: number;
  totalItems: number;
  path: string;
  prevPath: string | null;
  nextPath: string | null;
}

/**
 * Splits a listing into pages of `pageSize` (24 by default) under `basePath`. An empty listing
 * still has one (empty) page, so the category page can say 'No articles found in this category.'
 */
export function paginate<T>(
  items: readonly T[],
  basePath: string,
  pageSize: number = LISTING_PAGE_SIZE,
): ListingPage<T>[] {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`page size must be ≥ 1, got ${pageSize}`);
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  return Array.from({ length: totalPages }, (_, i) => {
    const page = i + 1;
    return {
      items: items.slice(i * pageSize, page * pageSize),
      page,
      totalPages,
      totalItems: items.length,
      path: listingPath(basePath, page),
      prevPath: page > 1 ? listingPath(basePath, page - 1) : null,
      nextPath: page < totalPages ? listingPath(basePath, page + 1) : null,
    };
  });
}

/**
 * The optional `[page]` route parameter for a listing page: undefined for page 1 (the bare path,
 * with a rest parameter `[...page]`), the number as a string otherwise.
 */
export function pageParam(page: number): string | undefined {
  return page <= 1 ? undefined : String(page);
}
