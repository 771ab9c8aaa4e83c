/**
 * Where the local stack answers by default. Free of `import.meta.env`, so plain-Node code (the
 * Astro config, scripts) and the app agree on one value.
 */

/** Default API URL: the local Supabase-compatible server started by `npm start`. */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

/**
 * Default publishable key: the public *development* key of the local stack (the Supabase CLI's
 * well-known `sb_publishable_…` key; the server's DEV_PUBLISHABLE_KEY, kept equal by a unit test).
 * It grants nothing beyond the anon role and is only valid against a local server on 127.0.0.1;
 * a real deployment overrides it with PUBLIC_SUPABASE_PUBLISHABLE_KEY.
 */
export const LOCAL_SUPABASE_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
