/**
 * `/article-ids/{n}.json`: id → slug for the ids of one shard, the fallback the article-not-found
 * page uses on hosts that do not read `_redirects` (src/lib/rules/article-redirects.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadSiteData } from '../../lib/build/data/load-site-data.ts';
import { articleIdShardPaths } from '../../lib/build/routes/article-id-shard-paths.ts';
import { changedPaths } from '../../lib/build/routes/route-manifest.ts';

export const getStaticPaths = (async () =>
  changedPaths('/article-ids/[shard].json', articleIdShardPaths(await loadSiteData()))) satisfies GetStaticPaths;

export const GET: APIRoute<{ slugs: Record<string, string> }> = ({ props }) =>
  new Response(JSON.stringify(props.slugs), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
