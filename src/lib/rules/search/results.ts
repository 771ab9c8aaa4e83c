/**
 * The pure part of the /search page: its page size and orders, its URL, status lines and
 * document title, and the card details (category chips, byline) joined from the two batched
 * reads that follow the search_articles_page RPC (src/lib/browser/search/search-articles.ts). No network, no DOM: unit-tested in
 * tests/unit/lib-search.test.ts.
 */
import type { NavLink } from '../view/types.ts';
import { authorName, categoryPath, searchPath } from '../article-links.ts';
import { cardCategories } from '../categories.ts';
import { SITE_NAME } from '../../site.ts';
import { MESSAGES } from '../../messages/reader.ts';
import type { Article, Author, Category } from '../../types.ts';

/**
 * Results per page (8 full rows of the 3-column grid). The page shows the first page, then
 * 'Load more' appends the next until every match is shown (issue 28: no list stops silently). A
 * page is read from the database by `search_articles_page`, which pages inside the database and
 * returns the number of matches; the category and author reads that follow cover one page's ids.
 */
export const SEARCH_PAGE_SIZE = 24;

/**
 * The two orders the page offers. Relevance is the default: a reader who types words wants the
 * articles about them first, and the ranking puts title matches and the closest titles ahead of
 * an excerpt that mentions the word in passing. 'Newest first' is the spec's order for article
 * reads (§7: published_at, then created_at, descending), for a reader following a story.
 */
export type SearchOrder = 'relevance' | 'newest';

/** The order the URL asks for (`?sort=newest`); relevance otherwise. */
export function orderFromSearch(search: string): SearchOrder {
  return new URLSearchParams(search).get('sort') === 'newest' ? 'newest' : 'relevance';
}

/** '/search?q=…' with `&sort=newest` for that order ('/search' without a query). */
export function searchUrl(query: string, order: SearchOrder): string {
  const path = searchPath(query);
  return query && order === 'newest' ? `${path}&sort=newest` : path;
}

/** The status line: 'No results found.' or 'N result(s) for “q”'. */
export function searchStatusText(total: number, query: string): string {
  if (total <= 0) return MESSAGES.noSearchResults;
  return `${total} ${total === 1 ? 'result' : 'results'} for “${query}”`;
}

/** The line beside 'Load more': 'Showing 24 of 120'. */
export function searchShownText(shown: number, total: number): string {
  return `Showing ${shown} of ${total}`;
}

/**
 * The document title while `query` is shown: 'Search results for “q” | ESG Africa News'; the
 * page's static title (as built, 'Search | ESG Africa News') when there is no query.
 */
export function searchDocumentTitle(query: string, staticTitle: string): string {
  const q = query.replace(/\s+/g, ' ').trim();
  return q ? `Search results for “${q}” | ${SITE_NAME}` : staticTitle;
}

/** The search box's query as the URL carries it (?q=…); '' when there is none. */
export function queryFromSearch(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}

/** A row of `article_categories` with its category embedded (`categories(id, name, slug, …)`). */
export interface ArticleCategoryRow {
  article_id: number;
  display_order: number;
  categories: {
    id: number;
    name: string;
    slug: string;
    parent_id: number | null;
    menu_order: number;
  } | null;
}

/** The public columns of a `profiles` row a byline needs. */
export interface AuthorRow {
  id: string;
  username: string;
  display_name: string | null;
}

/**
 * What the two batched reads found. Either part is null when its read failed: the cards then
 * leave out the chips (or the byline) instead of guessing.
 */
export interface ResultDetails {
  categories: { categoryById: Map<number, Category>; categoryIdsByArticle: Map<number, number[]> } | null;
  authorById: Map<string, Pick<Author, 'username' | 'displayName'>> | null;
}

/**
 * Indexes the batched rows: each article's category ids in display order (ties by id, as the
 * build orders them) and the authors by id. Rows whose category is missing are dropped.
 */
export function resultDetails(
  categoryRows: readonly ArticleCategoryRow[] | null,
  authorRows: readonly AuthorRow[] | null,
): ResultDetails {
  let categories: ResultDetails['categories'] = null;
  if (categoryRows) {
    const categoryById = new Map<number, Category>();
    const links = new Map<number, { id: number; order: number }[]>();
    for (const row of categoryRows) {
      const c = row.categories;
      if (!c) continue;
      categoryById.set(c.id, { id: c.id, name: c.name, slug: c.slug, parentId: c.parent_id, menuOrder: c.menu_order });
      const list = links.get(row.article_id) ?? [];
      list.push({ id: c.id, order: row.display_order });
      links.set(row.article_id, list);
    }
    const categoryIdsByArticle = new Map(
      [...links].map(([articleId, list]) => [
        articleId,
        list.sort((a, b) => a.order - b.order || a.id - b.id).map((l) => l.id),
      ]),
    );
    categories = { categoryById, categoryIdsByArticle };
  }
  const authorById = authorRows
    ? new Map(authorRows.map((p) => [p.id, { username: p.username, displayName: p.display_name }]))
    : null;
  return { categories, authorById };
}

/** The search result fields a card's details depend on. */
export interface CardSource {
  id: number;
  author_id: string | null;
  primary_category_id: number | null;
}

/** The chips and byline of one result card; null parts are left out of the card. */
export interface ResultCardDetails {
  /** Up to 4 chips linking to /category/{slug}, as on every other card (cardCategories). */
  categories: NavLink[] | null;
  /** The author's name, 'Unknown Author' when the article has none (or it is not public). */
  authorName: string | null;
}

/** A result's chips and byline, by the same rules as the site's other cards (src/lib/rules/view/cards.ts). */
export function resultCardDetails(result: CardSource, details: ResultDetails | null): ResultCardDetails {
  const categories = details?.categories;
  const article: Pick<Article, 'categoryIds' | 'primaryCategoryId'> = {
    categoryIds: categories?.categoryIdsByArticle.get(result.id) ?? [],
    primaryCategoryId: result.primary_category_id,
  };
  const authors = details?.authorById;
  return {
    categories: categories
      ? cardCategories(article, categories.categoryById).map((c) => ({ name: c.name, href: categoryPath(c) }))
      : null,
    authorName: authors ? authorName(result.author_id ? authors.get(result.author_id) : null) : null,
  };
}

/** The distinct author ids of the results, for one `profiles` read. */
export function resultAuthorIds(results: readonly Pick<CardSource, 'author_id'>[]): string[] {
  return [...new Set(results.flatMap((r) => (r.author_id ? [r.author_id] : [])))];
}
