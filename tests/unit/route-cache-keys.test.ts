/**
 * Every route with a `cacheKey` changes its key whenever something it renders changes: Astro's
 * incremental build reuses a page whose key is unchanged, so a field missing from a key leaves
 * a stale page live (an `/article/{id}` stub keyed on id and slug kept showing an old title).
 * Runs the routes' real getStaticPaths functions (src/lib/routes) on SiteData built the way the
 * build builds it, changes one rendered field at a time and compares the subject page's key.
 */
import { describe, expect, it } from 'vitest';
import { indexSiteData } from '../../src/lib/build/data/index-site-data.ts';
import { articlePaths } from '../../src/lib/build/routes/article-paths.ts';
import { articleIdShardPaths } from '../../src/lib/build/routes/article-id-shard-paths.ts';
import { authorPaths } from '../../src/lib/build/routes/author-paths.ts';
import { categoryFeedPaths } from '../../src/lib/build/routes/category-feed-paths.ts';
import { categoryPaths } from '../../src/lib/build/routes/category-paths.ts';
import type { Article, Author, Category, SiteData } from '../../src/lib/types.ts';
import { CATEGORIES, article, author, category } from './lib-fixtures.ts';

type Lists = Pick<SiteData, 'categories' | 'articles' | 'authors' | 'events'>;

/** The subject: article 12 by author a1, in Latest News (3), Renewables (10) and Energy (9). */
const SUBJECT = 12;
const ENERGY = 9;

function lists(): Lists {
  const others = Array.from({ length: 5 }, (_, i) =>
    article({
      id: 20 + i,
      slug: `other-${i}`,
      title: `Other story ${i}`,
      publishedAt: `2026-11-1${i}T08:00:00.000Z`,
      authorId: i % 2 ? 'a2' : 'a1',
      categoryIds: [ENERGY],
      primaryCategoryId: ENERGY,
    }),
  );
  return {
    categories: CATEGORIES,
    articles: [article(), ...others],
    authors: [author(), author({ id: 'a2', username: 'sipho', displayName: 'Sipho Dlamini', bio: 'Mining.' })],
    events: [],
  };
}

interface KeyedPath {
  params: Record<string, string | undefined>;
  props: Record<string, unknown>;
  cacheKey: string;
}

interface Route {
  /** The route file under src/pages. */
  name: string;
  paths: (data: SiteData) => KeyedPath[];
  /** The page of this route that shows the subject article (found by identity, not by URL). */
  subject: (path: KeyedPath) => boolean;
}

const page1 = (p: KeyedPath) => (p.props.listing as { page: number }).page === 1;
const ROUTES = {
  article: {
    name: 'article/[slug].astro',
    paths: articlePaths,
    subject: (p) => p.props.id === SUBJECT,
  },
  category: {
    name: 'category/[slug]/[...page].astro',
    paths: categoryPaths,
    subject: (p) => (p.props.category as Category).id === ENERGY && page1(p),
  },
  author: {
    name: 'author/[username]/[...page].astro',
    paths: authorPaths,
    subject: (p) => (p.props.author as Author).id === 'a1' && page1(p),
  },
  feed: {
    name: 'category/[slug]/rss.xml.ts',
    paths: categoryFeedPaths,
    subject: (p) => (p.props.category as Category).id === ENERGY,
  },
  idShard: {
    name: 'article-ids/[shard].json.ts',
    paths: articleIdShardPaths,
    subject: (p) => p.params.shard === '0',
  },
} satisfies Record<string, Route>;
type RouteName = keyof typeof ROUTES;
const PAGES_WITH_MENU: RouteName[] = ['article', 'category', 'author'];

function keyOf(route: Route, l: Lists): string {
  const found = route.paths(indexSiteData(l)).filter(route.subject);
  expect(found, `${route.name}: one subject page`).toHaveLength(1);
  return found[0]!.cacheKey;
}

const editArticle =
  (changes: Partial<Article>, id = SUBJECT) =>
  (l: Lists) => ({
    ...l,
    articles: l.articles.map((a) => (a.id === id ? { ...a, ...changes } : a)),
  });
const editAuthor = (changes: Partial<Author>) => (l: Lists) => ({
  ...l,
  authors: l.authors.map((a) => (a.id === 'a1' ? { ...a, ...changes } : a)),
});
const editCategory = (id: number, changes: Partial<Category>) => (l: Lists) => ({
  ...l,
  categories: l.categories.map((c) => (c.id === id ? { ...c, ...changes } : c)),
});

interface Change {
  field: string;
  /** Applied to both sides first, when the field shows only in some state (no excerpt, a report). */
  given?: (l: Lists) => Lists;
  change: (l: Lists) => Lists;
  /** The routes whose subject page renders this field. */
  shownBy: RouteName[];
}

