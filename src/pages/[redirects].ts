/**
 * `/_redirects`: the static host's redirect rules for `/article/{id}` (src/lib/rules/article-redirects.ts).
 * A dynamic route because Astro never routes a file whose name starts with `_`. Rendered on every
 * build from the build's one data load (no cacheKey: the file is small and always current).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadSiteData } from '../lib/build/data/load-site-data.ts';
import { articleIdRedirects, redirectsFile } from '../lib/rules/article-redirects.ts';

export const getStaticPaths = (() => [{ params: { redirects: '_redirects' } }]) satisfies GetStaticPaths;

export const GET: APIRoute = async () =>
  new Response(redirectsFile(articleIdRedirects(await loadSiteData())), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
