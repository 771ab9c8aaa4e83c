/**
 * The id redirects (src/lib/rules/article-redirects.ts) of a process that builds many times: the
 * list updated in place for articles edited where they are is the list a new process makes.
 */
import { describe, expect, it } from 'vitest';
import { indexSiteData } from '../../src/lib/build/data/index-site-data.ts';
import { articleIdRedirects, redirectsFile } from '../../src/lib/rules/article-redirects.ts';
import type { Article } from '../../src/lib/types.ts';
import { CATEGORIES, article } from './lib-fixtures.ts';

const data = (articles: Article[]) => indexSiteData({ categories: CATEGORIES, articles, authors: [], events: [] });

/** The rules as a new process makes them: every article whose id is no article's slug, by id. */
const fresh = (articles: Article[]) =>
  articles
    .filter((a) => !articles.some((b) => b.slug === String(a.id)))
    .map((a) => ({ id: a.id, from: `/article/${a.id}`, to: `/article/${a.slug}` }))
    .sort((a, b) => a.id - b.id);

describe('article id redirects, kept between the builds of one process', () => {
  it('after each change (a slug edited in place, an id-like slug, an article gone, one back) are what a new process makes', () => {
    // Newest first, ids out of order, as the site data lists them.
    const base = [40, 7, 23, 3, 15, 31].map((id, i) =>
      article({ id, slug: `story-${id}`, publishedAt: `2026-11-${20 - i}T08:00:00.000Z` }),
    );
    const at = (list: Article[], i: number, over: Partial<Article>) =>
      list.map((a, j) => (j === i ? { ...a, ...over } : a));
    const renamed = at(base, 2, { slug: 'story-23-renamed' });
    const edited = at(at(renamed, 0, { title: 'Edited' }), 5, { slug: 'story-31-b' });
    // Article 15's slug is article 3's id: 3 loses its rule, and gets it back.
    const idLike = at(edited, 4, { slug: '3' });
    const back = at(idLike, 4, { slug: 'story-15' });
    const runs = [base, renamed, edited, edited.map((a) => a), idLike, back, back.slice(1), base];
    for (const articles of runs) {
      const redirects = articleIdRedirects(data(articles));
      expect(redirects).toEqual(fresh(articles));
      expect(redirectsFile(redirects)).toContain(`${redirects[0]!.from} ${redirects[0]!.to} 301\n`);
    }
  });
});
