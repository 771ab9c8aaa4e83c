/**
 * The search call of the /search island: the `search_articles` RPC (accent- and case-insensitive
 * on title and excerpt, ranked). The query runs as soon as the page opens, so its client is
 * before-interaction JavaScript: it uses postgrest-js, the REST client inside supabase-js (same
 * builder, same requests), without the auth, storage and realtime clients a public read never
 * needs. That keeps the page's JavaScript about 50 KB smaller (docs/performance-history.md, "Pages").
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from '../../env.ts';
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

let client: PostgrestClient | undefined;

/** The anonymous REST client, as supabase-js configures it: the publishable key as API key and bearer. */
function publicClient(): PostgrestClient {
  client ??= new PostgrestClient(`${PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: PUBLIC_SUPABASE_PUBLISHABLE_KEY, Authorization: `Bearer ${PUBLIC_SUPABASE_PUBLISHABLE_KEY}` },
  });
  return client;
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
  const { data, error } = await publicClient()
    .rpc('search_articles', { q: query, max_results: limit })
    .select(COLUMNS)
    .limit(limit);
  if (error) throw new Error(error.message);
  return (data ?? []) as SearchResult[];
}

/**
 * The categories and authors of the shown results, for their cards: two reads in parallel,
 * whatever the number of results (never one per result). A read that fails yields null for its
 * part, so the results still show, without chips or byline; this never rejects.
 */
export async function searchResultDetails(results: readonly SearchResult[]): Promise<ResultDetails> {
  const client = publicClient();
  const [categoryRows, authorRows] = await Promise.all([
    settle(async () => {
      const articleIds = results.map((r) => r.id);
      if (articleIds.length === 0) return [];
      const { data, error } = await client
        .from('article_categories')
        .select('article_id,display_order,categories(id,name,slug,parent_id,menu_order)')
        .in('article_id', articleIds)
        .order('article_id')
        .order('display_order')
        .order('category_id');
      if (error) throw new Error(error.message);
      return (data ?? []) as unknown as ArticleCategoryRow[];
    }),
    settle(async () => {
      const authorIds = resultAuthorIds(results);
      if (authorIds.length === 0) return [];
      // Public columns only; anonymous readers see author and admin profiles (as the build does).
      const { data, error } = await client.from('profiles').select('id,username,display_name').in('id', authorIds);
      if (error) throw new Error(error.message);
      return (data ?? []) as AuthorRow[];
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
