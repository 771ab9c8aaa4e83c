/**
 * Build-time / browser configuration of the app. The app reaches Supabase only over HTTP, so the
 * same build runs against the local stack (`npm start`) or hosted Supabase: set
 * PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY in the environment (or .env) before building.
 */

/** Default API URL: the local Supabase-compatible server started by `npm start`. */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/**
 * Default anon key: the public *development* key of the local stack (the Supabase CLI's well-known
 * demo key, signed with its demo JWT secret). It grants nothing beyond the anon role and is only
 * valid against a local server; a real deployment overrides it with PUBLIC_SUPABASE_ANON_KEY.
 */
const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const PUBLIC_SUPABASE_URL: string = import.meta.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;
export const PUBLIC_SUPABASE_ANON_KEY: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_SUPABASE_ANON_KEY;
