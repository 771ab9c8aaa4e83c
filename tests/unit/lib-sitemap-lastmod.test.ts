import { describe, expect, it } from 'vitest';
import { indexSiteData } from '../../src/lib/build/data/index-site-data.ts';
import {
  buildLastmodIndex,
  lastmodChanges,
  lastmodFor,
  lastmodIndexFromSiteData,
  type LastmodArticle,
} from '../../src/lib/build/sitemap-lastmod.ts';
import { CATEGORIES, article, author } from './lib-fixtures.ts';

const entry = (over: Partial<LastmodArticle>): LastmodArticle => ({
  slug: 'a',
  publishedAt: '2026-11-01T08:00:00Z',
  updatedAt: '2026-11-01T08:00:00Z',
  authorUsername: 'thandi',
  categorySlugs: [],
  ...over,
});

describe('sitemap lastmod', () => {
  const index = buildLastmodIndex([
    entry({ slug: 'old', updatedAt: '2026-11-01T08:00:00Z', categorySlugs: ['energy', 'mining'] }),
    entry({
      slug: 'edited',
      publishedAt: '2026-11-03T08:00:00Z',
      updatedAt: '2026-11-05T12:30:00Z',
      categorySlugs: ['energy'],
      authorUsername: 'sipho',
    }),
    // An article published (scheduled) after its last save: the publication is the change.
    entry({ slug: 'côte-d-ivoire', updatedAt: '2026-11-02T08:00:00Z', publishedAt: '2026-11-04T06:00:00Z' }),
  ]);

  it('dates an article by its last edit, never before its publication', () => {
    expect(lastmodFor(index, 'https://esg.example/article/edited')).toBe('2026-11-05T12:30:00.000Z');
    expect(lastmodFor(index, '/article/old')).toBe('2026-11-01T08:00:00.000Z');
    expect(lastmodFor(index, '/article/c%C3%B4te-d-ivoire')).toBe('2026-11-04T06:00:00.000Z');
  });

  it('dates every page of a listing by the newest change among its articles', () => {
    expect(lastmodFor(index, '/category/energy')).toBe('2026-11-05T12:30:00.000Z');
    expect(lastmodFor(index, '/category/energy/3')).toBe('2026-11-05T12:30:00.000Z');
    expect(lastmodFor(index, '/category/mining/')).toBe('2026-11-01T08:00:00.000Z');
    expect(lastmodFor(index, '/author/thandi')).toBe('2026-11-04T06:00:00.000Z');
    expect(lastmodFor(index, '/author/sipho/2')).toBe('2026-11-05T12:30:00.000Z');
  });

  it('reads the path of a URL with a port, and lets the URL parser resolve what is not plain', () => {
    expect(lastmodFor(index, 'http://127.0.0.1:4321/article/edited')).toBe('2026-11-05T12:30:00.000Z');
    expect(lastmodFor(index, 'https://esg.example/category/x/../energy')).toBe('2026-11-05T12:30:00.000Z');
    expect(lastmodFor(index, 'https://esg.example/article/côte-d-ivoire')).toBe('2026-11-04T06:00:00.000Z');
    expect(lastmodFor(index, '/article/not-there')).toBeUndefined();
    // '//host/path' names another host: its path is /path.
    expect(lastmodFor(index, '//esg.example/article/old')).toBe('2026-11-01T08:00:00.000Z');
  });

  it('dates the home page by the newest change of any article', () => {
    expect(lastmodFor(index, 'https://esg.example/')).toBe('2026-11-05T12:30:00.000Z');
  });

  it('leaves undated pages and unknown listings without a lastmod', () => {
    for (const path of ['/about', '/events', '/categories', '/category/empty', '/article/draft', '/author/nobody']) {
      expect(lastmodFor(index, path)).toBeUndefined();
    }
  });

  it('ignores an article without a usable date', () => {
    const none = buildLastmodIndex([entry({ slug: 'x', updatedAt: 'not a date', publishedAt: null })]);
    expect(lastmodFor(none, '/article/x')).toBeUndefined();
    expect(lastmodFor(none, '/')).toBeUndefined();
  });
});

