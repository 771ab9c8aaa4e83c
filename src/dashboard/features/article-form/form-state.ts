/** The article form's state, how it starts (new or loaded) and what a save sends. */
import type { ArticleContent } from './article-merge.ts';
import { primaryCategory } from '../../shared/rules/article-rules.ts';
import type { StoredArticle } from './api/get-article.ts';
import type { ArticleInput } from './api/save-article.ts';

/** The article's content (one typed module, `article-merge.ts`) and what only the form needs. */
export interface FormState extends ArticleContent {
  /** Fields the editor typed into, which auto-fill no longer overwrites. */
  seoEdited: { seoTitle: boolean; metaDescription: boolean; keywords: boolean };
}

export const EMPTY_FORM: FormState = {
  title: '',
  body: '',
  excerpt: '',
  heroImageUrl: '',
  imageReference: '',
  heroImageAlt: '',
  heroImageCaption: '',
  status: 'draft',
  publishAt: null,
  isReport: false,
  pdfUrl: '',
  showEditedTag: false,
  categoryIds: [],
  starred: null,
  seo: { seoTitle: '', metaDescription: '', keywords: [], focusKeyword: '' },
  seoEdited: { seoTitle: false, metaDescription: false, keywords: false },
};

export function formFromArticle(a: StoredArticle): FormState {
  const stored = a.seo;
  return {
    title: a.title,
    body: a.body,
    excerpt: a.excerpt,
    heroImageUrl: a.heroImageUrl,
    imageReference: a.imageReference,
    heroImageAlt: a.heroImageAlt,
    heroImageCaption: a.heroImageCaption,
    status: a.status,
    publishAt: a.publishAt,
    isReport: a.isReport,
    pdfUrl: a.pdfUrl,
    showEditedTag: a.showEditedTag,
    categoryIds: a.categoryIds,
    starred: a.primaryCategoryId,
    seo: stored,
    seoEdited: {
      seoTitle: stored.seoTitle !== '',
      metaDescription: stored.metaDescription !== '',
      keywords: stored.keywords.length > 0,
    },
  };
}

export function inputFromForm(f: FormState, categoryIds: number[]): ArticleInput {
  return {
    title: f.title,
    body: f.body,
    excerpt: f.excerpt,
    heroImageUrl: f.heroImageUrl,
    imageReference: f.imageReference,
    heroImageAlt: f.heroImageAlt,
    heroImageCaption: f.heroImageCaption,
    status: f.status,
    publishAt: f.publishAt,
    isReport: f.isReport,
    pdfUrl: f.pdfUrl,
    showEditedTag: f.showEditedTag,
    categoryIds,
    primaryCategoryId: primaryCategory(categoryIds, f.starred),
    seo: f.seo,
  };
}

/** The content a save writes, without the form's own bookkeeping. */
export function contentOf(f: FormState): ArticleContent {
  const { seoEdited: _seoEdited, ...content } = f;
  return content;
}

/** A form state for merged content, keeping which SEO fields the editor typed into. */
export function withContent(f: FormState, content: ArticleContent): FormState {
  return { ...content, seoEdited: f.seoEdited };
}

/** Whether two states differ in anything a save would write. */
export function sameForm(a: FormState, b: FormState): boolean {
  return JSON.stringify({ ...a, seoEdited: null }) === JSON.stringify({ ...b, seoEdited: null });
}

/** How a field group changes the form: the changed fields (auto-filled SEO fields follow). */
export type UpdateForm = (change: Partial<FormState>) => void;
