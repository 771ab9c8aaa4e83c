/**
 * The article form's rules (staff-dashboard.md §5, §9) as plain functions: slug, excerpt, PDF
 * checks, categories with the primary star, and the order in which a save is refused. The form
 * and the tests import these; the messages come from the catalogue.
 */
import { ARTICLE_FORM } from '../../../lib/messages/dashboard-article-form.ts';
import { htmlToText } from '../../../lib/rules/text.ts';

const EXCERPT_MAX_WORDS = 40;
export const EXCERPT_MAX_CHARS = 400;
/** The hero image's alt text and caption limits (the database's checks, issue 16). */
export const HERO_ALT_MAX_CHARS = 125;
export const HERO_CAPTION_MAX_CHARS = 300;
const PDF_MAX_BYTES = 30 * 1024 * 1024;
export const REDIRECT_AFTER_CREATE_MS = 1200;
export const REDIRECT_AFTER_EDIT_MS = 1500;

/**
 * The slug of a title: lower case, every run of non-alphanumerics one hyphen, no hyphen at
 * either end. Accents are folded first ('Côte d’Ivoire' → 'cote-d-ivoire') so the slug keeps the
 * letter rather than a hyphen; a title with no letters or digits gives 'article'.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'article';
}

/**
 * The first free slug among base, base-1, base-2, … given the slugs already taken by other
 * articles (on edit, the caller leaves the article's own slug out of `taken`).
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 1; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A slug that today's rules would not produce (upper case, underscores, double hyphens …). */
export function isOldStyleSlug(slug: string): boolean {
  return slug !== '' && slugify(slug) !== slug;
}

/** Words in a text, as the 40-word limit counts them (whitespace-separated). */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/**
 * What the excerpt box keeps of typed text: at most 400 characters, and at most 40 words (cut
 * to the first 40 with the spec's message). Whitespace inside is left as typed.
 */
export function limitExcerpt(input: string): { value: string; error: string | null } {
  const capped = input.slice(0, EXCERPT_MAX_CHARS);
  if (countWords(capped) <= EXCERPT_MAX_WORDS) return { value: capped, error: null };
  const words = capped.trim().split(/\s+/).slice(0, EXCERPT_MAX_WORDS);
  return { value: words.join(' '), error: ARTICLE_FORM.excerptTooLong };
}

/** The excerpt stored for a blank one: the body's first 40 words, markup stripped, no ellipsis. */
export function autoExcerpt(bodyHtml: string): string {
  const words = htmlToText(bodyHtml).split(' ').filter(Boolean).slice(0, EXCERPT_MAX_WORDS);
  return words.join(' ').slice(0, EXCERPT_MAX_CHARS);
}

/** The excerpt a save stores: the typed one (trimmed), else one made from the body. */
export function excerptToSave(excerpt: string, bodyHtml: string): string {
  return excerpt.trim() || autoExcerpt(bodyHtml);
}

/** A PDF report file check: type first, then size (spec §5). Null when the file is fine. */
export function pdfError(file: { type: string; size: number }): string | null {
  if (file.type !== 'application/pdf') return ARTICLE_FORM.pdfWrongType;
  if (file.size >= PDF_MAX_BYTES) return ARTICLE_FORM.pdfTooLarge;
  return null;
}

export interface CategoryOption {
  id: number;
  name: string;
  parent_id: number | null;
}

/**
 * Toggles a category in the selection. Choosing a subcategory also selects its parent (added
 * before it, if missing); unchoosing leaves the parent, which the editor may still want.
 */
export function toggleCategory(selected: readonly number[], id: number, all: readonly CategoryOption[]): number[] {
  if (selected.includes(id)) return selected.filter((c) => c !== id);
  const parent = all.find((c) => c.id === id)?.parent_id;
  const next = [...selected];
  if (parent != null && !next.includes(parent)) next.push(parent);
  next.push(id);
  return next;
}

/** The starred category if it is still selected, else the first selected; null for none. */
export function primaryCategory(selected: readonly number[], starred: number | null): number | null {
  if (starred != null && selected.includes(starred)) return starred;
  return selected[0] ?? null;
}

/** A new article with no category gets the first one of the list (spec §5). */
export function categoriesToSave(
  selected: readonly number[],
  all: readonly CategoryOption[],
  isNew: boolean,
): number[] {
  if (selected.length || !isNew || !all.length) return [...selected];
  return [all[0]!.id];
}

export interface ArticleDraft {
  title: string;
  bodyHtml: string;
  excerpt: string;
  heroImageUrl: string;
  isReport: boolean;
  pdfUrl: string;
  uploading: boolean;
}

/**
 * Why a save is refused, in the order the form checks (spec §5), or null when it may go ahead.
 */
export function articleError(d: ArticleDraft): string | null {
  if (!d.title.trim()) return ARTICLE_FORM.titleRequired;
  if (d.uploading) return ARTICLE_FORM.uploadInProgress;
  if (!d.heroImageUrl) return ARTICLE_FORM.featuredImageRequired;
  if (d.isReport) {
    if (!d.pdfUrl) return ARTICLE_FORM.pdfRequired;
    if (!d.excerpt.trim()) return ARTICLE_FORM.reportExcerptRequired;
  } else if (!htmlToText(d.bodyHtml) && !/<(img|iframe)\b/i.test(d.bodyHtml)) {
    return ARTICLE_FORM.bodyRequired;
  }
  return null;
}

/** Storage name for an upload: timestamp-random plus the file's extension (spec §7). */
export function uploadName(fileName: string, now = Date.now(), random = Math.random()): string {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';
  return `${now}-${random.toString(36).slice(2, 10)}.${ext}`;
}
