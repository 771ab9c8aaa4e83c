import type { APIRoute, GetStaticPaths } from 'astro';
import { loadSiteData } from '../../../lib/data/load-site-data.ts';
import { categoryPath } from '../../../lib/article-links.ts';
import { cacheKeyFor } from '../../../lib/cache-key.ts';
import { RSS_ITEMS, rssFeed } from '../../../lib/feeds/rss.ts';
import { xmlResponse } from '../../../lib/feeds/xml.ts';
import type { Category } from '../../../lib/types.ts';

/** One feed per category that has articles. */
export const getStaticPaths = (async () => {
  const data = await loadSiteData();
  return data.categories
    .filter((c) => (data.articlesByCategory.get(c.id)?.length ?? 0) > 0)
    .map((category) => {
      const items = data.articlesByCategory.get(category.id)!.slice(0, RSS_ITEMS);
      return {
        params: { slug: category.slug },
        props: { category },
        cacheKey: cacheKeyFor({
          category,
          items: items.map((a) => [a.id, a.title, a.slug, a.excerpt, a.updatedAt, a.categoryIds, a.authorId]),
        }),
      };
    });
}) satisfies GetStaticPaths;

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
