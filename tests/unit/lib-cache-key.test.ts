import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  articlePageCacheKey,
  authorPageCacheKey,
  cacheKeyFor,
  canonicalJson,
  cardKey,
  cardKeyPart,
  categoryPageCacheKey,
  menuKey,
  menuKeyPart,
} from '../../src/lib/build/cache-key.ts';
import { paginate } from '../../src/lib/rules/article-links.ts';
import type { Article, Author } from '../../src/lib/types.ts';
import { CATEGORIES, article, author, category, siteData } from './lib-fixtures.ts';

describe('canonicalJson', () => {
  it.each<[unknown, string]>([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ z: { y: 1, x: [{ d: 1, c: 2 }] } }, '{"z":{"x":[{"c":2,"d":1}],"y":1}}'],
    [{ a: undefined, b: () => 1, c: null }, '{"c":null}'],
    [[undefined, 1], '[null,1]'],
    [
      new Map<unknown, unknown>([
        [2, 'b'],
        [1, 'a'],
      ]),
      '{"1":"a","2":"b"}',
    ],
    [new Set([3, 1]), '[3,1]'],
    [new Date('2026-11-19T08:00:00Z'), '"2026-11-19T08:00:00.000Z"'],
    [10n, '"10"'],
    [undefined, 'null'],
    ['text', '"text"'],
  ])('canonicalJson case %#', (value, json) => {
    expect(canonicalJson(value)).toBe(json);
  });
});

