/**
 * The article save: one RPC (save_article) writes the row and replaces the categories in one
 * transaction. The body is sanitised by the public page's rules first, so the stored HTML is
 * exactly what readers get.
 */
import { getBrowserClient } from '../../../../lib/supabase.ts';
import { ARTICLE_FORM } from '../../../../lib/messages.ts';
import { sanitizeArticleHtml } from '../../../../lib/sanitize.ts';
import { excerptToSave } from '../../../../lib/article-rules.ts';
import type { SeoFields } from '../../../../lib/seo-panel.ts';
import type { Json } from '../../../../lib/database.types.ts';

export interface ArticleInput {
  title: string;
  body: string;
  excerpt: string;
  heroImageUrl: string;
  imageReference: string;
  status: 'draft' | 'published';
  isReport: boolean;
  pdfUrl: string;
  showEditedTag: boolean;
  categoryIds: number[];
  primaryCategoryId: number | null;
  seo: SeoFields;
}

export interface SavedArticle {
  id: number;
  slug: string;
}

/** Maps a database error to the spec's catalogue (§5, §8). */
export function saveErrorMessage(error: { code?: string; message?: string; details?: string }): string {
  if (error.code === '23505' && /title/.test(`${error.message} ${error.details ?? ''}`))
    return ARTICLE_FORM.duplicateTitle;
  if (error.code === '23505') return ARTICLE_FORM.duplicateTitle;
  if (error.code === 'P0002') return ARTICLE_FORM.noArticleToUpdate;
  return error.message || ARTICLE_FORM.somethingWentWrong;
}

export async function saveArticle(id: number | null, input: ArticleInput): Promise<SavedArticle> {
  const body = sanitizeArticleHtml(input.body);
  const { data, error } = await getBrowserClient().rpc('save_article', {
    p_id: id as number,
    p_article: {
      title: input.title.trim(),
      body,
      excerpt: excerptToSave(input.excerpt, body),
      hero_image_url: input.heroImageUrl,
      image_reference: input.imageReference.trim(),
      status: input.status,
      is_report: input.isReport,
      pdf_url: input.isReport ? input.pdfUrl : '',
      show_edited_tag: input.showEditedTag,
      seo: input.seo as unknown as Json,
    },
    p_category_ids: input.categoryIds,
    p_primary_category_id: input.primaryCategoryId as number,
  });
  if (error) throw new Error(saveErrorMessage(error));
  const row = data[0];
  if (!row) throw new Error(ARTICLE_FORM.somethingWentWrong);
  return { id: row.article_id, slug: row.article_slug };
}
