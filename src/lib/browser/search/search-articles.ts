/**
 * The calls of the /search page (src/browser/search-page.ts): the `search_articles_page` RPC
 * (accent- and case-insensitive on title and excerpt; one page, by relevance or newest first,
 * with the number of matches), then the page's categories and authors. The query runs as soon as the page opens, so this is before-interaction JavaScript:
 * plain `fetch` requests to the REST endpoint (`rest()`), the same ones postgrest-js would send,
 * always as the anonymous caller (a public read), without React or a client library
 * (docs/performance.md, "Pages").
 */
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY } from '../../env.ts';
import { rest, type Caller } from '../engagement/rest.ts';
import {
  SEARCH_PAGE_SIZE,
  resultAuthorIds,
  resultDetails,
  type ArticleCategoryRow,
  type AuthorRow,
  type ResultDetails,
  type SearchOrder,
} from '../../rules/search/results.ts';

export interface SearchResult {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  hero_image_url: string | null;
  published_at: string | null;
  created_at: string;
  author_id: string | null;
  primary_category_id: number | null;
}

const ANON: Caller = { token: PUBLIC_SUPABASE_PUBLISHABLE_KEY, userId: null };

/** One call to `/rest/v1/<path>` as the anonymous caller (a POST when it has a body); throws its message. */
async function read<T>(path: string, init: { body?: unknown } = {}): Promise<T> {
  const result = await rest<T>(path, {
    method: init.body === undefined ? 'GET' : 'POST',
    body: init.body,
    caller: ANON,
    minimal: false,
  });
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

/** One page of results and the number of matches in all. */
export interface SearchPage {
  rows: SearchResult[];
  total: number;
}

/**
 * One page of the published articles matching the query, in `order`, from `offset`; an empty
 * query finds nothing. The database pages and counts (search_articles_page), so a common word
 * costs one page of rows, however many articles it matches.
 */
export async function searchArticlesPage(
  q: string,
  {
    order = 'relevance',
    offset = 0,
    size = SEARCH_PAGE_SIZE,
  }: { order?: SearchOrder; offset?: number; size?: number } = {},
): Promise<SearchPage> {
  const query = q.trim();
  if (!query) return { rows: [], total: 0 };
  const rows = await read<(SearchResult & { total_count: number })[] | null>('rpc/search_articles_page', {
    body: { q: query, newest: order === 'newest', page_size: size, page_offset: offset },
  });
  const list = rows ?? [];
  return {
    rows: list.map(({ total_count: _total, ...row }) => row),
    total: list[0]?.total_count ?? (offset > 0 ? offset : 0),
  };
}

/**
 * The categories and authors of the shown results, for their cards: two reads in parallel,
 * whatever the number of results (never one per result). A read that fails yields null for its
 * part, so the results still show, without chips or byline; this never rejects.
 */
export async function searchResultDetails(results: readonly SearchResult[]): Promise<ResultDetails> {
  const [categoryRows, authorRows] = await Promise.all([
    settle(async () => {
      const articleIds = results.map((r) => r.id);
      if (articleIds.length === 0) return [];
      const rows = await read<ArticleCategoryRow[] | null>(
        `article_categories?select=article_id,display_order,categories(id,name,slug,parent_id,menu_order)` +
          `&article_id=in.(${articleIds.join(',')})&order=article_id,display_order,category_id`,
      );
      return rows ?? [];
    }),
    settle(async () => {
      const authorIds = resultAuthorIds(results);
      if (authorIds.length === 0) return [];
      // Public columns only; anonymous readers see author and admin profiles (as the build does).
      const ids = authorIds.map((id) => encodeURIComponent(id)).join(',');
      return (await read<AuthorRow[] | null>(`profiles?select=id,username,display_name&id=in.(${ids})`)) ?? [];
    }),
  ]);
  return resultDetails(categoryRows, authorRows);
}

/** The value of `read`, or null (logged) when it throws or rejects. */
async function settle<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    console.warn('Search: card details could not be loaded', error);
    return null;
  }
}
