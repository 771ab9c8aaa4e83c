import { describe, expect, it } from 'vitest';
import {
  articleCategories,
  breadcrumbCategory,
  buildMenu,
  cardCategories,
  displayedPrimaryCategory,
  isSkippedCategory,
} from '../../src/lib/rules/categories.ts';
import { CATEGORIES, article, category, categoryById } from './lib-fixtures.ts';

const names = (list: { name: string }[]) => list.map((c) => c.name);

describe('isSkippedCategory', () => {
  it.each([
    ['Latest News', true],
    ['Current News', true],
    ['Renewables', false],
    ['latest news', false],
  ])('%s → %s', (name, skipped) => {
    expect(isSkippedCategory({ name })).toBe(skipped);
  });
});

describe('displayedPrimaryCategory (§9)', () => {
  it.each<[string, number | null, number[], string | null]>([
    ['uses primary_category_id when it is a topic', 10, [3, 6, 10], 'Renewables'],
    ['uses primary_category_id even when it is not in the list', 7, [6], 'Biodiversity'],
    ["skips a primary 'Latest News' for the first listed topic", 3, [3, 6, 10], 'Climate Change'],
    ["skips a primary 'Current News' for the first listed topic", 2, [2, 3, 9], 'Energy'],
    ['uses the first listed topic without a primary', null, [3, 10, 6], 'Renewables'],
    ['uses the first listed topic when the primary no longer exists', 999, [6, 10], 'Climate Change'],
    ["is null when every category is 'Latest News' or 'Current News'", 3, [3, 2], null],
    ['is null without categories', null, [], null],
    ['ignores ids of deleted categories', null, [999, 7], 'Biodiversity'],
  ])('%s', (_, primaryCategoryId, categoryIds, expected) => {
    const chosen = displayedPrimaryCategory(article({ primaryCategoryId, categoryIds }), categoryById);
    expect(chosen?.name ?? null).toBe(expected);
  });
});

describe('breadcrumbCategory (§2): first category not Latest/Current News', () => {
  it.each<[string, number | null, number[], string | null]>([
    ['ignores the primary category', 10, [3, 6, 10], 'Climate Change'],
    ['skips both news buckets', null, [2, 3, 27], 'Opinion'],
    ['is null when only news buckets remain', 10, [2, 3], null],
    ['is null without categories', null, [], null],
  ])('%s', (_, primaryCategoryId, categoryIds, expected) => {
    expect(breadcrumbCategory(article({ primaryCategoryId, categoryIds }), categoryById)?.name ?? null).toBe(expected);
  });
});

describe('cardCategories: up to 4 chips in display order (§9)', () => {
  const many = article({ categoryIds: [3, 10, 9, 6, 7, 27] });

  it('shows the first 4 by default, news buckets included', () => {
    expect(names(cardCategories(many, categoryById))).toEqual([
      'Latest News',
      'Renewables',
      'Energy',
      'Climate Change',
    ]);
  });

  it.each([
    [3, ['Latest News', 'Renewables', 'Energy']],
    [1, ['Latest News']],
    [0, []],
    [-1, []],
    [10, ['Latest News', 'Renewables', 'Energy', 'Climate Change', 'Biodiversity', 'Opinion']],
  ])('limit %i', (limit, expected) => {
    expect(names(cardCategories(many, categoryById, limit))).toEqual(expected);
  });

  it('articleCategories lists all, dropping unknown ids', () => {
    expect(names(articleCategories(article({ categoryIds: [27, 999, 1] }), categoryById))).toEqual([
      'Opinion',
      'Featured Stories',
    ]);
  });
});

describe('buildMenu (§2, §9)', () => {
  it('orders the top level by menu_order with their subcategories', () => {
    const menu = buildMenu(CATEGORIES);
    expect(menu.map((m) => [m.category.name, names(m.children)])).toEqual([
      ['Featured Stories', []],
      ['Current News', ['Latest News', 'Africa Briefing']],
      ['Environment', ['Climate Change', 'Biodiversity']],
      ['Energy', ['Renewables']],
      ['Opinion', []],
    ]);
  });

  it("lists 'Latest News' first under 'Current News' whatever its menu_order", () => {
    const tree = [
      category(2, 'Current News', null, 1),
      category(4, 'Africa Briefing', 2, 1),
      category(8, 'Markets', 2, 2),
      category(3, 'Latest News', 2, 9),
    ];
    expect(names(buildMenu(tree)[0]!.children)).toEqual(['Latest News', 'Africa Briefing', 'Markets']);
  });

  it("does not pin 'Latest News' under any other parent", () => {
    const tree = [category(5, 'Environment', null, 1), category(6, 'Water', 5, 1), category(3, 'Latest News', 5, 2)];
    expect(names(buildMenu(tree)[0]!.children)).toEqual(['Water', 'Latest News']);
  });

  it('breaks menu_order ties by name, then id, whatever the input order', () => {
    const tree = [
      category(12, 'Zeta', null, 1),
      category(11, 'Alpha', null, 1),
      category(10, 'Alpha', null, 1),
      category(13, 'Beta', null, 0),
    ];
    expect(buildMenu(tree).map((m) => m.category.id)).toEqual([13, 10, 11, 12]);
    expect(buildMenu([...tree].reverse()).map((m) => m.category.id)).toEqual([13, 10, 11, 12]);
  });

  it('leaves out orphans and a third level', () => {
    const tree = [
      category(1, 'Top', null, 1),
      category(2, 'Child', 1, 1),
      category(3, 'Grandchild', 2, 1),
      category(4, 'Orphan', 99, 1),
    ];
    expect(buildMenu(tree).map((m) => [m.category.name, names(m.children)])).toEqual([['Top', ['Child']]]);
  });

  it('does not reorder the input array', () => {
    const input = [...CATEGORIES];
    buildMenu(input);
    expect(input).toEqual(CATEGORIES);
  });

  it('is empty without categories', () => {
    expect(buildMenu([])).toEqual([]);
  });
});
