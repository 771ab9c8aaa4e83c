import type { APIRoute } from 'astro';

/** Crawl everything public; keep staff and preview shells out; point to both sitemaps. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /dashboard',
      'Disallow: /preview',
      'Disallow: /profile',
      'Disallow: /bookmarks',
      '',
      `Sitemap: ${new URL('/sitemap-index.xml', site)}`,
      `Sitemap: ${new URL('/news-sitemap.xml', site)}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
