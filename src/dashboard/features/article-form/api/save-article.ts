/**
 * The article save: one RPC (save_article) writes the row and replaces the categories in one
 * transaction. The body is sanitised by the public page's rules first, so the stored HTML is
 * exactly what readers get. An edit names the content version it started from and carries an
 * idempotency key, so a stale save is refused (never overwrites) and a retried one is applied once.
 */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { refusalMessage, type DatabaseError } from '../../../../lib/rules/database-errors.ts';
import { excerptToSave } from '../../../shared/rules/article-rules.ts';
import { ARTICLE_REFUSALS } from './save-refusals.ts';
import type { ArticleContent } from '../article-merge.ts';
import type { Json } from '../../../../lib/database.types.ts';

/** What a save writes: the editable content (src/dashboard/features/article-form/article-merge.ts), primary category by id. */
export type ArticleInput = Omit<ArticleContent, 'starred'> & { primaryCategoryId: number | null };

export interface SaveRequest {
  id: number | null;
  input: ArticleInput;
  /** The content version the form started from (edits only). */
  baseVersion: number | null;
  /** One key per save; a retry of the same save sends the same key. */
  saveKey: string;
  /** This user's own values, kept as a set-aside revision when they chose the other side. */
  setAside?: ArticleInput | null;
}

export interface SavedArticle {
  id: number;
  slug: string;
  version: number;
  /** The newest publish-outbox entry when the save committed: live once a build includes it. */
  publishSeq: number;
}

/** A save the database refused because someone else got there first (issue 18). */
export class SaveConflictError extends Error {
  readonly kind: 'stale' | 'archived';
  /** Who changed or archived the article. */
  readonly by: string;
  constructor(kind: 'stale' | 'archived', by: string) {
    super(kind === 'archived' ? ARTICLE_FORM.archivedMeanwhile(by) : ARTICLE_FORM.changedMeanwhile(by));
    this.kind = kind;
    this.by = by;
  }
}

/** A save whose answer never arrived: it may or may not have reached the database. */
export class SaveNetworkError extends Error {}

/**
 * Maps a database error to the spec's catalogue (§5, §8): the duplicate title, 'No article found to
 * update.', the form's own rules as save_article enforces them, any other refusal's catalogue
 * message, and 'Something went wrong.' for the rest (never the database's text, issue 28).
 */
export function saveErrorMessage(error: DatabaseError): string {
  if (error.code === '23505') return ARTICLE_FORM.duplicateTitle;
  if (error.code === 'P0002') return ARTICLE_FORM.noArticleToUpdate;
  return refusalMessage(error, ARTICLE_FORM.somethingWentWrong, ARTICLE_REFUSALS);
}

/**
 * The public page's sanitiser (sanitize-html, ~90 KB gzipped) is not part of the form's first
 * JavaScript (issue 29): the form asks for it once it is on screen (`preloadSanitizer`), so a
 * save finds it loaded.
 */
const loadSanitizer = () => import('../../../../lib/rules/sanitize.ts').then((m) => m.sanitizeArticleHtml);

export function preloadSanitizer(): void {
  loadSanitizer().catch(() => {
    // Offline, say: the save asks again and says so if it still cannot.
  });
}

function toRow(input: ArticleInput, sanitize: (html: string) => string) {
  const body = sanitize(input.body);
  return {
    title: input.title.trim(),
    body,
    excerpt: excerptToSave(input.excerpt, body),
    hero_image_url: input.heroImageUrl,
    image_reference: input.imageReference.trim(),
    hero_image_alt: input.heroImageAlt.trim(),
    hero_image_caption: input.heroImageCaption.trim(),
    status: input.status,
    // Only a published article has a publication time to set (null: now, or keep a live one's).
    ...(input.status === 'published' ? { publish_at: input.publishAt || null } : {}),
    is_report: input.isReport,
    pdf_url: input.isReport ? input.pdfUrl : '',
    show_edited_tag: input.showEditedTag,
    seo: input.seo as unknown as Json,
  };
}

export async function saveArticle(req: SaveRequest): Promise<SavedArticle> {
  const { input } = req;
  const sanitize = await loadSanitizer().catch(() => {
    throw new SaveNetworkError(ARTICLE_FORM.saveNetworkFailed);
  });
  const setAside = req.setAside
    ? {
        ...toRow(req.setAside, sanitize),
        category_ids: req.setAside.categoryIds,
        primary_category_id: req.setAside.primaryCategoryId,
      }
    : null;
  const { data, error, status } = await getBrowserClient().rpc('save_article', {
    p_id: req.id as number,
    p_article: toRow(input, sanitize),
    p_category_ids: input.categoryIds,
    p_primary_category_id: input.primaryCategoryId as number,
    p_base_version: req.baseVersion as number,
    p_save_key: req.saveKey,
    p_set_aside: setAside as Json,
  });
  if (error) {
    if (error.code === 'PT409') throw new SaveConflictError('stale', error.details || ARTICLE_FORM.someoneElse);
    if (error.code === 'PT410') throw new SaveConflictError('archived', error.details || ARTICLE_FORM.someoneElse);
    // No HTTP status: the request or its answer was lost on the way.
    // (supabase-js reports it as 'TypeError: Failed to fetch', which tells an editor nothing.)
    if (status === 0) throw new SaveNetworkError(ARTICLE_FORM.saveNetworkFailed);
    throw new Error(saveErrorMessage(error));
  }
  const row = data[0];
  if (!row) throw new Error(ARTICLE_FORM.somethingWentWrong);
  return { id: row.article_id, slug: row.article_slug, version: row.content_version, publishSeq: row.publish_seq };
}