const CHANGES: Change[] = [
  { field: 'title', change: editArticle({ title: 'New title' }), shownBy: ['article', 'category', 'author', 'feed'] },
  {
    field: 'slug',
    change: editArticle({ slug: 'renamed' }),
    shownBy: ['article', 'category', 'author', 'feed', 'idShard'],
  },
  {
    field: 'excerpt',
    change: editArticle({ excerpt: 'Changed.' }),
    shownBy: ['article', 'category', 'author', 'feed'],
  },
  { field: 'body', change: editArticle({ body: '<p>Changed.</p>' }), shownBy: ['article'] },
  {
    field: 'body of an article without excerpt (the description)',
    given: editArticle({ excerpt: null }),
    change: editArticle({ body: '<p>Changed.</p>' }),
    shownBy: ['article', 'feed'],
  },
  { field: 'hero image', change: editArticle({ heroImageUrl: null }), shownBy: ['article', 'category', 'author'] },
  { field: 'image reference', change: editArticle({ imageReference: 'Photo: AP' }), shownBy: ['article'] },
  {
    field: 'publication date',
    change: editArticle({ publishedAt: '2026-11-20T08:00:00.000Z' }),
    shownBy: ['article', 'category', 'author', 'feed'],
  },
  { field: 'update date', change: editArticle({ updatedAt: '2026-11-21T08:00:00.000Z' }), shownBy: ['article'] },
  { field: 'edited tag', change: editArticle({ showEditedTag: true }), shownBy: ['article'] },
  {
    field: 'report PDF',
    given: editArticle({ isReport: true, pdfUrl: 'https://cdn.example.com/a.pdf' }),
    change: editArticle({ pdfUrl: 'https://cdn.example.com/b.pdf' }),
    shownBy: ['article'],
  },
  {
    field: 'report flag',
    change: editArticle({ isReport: true, pdfUrl: 'https://cdn.example.com/a.pdf' }),
    shownBy: ['article'],
  },
  {
    field: 'categories (one added)',
    change: editArticle({ categoryIds: [3, 10, 9, 27] }),
    shownBy: ['article', 'category', 'author', 'feed'],
  },
  {
    field: 'category order',
    change: editArticle({ categoryIds: [9, 3, 10] }),
    shownBy: ['article', 'category', 'author', 'feed'],
  },
  { field: 'primary category', change: editArticle({ primaryCategoryId: 9 }), shownBy: ['article'] },
  {
    field: "a category's name",
    change: editCategory(10, { name: 'Clean Power' }),
    shownBy: ['article', 'category', 'author', 'feed'],
  },
  // A feed item names its categories but does not link them.
  {
    field: "a category's slug",
    change: editCategory(10, { slug: 'clean-power' }),
    shownBy: ['article', 'category', 'author'],
  },
  {
    field: "the listed category's name",
    change: editCategory(ENERGY, { name: 'Power' }),
    shownBy: ['category', 'feed'],
  },
  {
    field: "the listed category's slug",
    change: editCategory(ENERGY, { slug: 'power' }),
    shownBy: ['category', 'feed'],
  },
  {
    field: 'author name',
    change: editAuthor({ displayName: 'T. Nkosi' }),
    shownBy: ['article', 'category', 'author', 'feed'],
  },
  {
    field: 'author username (the byline when there is no name)',
    given: editAuthor({ displayName: null }),
    change: editAuthor({ username: 'tnkosi' }),
    shownBy: ['article', 'category', 'author', 'feed'],
  },
  {
    field: 'author username (profile link)',
    change: editAuthor({ username: 'tnkosi' }),
    shownBy: ['article', 'author'],
  },
  { field: 'author avatar', change: editAuthor({ avatarUrl: null }), shownBy: ['article', 'author'] },
  { field: 'author bio', change: editAuthor({ bio: 'New bio.' }), shownBy: ['author'] },
  { field: 'menu: a category renamed', change: editCategory(27, { name: 'Views' }), shownBy: PAGES_WITH_MENU },
  { field: 'menu: a category moved', change: editCategory(27, { menuOrder: 0 }), shownBy: PAGES_WITH_MENU },
  { field: 'menu: a category re-parented', change: editCategory(7, { parentId: 2 }), shownBy: PAGES_WITH_MENU },
  {
    field: 'menu: a category added',
    change: (l) => ({ ...l, categories: [...l.categories, category(40, 'Water')] }),
    shownBy: PAGES_WITH_MENU,
  },
  {
    field: 'a newer article in the same listing',
    change: (l) => ({
      ...l,
      articles: [article({ id: 30, slug: 'newest', publishedAt: '2026-11-23T08:00:00.000Z' }), ...l.articles],
    }),
    shownBy: ['category', 'author', 'feed', 'idShard'],
  },
];

describe.each(Object.entries(ROUTES) as [RouteName, Route][])('%s route', (name, route) => {
  const base = lists();

  it('has a stable key for the same data', () => {
    expect(keyOf(route, lists())).toBe(keyOf(route, base));
  });

  const shown = CHANGES.filter((c) => c.shownBy.includes(name));
  it.each(shown.map((c) => [c.field, c] as const))('changes its key with the %s', (_, c) => {
    const before = c.given ? c.given(base) : base;
    expect(keyOf(route, c.change(before))).not.toBe(keyOf(route, before));
  });
});

describe('routes without a cacheKey are not in this table by mistake', () => {
  it.each(Object.entries(ROUTES))('%s returns a key for every path', (_, route) => {
    const paths = route.paths(indexSiteData(lists()));
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(p.cacheKey).toMatch(/^[0-9a-f]{16}$/);
  });
});
