import type { APIRoute, GetStaticPaths } from 'astro';
import { loadSiteData } from '../../../lib/build/data/load-site-data.ts';
import { categoryPath } from '../../../lib/rules/article-links.ts';
import { categoryFeedPaths } from '../../../lib/build/routes/category-feed-paths.ts';
import { changedPaths } from '../../../lib/build/routes/route-manifest.ts';
import { rssFeed } from '../../../lib/build/feeds/rss.ts';
import { xmlResponse } from '../../../lib/build/feeds/xml.ts';
import type { Category } from '../../../lib/types.ts';

/** One feed per category that has articles. */
export const getStaticPaths = (async () =>
  changedPaths('/category/[slug]/rss.xml', categoryFeedPaths(await loadSiteData()))) satisfies GetStaticPaths;

export const GET: APIRoute<{ category: Category }> = async ({ props, site }) => {
  const data = await loadSiteData();
  const { category } = props;
  const channel = {
    title: category.name,
    description: `The latest ${category.name} stories from South Africa and Africa.`,
    path: categoryPath(category),
    feedPath: `${categoryPath(category)}/rss.xml`,
  };
  return xmlResponse(
    rssFeed(channel, data.articlesByCategory.get(category.id) ?? [], data, site!),
    'application/rss+xml',
  );
};
