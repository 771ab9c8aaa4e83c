/**
 * The one supabase-js client factory of the app. Build-time reads use the anon key, so nothing a
 * visitor could not read (drafts, archived pages) can ever end up in static HTML.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from './env.ts';

/** PostgREST's "table not found in the schema cache" error (schema not migrated yet). */
export const TABLE_NOT_FOUND = 'PGRST205';

let buildClient: SupabaseClient | undefined;

/** The client for reads during `astro build`: no session, no token refresh, no URL parsing. */
export function getBuildClient(): SupabaseClient {
  buildClient ??= createClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return buildClient;
}

/** A build-time read failed for another reason than a missing table: fail the build loudly. */
export function buildReadError(what: string, error: { code?: string; message: string }): Error {
  return new Error(
    `Reading ${what} from ${PUBLIC_SUPABASE_URL} failed (${error.code || 'no code'}): ${error.message}. ` +
      'Is the API running? `npm start` starts the local one; set PUBLIC_SUPABASE_URL for another.',
  );
}
