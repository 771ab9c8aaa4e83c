/**
 * The one supabase-js client of the browser (the build reads through its own, in
 * src/lib/build/data/load-site-data.ts).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from '../env.ts';
import type { Database } from '../database.types.ts';

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
