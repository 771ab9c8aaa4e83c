/**
 * The build's one data load, shared by every route: the one the Astro config started when the
 * build began (fetch-site-data.ts), or, outside `astro build` (the dev server), one started here.
 * The preloaded one is looked up on every call, never kept here: the warm renderer
 * (scripts/lib/astro-build-warm.ts) renders many builds with this module loaded once, each with
 * the data its own `astro:build:start` read.
 */
import { createClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from '../../env.ts';
import type { SiteData } from '../../types.ts';
import { fetchSiteData, preloadedSiteData } from './fetch-site-data.ts';

let shared: Promise<SiteData> | undefined;

export function loadSiteData(): Promise<SiteData> {
  const preloaded = preloadedSiteData();
  if (preloaded) return preloaded;
  shared ??= fetchSiteData(buildClient(), PUBLIC_SUPABASE_URL);
  return shared;
}

/**
 * The client for reads during the build: the publishable key (the anon role), so nothing a
 * visitor could not read (drafts, archived pages) can ever end up in static HTML; no session, no
 * token refresh, no URL parsing.
 */
function buildClient() {
  return createClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
