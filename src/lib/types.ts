/**
 * The shapes the public site renders, as loaded at build time (src/lib/build/data/load-site-data.ts).
 * camelCase, already joined and ordered; pages and components never see raw rows.
 */

export interface Category {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  menuOrder: number;
}

export interface Author {
  id: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  role: 'author' | 'admin';
}

export interface Article {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  /** Stored HTML from the editor: sanitise before rendering. */
  body: string | null;
  heroImageUrl: string | null;
  /** The hero's text alternative (at most 125 characters); null: decorative, alt="". */
  heroImageAlt: string | null;
  /** Visible caption under the hero; the credit is imageReference. */
  heroImageCaption: string | null;
  imageReference: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  authorId: string | null;
  isMain: boolean;
  isReport: boolean;
  pdfUrl: string | null;
  primaryCategoryId: number | null;
  showEditedTag: boolean;
  /** The article's categories in the editor's display order. */
  categoryIds: number[];
  /** The editor's SEO title and meta description (article form), used when present. */
  seo?: { seoTitle: string; metaDescription: string } | null;
}

export interface SiteEvent {
  id: number;
  title: string;
  eventDate: string;
  location: string;
  description: string | null;
  imageUrl: string | null;
  link: string | null;
}

export interface SiteData {
  categories: Category[];
  /** Published, non-archived articles, newest first (published_at, then created_at). */
  articles: Article[];
  /** Authors and admins: the only public profiles. */
  authors: Author[];
  /** Non-archived events by date (past ones included; pages filter at view time). */
  events: SiteEvent[];
  articleById: Map<number, Article>;
  articleBySlug: Map<string, Article>;
  categoryById: Map<number, Category>;
  categoryBySlug: Map<string, Category>;
  authorById: Map<string, Author>;
  authorByUsername: Map<string, Author>;
  /** Articles of each category (any position in the article's list), newest first. */
  articlesByCategory: Map<number, Article[]>;
  articlesByAuthor: Map<string, Article[]>;
  /**
   * Article id → digest of its row as read (src/lib/build/data/row-cache.ts), when the build kept
   * rows: the article page's cache key uses it instead of hashing the whole article.
   */
  articleDigests?: ReadonlyMap<number, string>;
}
