/**
 * The article's editable content, field by field, and the rule for two people editing it
 * (issue 18). The database gives every article a content version; a save names the version it
 * started from and is refused when the stored one moved on. Then this module compares, per
 * field, the version the form started from (base), this user's values (mine) and the stored ones
 * (theirs): a field only one side changed takes that side; a field both changed differently is a
 * conflict the user resolves. Kept apart from the form so a live channel (ROADMAP: real-time
 * co-editing) can replace the save without touching the form.
 */
import { formatDateTime } from '../../../lib/rules/dates.ts';
import { ARTICLE_FORM } from '../../../lib/messages/dashboard-article-form.ts';
import type { SeoFields } from '../../../lib/rules/seo-panel.ts';

/** Everything the article form edits and a save writes. */
export interface ArticleContent {
  title: string;
  body: string;
  excerpt: string;
  heroImageUrl: string;
  imageReference: string;
  /** The hero image's text alternative (at most 125 characters) and visible caption (issue 16). */
  heroImageAlt: string;
  heroImageCaption: string;
  status: 'draft' | 'published';
  /**
   * When a published article goes public (issue 12): null = 'Publish now' (an article already
   * live keeps its date), an ISO instant = scheduled for then, '' = scheduled but no time chosen.
   */
  publishAt: string | null;
  isReport: boolean;
  pdfUrl: string;
  showEditedTag: boolean;
  categoryIds: number[];
  /** The primary category. */
  starred: number | null;
  seo: SeoFields;
}

/** The stored content a form started from, with the database's version of it. */
export interface VersionedContent {
  version: number;
  content: ArticleContent;
}

/**
 * The fields compared one by one, in the form's order, each with the name users see. The slug
 * follows the title (the database derives it), so it merges with the title. SEO fields are
 * separate: most are filled from the title, excerpt and categories, and two people changing
 * different ones do not collide.
 */
export const MERGE_FIELDS = {
  title: { label: ARTICLE_FORM.fields.title, read: (c: ArticleContent) => c.title },
  heroImageUrl: { label: ARTICLE_FORM.fields.featuredImage, read: (c: ArticleContent) => c.heroImageUrl },
  imageReference: { label: 'Image reference', read: (c: ArticleContent) => c.imageReference },
  heroImageAlt: { label: ARTICLE_FORM.altLabel, read: (c: ArticleContent) => c.heroImageAlt },
  heroImageCaption: { label: 'Image caption', read: (c: ArticleContent) => c.heroImageCaption },
  pdf: { label: ARTICLE_FORM.fields.reportPdf, read: (c: ArticleContent) => [c.isReport, c.isReport ? c.pdfUrl : ''] },
  excerpt: { label: ARTICLE_FORM.fields.excerpt, read: (c: ArticleContent) => c.excerpt },
  body: { label: ARTICLE_FORM.fields.body, read: (c: ArticleContent) => c.body },
  categories: { label: 'Categories', read: (c: ArticleContent) => [c.categoryIds, c.starred] },
  status: { label: ARTICLE_FORM.fields.status, read: (c: ArticleContent) => c.status },
  publishAt: { label: 'Publication time', read: (c: ArticleContent) => c.publishAt },
  showEditedTag: { label: 'Edited tag', read: (c: ArticleContent) => c.showEditedTag },
  seoTitle: { label: 'SEO title', read: (c: ArticleContent) => c.seo.seoTitle },
  metaDescription: { label: 'Meta description', read: (c: ArticleContent) => c.seo.metaDescription },
  keywords: { label: 'Keywords', read: (c: ArticleContent) => c.seo.keywords },
  focusKeyword: { label: 'Focus keyword', read: (c: ArticleContent) => c.seo.focusKeyword },
} as const;

export type MergeField = keyof typeof MERGE_FIELDS;
const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS) as MergeField[];
export type Side = 'mine' | 'theirs';

/** Copies one field's value from `from` into `into`. */
function take(into: ArticleContent, from: ArticleContent, field: MergeField): ArticleContent {
  switch (field) {
    case 'pdf':
      return { ...into, isReport: from.isReport, pdfUrl: from.pdfUrl };
    case 'categories':
      return { ...into, categoryIds: from.categoryIds, starred: from.starred };
    case 'seoTitle':
    case 'metaDescription':
    case 'keywords':
    case 'focusKeyword':
      return { ...into, seo: { ...into.seo, [field]: from.seo[field] } };
    default:
      return { ...into, [field]: from[field] };
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function fieldDiffers(a: ArticleContent, b: ArticleContent, field: MergeField): boolean {
  const { read } = MERGE_FIELDS[field];
  return !same(read(a), read(b));
}

export interface MergeResult {
  /** Mine with every field only they changed taken from theirs. */
  merged: ArticleContent;
  /** Fields taken from theirs without asking. */
  theirsTaken: MergeField[];
  /** Fields both changed to different values: the user chooses. */
  conflicts: MergeField[];
}

/**
 * The three-way compare. `mineBase` is what "unchanged" means for this user (the form's starting
 * point after the editor's own normalisation of the body); `base` is what it means for the stored
 * side. Both default to the same thing.
 */
export function mergeArticle(args: {
  base: ArticleContent;
  mineBase?: ArticleContent;
  mine: ArticleContent;
  theirs: ArticleContent;
}): MergeResult {
  const { base, mine, theirs } = args;
  const mineBase = args.mineBase ?? base;
  let merged = mine;
  const theirsTaken: MergeField[] = [];
  const conflicts: MergeField[] = [];
  for (const field of MERGE_FIELD_NAMES) {
    const theyChanged = fieldDiffers(theirs, base, field);
    if (!theyChanged) continue;
    const iChanged = fieldDiffers(mine, mineBase, field);
    if (!iChanged) {
      merged = take(merged, theirs, field);
      theirsTaken.push(field);
    } else if (fieldDiffers(mine, theirs, field)) {
      conflicts.push(field);
    }
  }
  return { merged, theirsTaken, conflicts };
}

/** The merged content once the user chose a side for each conflict ('mine' when not chosen). */
export function resolveConflicts(
  merged: ArticleContent,
  theirs: ArticleContent,
  choices: Partial<Record<MergeField, Side>>,
): ArticleContent {
  let out = merged;
  for (const field of MERGE_FIELD_NAMES) if (choices[field] === 'theirs') out = take(out, theirs, field);
  return out;
}

export const fieldLabels = (fields: readonly MergeField[]): string =>
  fields.map((f) => MERGE_FIELDS[f].label).join(', ');

/** A field's value as text for the conflict dialog (the body is compared as text elsewhere). */
export function fieldText(c: ArticleContent, field: MergeField, categoryName: (id: number) => string): string {
  switch (field) {
    case 'pdf':
      return c.isReport ? c.pdfUrl || '(no PDF)' : '(not a report)';
    case 'categories':
      return c.categoryIds.map((id) => (id === c.starred ? `★ ${categoryName(id)}` : categoryName(id))).join(', ');
    case 'showEditedTag':
      return c.showEditedTag ? 'Shown' : 'Hidden';
    case 'publishAt':
      return c.publishAt === null ? 'Publish now' : c.publishAt ? `${formatDateTime(c.publishAt)} (Johannesburg)` : '';
    case 'keywords':
      return c.seo.keywords.join(', ');
    default: {
      const value = MERGE_FIELDS[field].read(c);
      return typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
}
