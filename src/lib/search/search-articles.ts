/**
 * The search call of the /search island: the `search_articles` RPC (accent- and case-insensitive
 * on title and excerpt, ranked). supabase-js is imported on first use, so it is not part of the
 * page's initial bundle.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
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

let client: Promise<SupabaseClient> | undefined;

/** The browser's anonymous client, created once; public data needs no session. */
function browserClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  );
  return client;
}

/** Published articles matching the query, best first; an empty query finds nothing. */
export async function searchArticles(q: string): Promise<SearchResult[]> {
  const query = q.trim();
  if (!query) return [];
  const supabase = await browserClient();
  const { data, error } = await supabase.rpc('search_articles', { q: query }).select(COLUMNS);
  if (error) throw new Error(error.message);
  return (data ?? []) as SearchResult[];
}
