import { describe, expect, it } from 'vitest';
import {
  SEARCH_CAP_NOTE,
  SEARCH_RESULT_LIMIT,
  capResults,
  queryFromSearch,
  resultAuthorIds,
  resultCardDetails,
  resultDetails,
  searchDocumentTitle,
  type ArticleCategoryRow,
  type AuthorRow,
} from '../../src/lib/rules/search/results.ts';
import { LABELS } from '../../src/lib/messages/reader.ts';
import { categoryById } from './lib-fixtures.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('capResults: at most 48 results, and whether there were more', () => {
  it('the cap is 48 and the note names it', () => {
    expect(SEARCH_RESULT_LIMIT).toBe(48);
    expect(SEARCH_CAP_NOTE).toBe('Showing the first 48 results. Refine your search to narrow them down.');
  });

  it.each([
    [0, 0, false],
    [1, 1, false],
    [47, 47, false],
    [48, 48, false],
    [49, 48, true],
    [200, 48, true],
  ])('%i rows → %i shown, more: %s', (rows, shown, more) => {
    const result = capResults(range(rows));
    expect(result.shown).toEqual(range(shown));
    expect(result.more).toBe(more);
  });

  it('keeps the ranking order and takes another limit', () => {
    expect(capResults([5, 3, 9, 1], 2)).toEqual({ shown: [5, 3], more: true });
    expect(capResults([5, 3], 0)).toEqual({ shown: [], more: true });
    expect(capResults([], 0)).toEqual({ shown: [], more: false });
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
