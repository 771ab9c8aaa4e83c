/**
 * indexUpdatedSiteData (src/lib/build/data/index-site-data.ts): a process that builds many times
 * updates the last build's article lookups for the articles an edit replaced, and gets exactly
 * the lookups indexSiteData makes from the same lists.
 */
import { describe, expect, it } from 'vitest';
import { indexSiteData, indexUpdatedSiteData } from '../../src/lib/build/data/index-site-data.ts';
import type { Article } from '../../src/lib/types.ts';
import { CATEGORIES, article, author } from './lib-fixtures.ts';

const AUTHORS = [author({ id: 'a1', username: 'one' }), author({ id: 'a2', username: 'two' })];
const lists = (articles: Article[]) => ({ categories: CATEGORIES, articles, authors: AUTHORS, events: [] });

/** 40 articles, newest first, over three category sets and both authors. */
const site = (): Article[] =>
  Array.from({ length: 40 }, (_, i) =>
    article({
      id: 100 - i,
      slug: `story-${100 - i}`,
      title: `Story ${100 - i}`,
      authorId: i % 3 === 0 ? null : i % 2 ? 'a1' : 'a2',
      categoryIds: [[3, 10], [9], [10, 3, 9]][i % 3]!,
    }),
  );

/** A copy of `articles` with the article at each of `places` replaced by an edited new object. */
const edit = (articles: Article[], places: number[], change: (a: Article) => Partial<Article>) =>
  articles.map((a, i) => (places.includes(i) ? { ...a, ...change(a) } : a));

describe('indexUpdatedSiteData', () => {
  it('updates the last lookups for edited articles (titles, a slug, two slugs swapped) and matches a fresh index', () => {
    const first = site();
    const one = indexUpdatedSiteData(lists(first));
    expect(one).toEqual(indexSiteData(lists(first)));

    const held = one.articlesByCategory.get(10)!;
    const retitled = edit(first, [0, 7, 20], (a) => ({ title: `${a.title} (updated)` }));
    const two = indexUpdatedSiteData(lists(retitled));
    // Updated, not made again: the same maps, now holding the new objects.
    expect(two.articleById).toBe(one.articleById);
    expect(two.articleById.get(retitled[7]!.id)).toBe(retitled[7]);
    expect(two).toEqual(indexSiteData(lists(retitled)));
    // Category and author lists are new arrays: a list held from the last build is unchanged.
    expect(two.articlesByCategory.get(10)).not.toBe(held);
    expect(held).toContain(first[0]);

    const renamed = edit(retitled, [4], () => ({ slug: 'a-new-slug' }));
    const three = indexUpdatedSiteData(lists(renamed));
    expect(three.articleBySlug.has('story-96')).toBe(false);
    expect(three).toEqual(indexSiteData(lists(renamed)));

    const swapped = renamed.map((a, i) =>
      i === 1 ? { ...a, slug: renamed[2]!.slug } : i === 2 ? { ...a, slug: renamed[1]!.slug } : a,
    );
    const four = indexUpdatedSiteData(lists(swapped));
    expect(four.articleById).toBe(one.articleById);
    expect(four).toEqual(indexSiteData(lists(swapped)));
  });

  it('makes the lookups again when an article came, went, moved or changed categories or author', () => {
    const first = site();
    indexUpdatedSiteData(lists(first));
    const cases: Article[][] = [
      [article({ id: 500, slug: 'new-one', categoryIds: [9] }), ...first],
      first.slice(1),
      [first[1]!, first[0]!, ...first.slice(2)],
      edit(first, [5], () => ({ categoryIds: [9, 3] })),
      edit(first, [6], () => ({ authorId: 'a2' })),
    ];
    for (const articles of cases) {
      indexUpdatedSiteData(lists(first));
      const got = indexUpdatedSiteData(lists(articles));
      expect(got).toEqual(indexSiteData(lists(articles)));
    }
  });
});
