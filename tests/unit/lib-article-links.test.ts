import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  articleIdPath,
  articlePath,
  authorName,
  authorPath,
  categoryPath,
  linkableUrl,
  listingPath,
  pageParam,
  paginate,
  resolveArticle,
  searchPath,
} from '../../src/lib/rules/article-links.ts';
import { article, siteData } from './lib-fixtures.ts';

describe('paths', () => {
  it.each([
    [articlePath({ slug: 'eskom-wheeling-wind' }), '/article/eskom-wheeling-wind'],
    [articleIdPath(12), '/article/12'],
    [categoryPath({ slug: 'renewables' }), '/category/renewables'],
    [categoryPath({ slug: 'renewables' }, 1), '/category/renewables'],
    [categoryPath({ slug: 'renewables' }, 2), '/category/renewables/2'],
    [authorPath({ username: 'thandi' }), '/author/thandi'],
    [authorPath({ username: 'thandi' }, 3), '/author/thandi/3'],
    [listingPath('/category/water', 0), '/category/water'],
    [articlePath({ slug: 'a b?c' }), '/article/a%20b%3Fc'],
    [searchPath('green bonds & JSE'), '/search?q=green%20bonds%20%26%20JSE'],
    [searchPath(''), '/search'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('absoluteUrl', () => {
  it.each([
    ['/article/x', 'https://esg.example.com', 'https://esg.example.com/article/x'],
    ['/article/x', new URL('https://esg.example.com/'), 'https://esg.example.com/article/x'],
    ['logo.png', 'https://esg.example.com/', 'https://esg.example.com/logo.png'],
    ['https://cdn.example.com/a.jpg', 'https://esg.example.com', 'https://cdn.example.com/a.jpg'],
    ['HTTP://CDN.example.com/a.jpg', 'https://esg.example.com', 'http://cdn.example.com/a.jpg'],
  ])('%s on %s', (path, site, expected) => {
    expect(absoluteUrl(path, site)).toBe(expected);
  });
});

describe('authorName', () => {
  it.each([
    [{ displayName: 'Thandi Nkosi', username: 'thandi' }, 'Thandi Nkosi'],
    [{ displayName: '  ', username: 'thandi' }, 'thandi'],
    [{ displayName: null, username: 'thandi' }, 'thandi'],
    [null, 'Unknown Author'],
    [undefined, 'Unknown Author'],
  ])('%j → %s', (author, expected) => {
    expect(authorName(author)).toBe(expected);
  });
});

describe('resolveArticle: slug, else id; canonical is always the slug (§2, §7)', () => {
  const wind = article({ id: 12, slug: 'eskom-wheeling-wind' });
  const numericSlug = article({ id: 7, slug: '2030' });
  const target = article({ id: 2030, slug: 'vision-2030' });
  const data = siteData([wind, numericSlug, target]);

  it('finds an article by slug', () => {
    expect(resolveArticle('eskom-wheeling-wind', data)).toEqual({
      article: wind,
      canonicalPath: '/article/eskom-wheeling-wind',
      viaId: false,
    });
  });

  it('finds the same article by id, with the slug as canonical', () => {
    expect(resolveArticle('12', data)).toEqual({
      article: wind,
      canonicalPath: '/article/eskom-wheeling-wind',
      viaId: true,
    });
  });

  it('prefers a slug made of digits over an id', () => {
    expect(resolveArticle('2030', data)?.article).toBe(numericSlug);
  });

  it.each(['unknown-slug', '999', '012', '12abc', '1e1', '-12', ' 12', '', '0', '99999999999999999999'])(
    "gives null for '%s' ('Article not found.')",
    (param) => {
      expect(resolveArticle(param, data)).toBeNull();
    },
  );
});

describe('paginate', () => {
  const items = Array.from({ length: 50 }, (_, i) => i + 1);

  it('splits into pages of 24 by default with prev/next paths', () => {
    const pages = paginate(items, '/category/energy');
    expect(pages.map((p) => [p.page, p.items.length, p.path, p.prevPath, p.nextPath])).toEqual([
      [1, 24, '/category/energy', null, '/category/energy/2'],
      [2, 24, '/category/energy/2', '/category/energy', '/category/energy/3'],
      [3, 2, '/category/energy/3', '/category/energy/2', null],
    ]);
    expect(pages.every((p) => p.totalPages === 3 && p.totalItems === 50)).toBe(true);
    expect(pages.flatMap((p) => p.items)).toEqual(items);
  });

  it.each([
    [0, 1],
    [1, 1],
    [24, 1],
    [25, 2],
    [48, 2],
    [49, 3],
    [5000, 209],
  ])('%i items make %i page(s)', (count, pageCount) => {
    expect(paginate(Array.from({ length: count }), '/x')).toHaveLength(pageCount);
  });

  it('keeps one empty page for an empty listing', () => {
    expect(paginate([], '/category/water')).toEqual([
      { items: [], page: 1, totalPages: 1, totalItems: 0, path: '/category/water', prevPath: null, nextPath: null },
    ]);
  });

  it('honours a custom page size', () => {
    expect(paginate([1, 2, 3], '/x', 2).map((p) => p.items)).toEqual([[1, 2], [3]]);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects page size %s', (size) => {
    expect(() => paginate([1], '/x', size)).toThrow(RangeError);
  });

  it.each([
    [1, undefined],
    [2, '2'],
    [10, '10'],
  ])('pageParam(%i) → %j', (page, param) => {
    expect(pageParam(page)).toBe(param);
  });
});

describe('linkableUrl: a stored URL that may become a link or a frame', () => {
  it.each([
    'https://example.com/report.pdf',
    'http://127.0.0.1:54321/storage/v1/object/public/article-pdfs/a.pdf',
    '/reports/a.pdf',
  ])('keeps %s', (url) => {
    expect(linkableUrl(url)).toBe(url);
  });

  it.each([
    "javascript:alert('x')",
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/a.pdf',
    '/\\evil.example/a.pdf',
    'https://example.com/a b.pdf',
    '',
    null,
    undefined,
  ])('refuses %j', (url) => {
    expect(linkableUrl(url)).toBeNull();
  });
});
