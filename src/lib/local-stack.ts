/**
 * Where the local stack answers by default. Free of `import.meta.env`, so plain-Node code (the
 * Astro config, scripts) and the app agree on one value.
 */

/** Default API URL: the local Supabase-compatible server started by `npm start`. */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/**
 * Default anon key: the public *development* key of the local stack (the Supabase CLI's well-known
 * demo key, signed with its demo JWT secret). It grants nothing beyond the anon role and is only
 * valid against a local server; a real deployment overrides it with PUBLIC_SUPABASE_ANON_KEY.
 */
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
