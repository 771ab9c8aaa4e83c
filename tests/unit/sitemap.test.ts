/**
 * The build's sitemap writer (scripts/lib/sitemap.ts): which pages it lists, in what order, and
 * how it splits and dates the files. The built site's sitemap is checked in tests/e2e/feeds.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { ENTRY_LIMIT, sitemapEntries, sitemapFiles } from '../../scripts/lib/sitemap.ts';
import { PLAIN_PATH } from '../../src/lib/build/sitemap-lastmod.ts';

const SITE = 'https://news.example/';
const options = {
  exclude: /^\/(dashboard|search)(\/|$)/,
  lastmod: (url: string) => (url.includes('/article/') ? '2026-11-20T10:00:00.000Z' : undefined),
};

describe('sitemapEntries', () => {
  it('lists HTML pages by canonical URL, without error pages, files or excluded paths', () => {
    const entries = sitemapEntries(
      SITE,
      [
        '',
        'about/',
        '404',
        '500',
        'rss.xml',
        'trending.json',
        'dashboard/',
        'dashboard/articles/',
        'search/',
        'article/a/',
      ],
      options,
    );
    expect(entries).toEqual([
      { url: 'https://news.example/' },
      { url: 'https://news.example/about' },
      { url: 'https://news.example/article/a', lastmod: '2026-11-20T10:00:00.000Z' },
    ]);
  });

  it('orders numbered pages by number, not by character', () => {
    const urls = sitemapEntries(SITE, ['category/x/10/', 'category/x/2/', 'category/x/', 'category/x/1/'], options).map(
      (e) => e.url,
    );
    expect(urls).toEqual([
      'https://news.example/category/x',
      'https://news.example/category/x/1',
      'https://news.example/category/x/2',
      'https://news.example/category/x/10',
    ]);
  });

  it('escapes what XML must not hold raw', () => {
    const files = sitemapFiles(SITE, [{ url: 'https://news.example/a?b=1&c=<2>' }]);
    expect(files.get('sitemap-0.xml')).toContain('<loc>https://news.example/a?b=1&amp;c=&lt;2&gt;</loc>');
  });
});

describe('PLAIN_PATH (the paths a sitemap URL is built for without parsing)', () => {
  const site = 'https://news.example:8443/base/';
  it.each([
    '/',
    '/about',
    '/article/water-week-2026',
    '/article/c%C3%B4te-d-ivoire',
    '/category/energy/12',
    '/a..b/c~d_e',
  ])('%s is taken as it is, as the URL parser would', (p) => {
    expect(PLAIN_PATH.test(p)).toBe(true);
    expect(new URL(site).origin + p).toBe(new URL(p, site).href);
  });
  it.each(['/article/côte', '/a/./b', '/a/../b', '/a/..', '/a b', '/a?b', '/a#b', '//host/x', 'about'])(
    '%s is left to the URL parser',
    (p) => expect(PLAIN_PATH.test(p)).toBe(false),
  );
  it('gives the same sitemap URLs as parsing every path', () => {
    const paths = ['', 'article/c%C3%B4te/', 'article/côte d ivoire/', 'category/x/../energy/'];
    expect(sitemapEntries(site, paths, options).map((e) => e.url)).toEqual(
      paths
        .map((p) => new URL(`/${p.replace(/\/$/, '')}`, site).href)
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    );
  });
});

describe('sitemapFiles', () => {
  it(`splits at ${ENTRY_LIMIT} URLs a file and dates each file in the index by its newest entry`, () => {
    const entries = Array.from({ length: ENTRY_LIMIT + 1 }, (_, i) => ({
      url: `https://news.example/article/a${i}`,
      lastmod: i === 7 ? '2026-11-24T08:00:00.000Z' : '2026-11-01T08:00:00.000Z',
    }));
    entries.push({ url: 'https://news.example/about' } as (typeof entries)[number]);
    const files = sitemapFiles(SITE, entries);
    expect([...files.keys()].sort()).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-index.xml', 'sitemap.xml']);
    expect(files.get('sitemap-0.xml')!.match(/<url>/g)).toHaveLength(ENTRY_LIMIT);
    expect(files.get('sitemap-1.xml')!.match(/<url>/g)).toHaveLength(2);
    const index = files.get('sitemap-index.xml')!;
    expect(index).toContain(
      '<sitemap><loc>https://news.example/sitemap-0.xml</loc><lastmod>2026-11-24T08:00:00.000Z</lastmod></sitemap>',
    );
    expect(index).toContain(
      '<sitemap><loc>https://news.example/sitemap-1.xml</loc><lastmod>2026-11-01T08:00:00.000Z</lastmod></sitemap>',
    );
    expect(files.get('sitemap.xml')).toBe(index);
  });

  it('writes an undated file without a lastmod in the index', () => {
    const index = sitemapFiles(SITE, [{ url: 'https://news.example/about' }]).get('sitemap-index.xml')!;
    expect(index).toContain('<sitemap><loc>https://news.example/sitemap-0.xml</loc></sitemap>');
  });
});
