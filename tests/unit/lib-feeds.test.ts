import { describe, expect, it } from 'vitest';
import { newsSitemap, recentArticles } from '../../src/lib/build/feeds/news-sitemap.ts';
import { RSS_ITEMS, rssFeed } from '../../src/lib/build/feeds/rss.ts';
import { xmlEscape } from '../../src/lib/build/feeds/xml.ts';
import { article, siteData } from './lib-fixtures.ts';

const SITE = 'https://esg.example';

describe('xmlEscape', () => {
  it.each([
    ['Mines & communities: “social licence”', 'Mines &amp; communities: “social licence”'],
    ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
    ["Côte d'Ivoire", 'Côte d&apos;Ivoire'],
    ['bell\u0007char', 'bellchar'],
  ])('%s', (input, expected) => {
    expect(xmlEscape(input)).toBe(expected);
  });
});

describe('news sitemap', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();

  it('keeps only articles published in the last 48 hours, from the list newest first', () => {
    const list = [
      article({ id: 0, publishedAt: at(-1) }),
      article({ id: 1, publishedAt: at(1) }),
      article({ id: 2, publishedAt: at(47.9) }),
      article({ id: 3, publishedAt: at(48.1) }),
      article({ id: 4, publishedAt: null }),
    ];
    expect(recentArticles(list, now).map((a) => a.id)).toEqual([1, 2]);
  });

  it('lists each article with publication, language, date and escaped title', () => {
    const xml = newsSitemap([article({ title: 'Mines & money', slug: 'mines-money', publishedAt: at(2) })], SITE);
    expect(xml).toContain('<loc>https://esg.example/article/mines-money</loc>');
    expect(xml).toContain('<news:name>ESG Africa News</news:name>');
    expect(xml).toContain('<news:language>en</news:language>');
    expect(xml).toContain('<news:title>Mines &amp; money</news:title>');
  });
});

describe('rss', () => {
  it('describes the channel and each item with link, guid, date, categories and author', () => {
    const xml = rssFeed(
      { title: 'ESG Africa News', description: 'News', path: '/', feedPath: '/rss.xml' },
      [article()],
      siteData([article()]),
      SITE,
    );
    expect(xml).toContain('<atom:link href="https://esg.example/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<link>https://esg.example/article/eskom-wheeling-wind</link>');
    expect(xml).toContain('<guid isPermaLink="true">https://esg.example/article/eskom-wheeling-wind</guid>');
    expect(xml).toContain(`<pubDate>${new Date('2026-11-19T08:00:00.000Z').toUTCString()}</pubDate>`);
    expect(xml).toMatch(/<category>[^<]+<\/category>/);
  });

  it(`carries at most ${RSS_ITEMS} items`, () => {
    const many = Array.from({ length: RSS_ITEMS + 10 }, (_, i) => article({ id: i + 1, slug: `a-${i}` }));
    const data = siteData(many);
    const xml = rssFeed(
      { title: 'Energy', description: 'x', path: '/category/energy', feedPath: '/category/energy/rss.xml' },
      many,
      data,
      SITE,
    );
    expect(xml.match(/<item>/g)).toHaveLength(RSS_ITEMS);
    expect(xml).toContain('<title>Energy | ESG Africa News</title>');
  });
});