describe('cacheKeyFor', () => {
  it('is the first 16 hex digits of the SHA-256 of the canonical JSON', () => {
    expect(cacheKeyFor({ b: 1, a: 2 })).toBe(createHash('sha256').update('{"a":2,"b":1}').digest('hex').slice(0, 16));
    expect(cacheKeyFor('x')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('ignores key order and changes with any value', () => {
    expect(cacheKeyFor({ a: 1, b: [1, 2] })).toBe(cacheKeyFor({ b: [1, 2], a: 1 }));
    expect(cacheKeyFor({ a: 1, b: [1, 2] })).not.toBe(cacheKeyFor({ a: 1, b: [2, 1] }));
    expect(cacheKeyFor({ a: 1 })).not.toBe(cacheKeyFor({ a: '1' }));
  });
});

describe('page keys cover exactly what the page renders', () => {
  const wind = article();
  const data = siteData([wind]);
  const key = articlePageCacheKey(wind, data);

  it('menuKeyPart lists every category as the menu shows it', () => {
    expect(menuKeyPart([category(3, 'Latest News', 2, 1)])).toEqual([[3, 'Latest News', 'latest-news', 2, 1]]);
  });

  it('menuKey hashes that list once per category array, and differs when the menu does', () => {
    const menu = [category(3, 'Latest News', 2, 1)];
    expect(menuKey(menu)).toBe(cacheKeyFor(menuKeyPart(menu)));
    expect(menuKey(menu)).toBe(menuKey(menu));
    expect(menuKey([category(3, 'Latest news', 2, 1)])).not.toBe(menuKey(menu));
  });

  it("keys an article page by its row's digest and categories when the build kept rows", () => {
    const a = article();
    const withDigest = (digest: string) => ({
      ...siteData([a]),
      articleDigests: new Map([[a.id, digest]]),
    });
    const key = articlePageCacheKey(a, withDigest('d1'));
    // The digest stands for the row: a new one changes the key, the same one keeps it.
    expect(articlePageCacheKey(a, withDigest('d2'))).not.toBe(key);
    expect(articlePageCacheKey({ ...a }, withDigest('d1'))).toBe(key);
    // Categories come from another table: they still count.
    expect(articlePageCacheKey({ ...a, categoryIds: [...a.categoryIds, 99] }, withDigest('d1'))).not.toBe(key);
    // Without a digest the whole article is hashed.
    expect(articlePageCacheKey(a, siteData([a]))).not.toBe(key);
  });

  it('cardKey hashes a card once per article and build data, and follows the data it is given', () => {
    const a = article();
    const data = siteData([a]);
    expect(cardKey(a, data)).toMatch(/^[0-9a-f]{16}$/);
    expect(cardKey(a, data)).toBe(cardKey(a, data));
    // The same card from another build's objects: the same key.
    expect(cardKey({ ...a }, siteData([{ ...a }]))).toBe(cardKey(a, data));
    expect(cardKey({ ...a, title: 'Another title' }, data)).not.toBe(cardKey(a, data));
    const renamed = siteData([a], [author({ displayName: 'Thandi M.' })]);
    expect(cardKey(a, renamed)).not.toBe(cardKey(a, data));
  });

  it('is stable for the same data', () => {
    expect(articlePageCacheKey(article(), siteData([article()]))).toBe(key);
  });

  it.each<[string, Partial<Article>]>([
    ['title', { title: 'New title' }],
    ['body', { body: '<p>Changed</p>' }],
    ['excerpt', { excerpt: 'Changed' }],
    ['hero image', { heroImageUrl: null }],
    ['image credit', { imageReference: 'Photo: AP' }],
    ['Edited tag', { showEditedTag: true }],
    ['update time', { updatedAt: '2026-11-20T00:00:00.000Z' }],
    ['categories', { categoryIds: [10] }],
    ['primary category', { primaryCategoryId: 9 }],
    ['PDF', { isReport: true, pdfUrl: 'https://cdn.example.com/r.pdf' }],
  ])('an article page changes with its %s', (_, overrides) => {
    const changed = article(overrides);
    expect(articlePageCacheKey(changed, siteData([changed]))).not.toBe(key);
  });

  it.each<[string, Partial<Author>]>([
    ['name', { displayName: 'T. Nkosi' }],
    ['avatar', { avatarUrl: null }],
    ['bio', { bio: 'New bio' }],
    ['username', { username: 'tnkosi' }],
  ])("an article page changes with its author's %s", (_, overrides) => {
    expect(articlePageCacheKey(wind, siteData([wind], [author(overrides)]))).not.toBe(key);
  });

  it('an article page changes with the menu (every page prints it)', () => {
    const renamed = CATEGORIES.map((c) => (c.id === 27 ? { ...c, name: 'Views' } : c));
    expect(articlePageCacheKey(wind, siteData([wind], [author()], renamed))).not.toBe(key);
  });

  it('an article page does not change when another article is published (trending is a fragment)', () => {
    const other = article({ id: 99, slug: 'other', title: 'Other' });
    expect(articlePageCacheKey(wind, siteData([other, wind]))).toBe(key);
  });

  it("an article page does not change with another author's profile", () => {
    expect(articlePageCacheKey(wind, siteData([wind], [author(), author({ id: 'a2', username: 'sipho' })]))).toBe(key);
  });

  describe('listing pages', () => {
    const articles = Array.from({ length: 30 }, (_, i) => article({ id: i + 1, slug: `a-${i + 1}` }));
    const energy = category(9, 'Energy', null, 4);
    const pages = paginate(articles, '/category/energy');
    const listData = siteData(articles);

    it('a category page changes with its cards, not with the cards of other pages', () => {
      const page2 = categoryPageCacheKey(energy, pages[1]!, listData);
      const edited = articles.map((a) => (a.id === 1 ? { ...a, title: 'Changed' } : a));
      const editedPages = paginate(edited, '/category/energy');
      expect(categoryPageCacheKey(energy, editedPages[0]!, siteData(edited))).not.toBe(
        categoryPageCacheKey(energy, pages[0]!, listData),
      );
      expect(categoryPageCacheKey(energy, editedPages[1]!, siteData(edited))).toBe(page2);
    });

    it('a category page changes with the count line and pagination', () => {
      const more = [...articles, article({ id: 31, slug: 'a-31' })];
      expect(categoryPageCacheKey(energy, paginate(more, '/category/energy')[1]!, siteData(more))).not.toBe(
        categoryPageCacheKey(energy, pages[1]!, listData),
      );
    });

    it('a category page changes with the category name', () => {
      expect(categoryPageCacheKey({ ...energy, name: 'Power' }, pages[0]!, listData)).not.toBe(
        categoryPageCacheKey(energy, pages[0]!, listData),
      );
    });

    it("an author page changes with the author's bio", () => {
      const p = paginate(articles, '/author/thandi')[0]!;
      expect(authorPageCacheKey(author({ bio: 'New' }), p, listData)).not.toBe(
        authorPageCacheKey(author(), p, listData),
      );
    });

    it('a card ignores the body when the article has an excerpt, and uses it when not', () => {
      const a = article();
      expect(cardKeyPart({ ...a, body: '<p>x</p>' }, listData)).toEqual(cardKeyPart(a, listData));
      const noExcerpt = article({ excerpt: null });
      expect(cardKeyPart({ ...noExcerpt, body: '<p>x</p>' }, listData)).not.toEqual(cardKeyPart(noExcerpt, listData));
    });
  });
});

describe('keys kept with the article object from build to build', () => {
  // A process that builds many times gets the same Article for an unchanged row
  // (fetch-site-data.ts): its keys are kept, and must still follow everything else they cover.
  const wind = article();
  const fresh = () => article();

  it('are the same as for a new object with the same content', () => {
    const first = siteData([wind]);
    const keys = [cardKey(wind, first), articlePageCacheKey(wind, first)];
    const next = siteData(
      [wind],
      [author()],
      CATEGORIES.map((c) => ({ ...c })),
    );
    expect([cardKey(wind, next), articlePageCacheKey(wind, next)]).toEqual(keys);
    const other = fresh();
    const again = siteData([other]);
    expect([cardKey(other, again), articlePageCacheKey(other, again)]).toEqual(keys);
  });

  it("follow the author's byline and bio, and the categories, in a later build", () => {
    const first = siteData([wind]);
    const card = cardKey(wind, first);
    const page = articlePageCacheKey(wind, first);
    const renamed = siteData([wind], [author({ displayName: 'Thandi N.' })]);
    expect(cardKey(wind, renamed)).not.toBe(card);
    expect(articlePageCacheKey(wind, renamed)).not.toBe(page);
    const bio = siteData([wind], [author({ bio: 'Now in Cape Town.' })]);
    expect(cardKey(wind, bio)).toBe(card);
    expect(articlePageCacheKey(wind, bio)).not.toBe(page);
    const categories = CATEGORIES.map((c) => (c.id === wind.categoryIds[0] ? { ...c, name: `${c.name} and more` } : c));
    const recategorised = siteData([wind], [author()], categories);
    expect(articlePageCacheKey(wind, recategorised)).not.toBe(page);
    // And back: the first keys again.
    const back = siteData([wind]);
    expect([cardKey(wind, back), articlePageCacheKey(wind, back)]).toEqual([card, page]);
  });
});
