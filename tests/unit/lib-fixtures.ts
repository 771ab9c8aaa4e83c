/** Builders for the pure-logic unit tests of src/lib: complete objects with overridable fields. */
import type { Article, Author, Category, SiteData } from '../../src/lib/types.ts';

export function category(id: number, name: string, parentId: number | null = null, menuOrder = id): Category {
  const slug = name
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { id, name, slug, parentId, menuOrder };
}

/** A slice of the seeded tree: ids as in scripts/setup/taxonomy.ts. */
export const CATEGORIES: Category[] = [
  category(1, 'Featured Stories', null, 1),
  category(2, 'Current News', null, 2),
  category(5, 'Environment', null, 3),
  category(9, 'Energy', null, 4),
  category(27, 'Opinion', null, 11),
  category(3, 'Latest News', 2, 1),
  category(4, 'Africa Briefing', 2, 2),
  category(6, 'Climate Change', 5, 1),
  category(7, 'Biodiversity', 5, 2),
  category(10, 'Renewables', 9, 1),
];

export const categoryById = new Map(CATEGORIES.map((c) => [c.id, c]));

export function article(overrides: Partial<Article> = {}): Article {
  return {
    id: 12,
    title: 'Eskom signs its first wheeling agreement for wind power',
    slug: 'eskom-wheeling-wind',
    excerpt: 'A Western Cape wind farm will sell power to Gauteng factories over the national grid.',
    body: '<p>The agreement is the first of its kind.</p>',
    heroImageUrl: 'https://cdn.example.com/storage/v1/object/public/articles/wind.jpg',
    heroImageAlt: null,
    heroImageCaption: null,
    imageReference: 'Photo: Reuters',
    publishedAt: '2026-11-19T08:00:00.000Z',
    createdAt: '2026-11-18T15:00:00.000Z',
    updatedAt: '2026-11-19T09:30:00.000Z',
    authorId: 'a1',
    isMain: false,
    isReport: false,
    pdfUrl: null,
    primaryCategoryId: 10,
    showEditedTag: false,
    categoryIds: [3, 10, 9],
    ...overrides,
  };
}

export function author(overrides: Partial<Author> = {}): Author {
  return {
    id: 'a1',
    username: 'thandi',
    displayName: 'Thandi Nkosi',
    avatarUrl: 'https://cdn.example.com/storage/v1/object/public/avatars/thandi.png',
    bio: 'Energy correspondent in Johannesburg.',
    role: 'author',
    ...overrides,
  };
}

/** The lookups of SiteData that the lib functions use, built from lists. */
export function siteData(
  articles: Article[],
  authors: Author[] = [author()],
  categories: Category[] = CATEGORIES,
): Pick<SiteData, 'articleById' | 'articleBySlug' | 'categories' | 'categoryById' | 'authorById'> {
  return {
    articleById: new Map(articles.map((a) => [a.id, a])),
    articleBySlug: new Map(articles.map((a) => [a.slug, a])),
    categories,
    categoryById: new Map(categories.map((c) => [c.id, c])),
    authorById: new Map(authors.map((a) => [a.id, a])),
  };
}