describe("sitemap lastmod from the build's site data", () => {
  it("dates the article, its categories' and its author's listings and the home page by its last change", () => {
    const data = indexSiteData({
      categories: CATEGORIES,
      articles: [
        article({ updatedAt: '2026-11-21T07:15:00.000Z' }),
        article({
          id: 13,
          slug: 'older',
          authorId: 'nobody',
          categoryIds: [5],
          publishedAt: '2026-11-02T08:00:00.000Z',
          updatedAt: '2026-11-02T08:00:00.000Z',
        }),
      ],
      authors: [author()],
      events: [],
    });
    const index = lastmodIndexFromSiteData(data);
    expect(lastmodFor(index, '/article/eskom-wheeling-wind')).toBe('2026-11-21T07:15:00.000Z');
    for (const listing of [
      '/category/latest-news',
      '/category/renewables',
      '/category/energy',
      '/author/thandi',
      '/',
    ]) {
      expect(lastmodFor(index, listing), listing).toBe('2026-11-21T07:15:00.000Z');
    }
    expect(lastmodFor(index, '/category/environment')).toBe('2026-11-02T08:00:00.000Z');
    // An author who is not public (not in the site data) has no page to date.
    expect([...index.keys()].some((k) => k.startsWith('/author/') && k !== '/author/thandi')).toBe(false);
  });
});

describe('sitemap lastmod, kept between the builds of one process', () => {
  const base = [
    article({ updatedAt: '2026-11-21T07:15:00.000Z' }),
    article({ id: 13, slug: 'older', categoryIds: [5], updatedAt: '2026-11-02T08:00:00.000Z' }),
    article({ id: 14, slug: 'oldest', categoryIds: [5], updatedAt: '2026-11-01T08:00:00.000Z' }),
  ];
  const data = (articles: typeof base) =>
    indexSiteData({ categories: CATEGORIES, articles, authors: [author()], events: [] });
  const edited = [base[0]!, { ...base[1]!, updatedAt: '2026-11-25T09:00:00.000Z' }, base[2]!];
  const moved = [edited[0]!, { ...edited[1]!, categoryIds: [3], updatedAt: '2026-11-26T09:00:00.000Z' }, edited[2]!];
  const runs = [base, edited, moved, [moved[0]!, moved[2]!], moved, base];

  it('after each change (an edit, a category moved, an article gone, one back) is the index a new process makes', () => {
    for (const articles of runs) {
      const site = data(articles);
      const whole = buildLastmodIndex(
        articles.map((a) => ({
          slug: a.slug,
          publishedAt: a.publishedAt,
          updatedAt: a.updatedAt,
          authorUsername: (a.authorId && site.authorById.get(a.authorId)?.username) || null,
          categorySlugs: a.categoryIds.flatMap((id) => site.categoryById.get(id)?.slug ?? []),
        })),
      );
      expect(new Map(lastmodIndexFromSiteData(site))).toEqual(new Map(whole));
    }
  });

  it('names the paths whose date an update changed, and no paths when the index was made again', () => {
    let before: Map<string, number> | undefined;
    let version: number | undefined;
    let updates = 0;
    for (const articles of [...runs, edited]) {
      const index = lastmodIndexFromSiteData(data(articles));
      const changes = lastmodChanges(index)!;
      expect(changes.version).not.toBe(version);
      // The first index follows the last test's: nothing of this test to compare it with.
      if (version === undefined) expect(changes.version).toBeGreaterThan(0);
      else if (changes.since !== undefined) {
        expect(changes.since).toBe(version);
        const keys = new Set([...before!.keys(), ...index.keys()]);
        expect(new Set(changes.paths)).toEqual(new Set([...keys].filter((k) => before!.get(k) !== index.get(k))));
        updates++;
      } else expect(changes.paths).toBeUndefined();
      before = new Map(index);
      version = changes.version;
    }
    expect(updates).toBeGreaterThan(1);
    expect(lastmodChanges(new Map())).toBeUndefined();
  });
});
