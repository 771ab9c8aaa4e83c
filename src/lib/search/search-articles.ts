/**
 * The search call of the /search island: the `search_articles` RPC (accent- and case-insensitive
 * on title and excerpt, ranked). The query runs as soon as the page opens, so its client is
 * before-interaction JavaScript: it uses postgrest-js, the REST client inside supabase-js (same
 * builder, same requests), without the auth, storage and realtime clients a public read never
 * needs. That keeps the page's JavaScript about 50 KB smaller (docs/performance.md).
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from '../env.ts';

export interface SearchResult {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  hero_image_url: string | null;
  published_at: string | null;
  created_at: string;
}

const COLUMNS = 'id,title,slug,excerpt,hero_image_url,published_at,created_at';

let client: PostgrestClient | undefined;

/** The anonymous REST client, as supabase-js configures it: the anon key as API key and bearer. */
function publicClient(): PostgrestClient {
  client ??= new PostgrestClient(`${PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: PUBLIC_SUPABASE_ANON_KEY, Authorization: `Bearer ${PUBLIC_SUPABASE_ANON_KEY}` },
  });
  return client;
}

/** Published articles matching the query, best first; an empty query finds nothing. */
export async function searchArticles(q: string): Promise<SearchResult[]> {
  const query = q.trim();
  if (!query) return [];
  const { data, error } = await publicClient().rpc('search_articles', { q: query }).select(COLUMNS);
  if (error) throw new Error(error.message);
  return (data ?? []) as SearchResult[];
}
