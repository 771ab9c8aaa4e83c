import { describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZE,
  orderFromSearch,
  queryFromSearch,
  resultAuthorIds,
  resultCardDetails,
  resultDetails,
  searchDocumentTitle,
  searchShownText,
  searchStatusText,
  searchUrl,
  type ArticleCategoryRow,
  type AuthorRow,
} from '../../src/lib/rules/search/results.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';

import { categoryById } from './lib-fixtures.ts';

describe('paging and order: every match, relevance first unless the URL asks for newest', () => {
  it('pages 24 at a time', () => {
    expect(SEARCH_PAGE_SIZE).toBe(24);
  });

  it.each([
    ['?q=water', 'relevance'],
    ['?q=water&sort=newest', 'newest'],
    ['?sort=NEWEST&q=x', 'relevance'],
    ['?q=x&sort=oldest', 'relevance'],
    ['', 'relevance'],
  ])('%s → %s', (search, order) => {
    expect(orderFromSearch(search)).toBe(order);
  });

  it('writes the order into the URL only when it is not the default', () => {
    expect(searchUrl('water energy', 'relevance')).toBe('/search?q=water%20energy');
    expect(searchUrl('water energy', 'newest')).toBe('/search?q=water%20energy&sort=newest');
    expect(searchUrl('', 'newest')).toBe('/search');
    expect(orderFromSearch(new URL(searchUrl('a&b', 'newest'), 'https://x.test').search)).toBe('newest');
    expect(queryFromSearch(new URL(searchUrl('a&b', 'newest'), 'https://x.test').search)).toBe('a&b');
  });

  it('says how many match, and how many are shown', () => {
    expect(searchStatusText(0, 'x')).toBe(MESSAGES.noSearchResults);
    expect(searchStatusText(1, 'kelp')).toBe('1 result for “kelp”');
    expect(searchStatusText(120, 'kelp')).toBe('120 results for “kelp”');
    expect(searchShownText(24, 120)).toBe('Showing 24 of 120');
  });
});

describe('searchDocumentTitle', () => {
  const built = 'Search | ESG Africa News';

  it.each([
    ['water', 'Search results for “water” | ESG Africa News'],
    ['  green   bonds ', 'Search results for “green bonds” | ESG Africa News'],
    ['Côte d’Ivoire', 'Search results for “Côte d’Ivoire” | ESG Africa News'],
    ['', built],
    ['   ', built],
  ])('%j → %s', (q, title) => {
    expect(searchDocumentTitle(q, built)).toBe(title);
  });
});

describe('queryFromSearch', () => {
  it.each([
    ['?q=water', 'water'],
    ['?q=green+bonds', 'green bonds'],
    ['?q=green%20bonds%20%26%20JSE', 'green bonds & JSE'],
    ['?q=', ''],
    ['', ''],
    ['?other=1', ''],
  ])('%s → %j', (search, q) => {
    expect(queryFromSearch(search)).toBe(q);
  });
});

describe('result card details (chips and byline from the two batched reads)', () => {
  const embedded = (id: number) => {
    const c = categoryById.get(id)!;
    return { id: c.id, name: c.name, slug: c.slug, parent_id: c.parentId, menu_order: c.menuOrder };
  };
  const link = (article_id: number, category_id: number, display_order: number): ArticleCategoryRow => ({
    article_id,
    display_order,
    categories: embedded(category_id),
  });
  // Rows arrive in any order; display order decides.
  const categoryRows: ArticleCategoryRow[] = [
    link(12, 9, 2),
    link(12, 3, 0),
    link(12, 10, 1),
    link(12, 6, 3),
    link(12, 7, 4),
    link(40, 27, 0),
    { article_id: 40, display_order: 1, categories: null },
  ];
  const authorRows: AuthorRow[] = [
    { id: 'a1', username: 'thandi', display_name: 'Thandi Nkosi' },
    { id: 'a2', username: 'sipho', display_name: null },
  ];
  const details = resultDetails(categoryRows, authorRows);
  const result = (id: number, author_id: string | null) => ({ id, author_id, primary_category_id: null });

  it('up to 4 chips in display order, linking to /category/{slug}, as cardCategories gives them', () => {
    expect(resultCardDetails(result(12, 'a1'), details)).toEqual({
      categories: [
        { name: 'Latest News', href: '/category/latest-news' },
        { name: 'Renewables', href: '/category/renewables' },
        { name: 'Energy', href: '/category/energy' },
        { name: 'Climate Change', href: '/category/climate-change' },
      ],
      authorName: 'Thandi Nkosi',
    });
  });

  it('drops links whose category is missing; an article without categories has no chips', () => {
    expect(resultCardDetails(result(40, 'a2'), details).categories).toEqual([
      { name: 'Opinion', href: '/category/opinion' },
    ]);
    expect(resultCardDetails(result(99, 'a2'), details).categories).toEqual([]);
  });

  it("names the author by display name, else username, else 'Unknown Author'", () => {
    expect(resultCardDetails(result(40, 'a2'), details).authorName).toBe('sipho');
    expect(resultCardDetails(result(40, null), details).authorName).toBe(LABELS.unknownAuthor);
    // A profile anonymous readers may not see (a reader who wrote an article) is not found either.
    expect(resultCardDetails(result(40, 'not-public'), details).authorName).toBe(LABELS.unknownAuthor);
  });

  it('leaves out what a failed read would have given, instead of guessing', () => {
    expect(resultCardDetails(result(12, 'a1'), null)).toEqual({ categories: null, authorName: null });
    expect(resultCardDetails(result(12, 'a1'), resultDetails(null, authorRows))).toEqual({
      categories: null,
      authorName: 'Thandi Nkosi',
    });
    expect(resultCardDetails(result(12, 'a1'), resultDetails(categoryRows, null)).authorName).toBeNull();
  });

  it('asks for each author once and skips articles without one', () => {
    expect(
      resultAuthorIds([{ author_id: 'a1' }, { author_id: null }, { author_id: 'a2' }, { author_id: 'a1' }]),
    ).toEqual(['a1', 'a2']);
    expect(resultAuthorIds([])).toEqual([]);
  });
});
