/**
 * The one supabase-js client factory of the app. Build-time reads use the anon key, so nothing a
 * visitor could not read (drafts, archived pages) can ever end up in static HTML.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from './env.ts';

let buildClient: SupabaseClient | undefined;

/** The client for reads during `astro build`: no session, no token refresh, no URL parsing. */
export function getBuildClient(): SupabaseClient {
  buildClient ??= createClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return buildClient;
}
