/**
 * The calls of the /search page (src/browser/search-page.ts): the `search_articles` RPC
 * (accent- and case-insensitive on title and excerpt, ranked), then the results' categories and
 * authors. The query runs as soon as the page opens, so this is before-interaction JavaScript:
 * plain `fetch` requests to the REST endpoint (`rest()`), the same ones postgrest-js would send,
 * always as the anonymous caller (a public read), without React or a client library
 * (docs/performance.md, "Pages").
 */
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY } from '../../env.ts';
import { rest, type Caller } from '../engagement/rest.ts';
import {
  SEARCH_RESULT_LIMIT,
  resultAuthorIds,
  resultDetails,
  type ArticleCategoryRow,
  type AuthorRow,
  type ResultDetails,
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

const COLUMNS = 'id,title,slug,excerpt,hero_image_url,published_at,created_at,author_id,primary_category_id';

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

/**
 * Published articles matching the query, best first; an empty query finds nothing. At most
 * `limit` rows: the page asks for one more than it shows (capResults in results.ts), so it knows
 * whether there are more without counting them.
 */
export async function searchArticles(q: string, limit: number = SEARCH_RESULT_LIMIT + 1): Promise<SearchResult[]> {
  const query = q.trim();
  if (!query) return [];
  // max_results cuts the ranked list inside the database, before whole rows are read.
  const rows = await read<SearchResult[] | null>(`rpc/search_articles?select=${COLUMNS}&limit=${limit}`, {
    body: { q: query, max_results: limit },
  });
  return rows ?? [];
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
