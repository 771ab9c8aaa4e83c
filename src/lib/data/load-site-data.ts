/**
 * The build's one data load, shared by every route: the one the Astro config started when the
 * build began (fetch-site-data.ts), or, outside `astro build` (the dev server), one started here.
 */
import { PUBLIC_SUPABASE_URL } from '../env.ts';
import { getBuildClient } from '../supabase.ts';
import type { SiteData } from '../types.ts';
import { fetchSiteData, preloadedSiteData } from './fetch-site-data.ts';

let shared: Promise<SiteData> | undefined;

export function loadSiteData(): Promise<SiteData> {
  shared ??= preloadedSiteData() ?? fetchSiteData(getBuildClient(), PUBLIC_SUPABASE_URL);
  return shared;
}
