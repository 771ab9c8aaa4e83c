/**
 * The one supabase-js client factory of the app. Build-time reads use the publishable key (the
 * anon role), so nothing a visitor could not read (drafts, archived pages) can ever end up in
 * static HTML.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from './env.ts';
import type { Database } from './database.types.ts';

let buildClient: SupabaseClient | undefined;

/** The client for reads during `astro build`: no session, no token refresh, no URL parsing. */
export function getBuildClient(): SupabaseClient {
  buildClient ??= createClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return buildClient;
}

let browserClient: SupabaseClient<Database> | undefined;

/**
 * The signed-in browser client (dashboard, preview, personal islands): the session persists in
 * localStorage as supabase-js stores it and is refreshed automatically. Typed from the generated
 * schema (`database.types.ts`, checked against the migrations by `npm run types:check`).
 */
export function getBrowserClient(): SupabaseClient<Database> {
  browserClient ??= createClient<Database>(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_PUBLISHABLE_KEY);
  return browserClient;
}
