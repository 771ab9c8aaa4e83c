/**
 * Rows as the API returns them, and the one mapping from each to the model the pages render.
 * Used by the build's data load (load-site-data.ts) and by the draft preview in the browser
 * (src/browser/preview.ts), so a preview shows an article exactly as its page would.
 */
import type { Article, Author } from '../types.ts';
import { pageSeo } from './seo-panel.ts';

export interface ArticleRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  body: string | null;
  hero_image_url: string | null;
  hero_image_alt: string | null;
  hero_image_caption: string | null;
  image_reference: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  author_id: string | null;
  is_main: boolean;
  is_report: boolean;
  pdf_url: string | null;
  primary_category_id: number | null;
  show_edited_tag: boolean;
  seo: unknown;
}

/** The public columns of an author's or admin's profile. */
export interface AuthorRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  bio: string | null;
  role: 'author' | 'admin';
}

/** `ArticleRow` → `Article`, with its category ids in display order. */
export function articleFromRow(a: ArticleRow, categoryIds: number[]): Article {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    excerpt: a.excerpt,
    body: a.body,
    heroImageUrl: a.hero_image_url,
    heroImageAlt: a.hero_image_alt?.trim() || null,
    heroImageCaption: a.hero_image_caption?.trim() || null,
    imageReference: a.image_reference,
    publishedAt: a.published_at,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
    authorId: a.author_id,
    isMain: a.is_main,
    isReport: a.is_report,
    pdfUrl: a.pdf_url,
    primaryCategoryId: a.primary_category_id,
    showEditedTag: a.show_edited_tag,
    categoryIds,
    seo: pageSeo(a.seo),
  };
}

export function authorFromRow(p: AuthorRow): Author {
  return {
    id: p.id,
    username: p.username,
    displayName: p.display_name,
    avatarUrl: p.avatar_url,
    bio: p.bio,
    role: p.role,
  };
}
