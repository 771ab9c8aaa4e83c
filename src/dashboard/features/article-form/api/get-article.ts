import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { storedSeo } from '../../../../lib/rules/seo-panel.ts';
import { isScheduled } from '../../../shared/rules/schedule.ts';
import type { Database } from '../../../../lib/database.types.ts';
import type { ArticleInput } from './save-article.ts';

/** The stored article as the form loads it: what a save writes, plus what the form shows. */
export interface StoredArticle extends ArticleInput {
  id: number;
  slug: string;
  /** When the stored article went (or goes) public; null for a never-published draft. */
  publishedAt: string | null;
  /** The last editor's display name (null when never edited). */
  lastEditedBy: string | null;
  lastEditedAt: string | null;
  /** The database's content version: a save names it, and is refused once it moved on. */
  version: number;
  /** Whose article it is: a colleague's (not an admin's to edit) opens read-only. */
  authorId: string | null;
}

/** The article to edit with its categories in their order (spec §7, "Edit article"). */
export async function getArticle(id: number): Promise<StoredArticle> {
  const supabase = getBrowserClient();
  const [{ data: a, error }, { data: links, error: linkError }] = await Promise.all([
    supabase.from('articles_meta').select('*').eq('id', id).is('archived_at', null).maybeSingle(),
    supabase
      .from('article_categories')
      .select('category_id, display_order')
      .eq('article_id', id)
      .order('display_order'),
  ]);
  if (error || linkError) throw new Error((error ?? linkError)!.message || ARTICLE_FORM.articleNotFound);
  if (!a) throw new Error(ARTICLE_FORM.articleNotFound);
  return { ...articleFromRow(a, links ?? []), lastEditedBy: await editorName(a.last_edited_by) };
}

/** The editor's display name; staff read every profile (a failed read names no one in particular). */
async function editorName(id: string | null): Promise<string | null> {
  if (!id) return null;
  const { data } = await getBrowserClient().from('profiles').select('display_name').eq('id', id).maybeSingle();
  return data?.display_name?.trim() || ARTICLE_FORM.unknownEditor;
}

type ArticleRecord = Database['public']['Tables']['articles_meta']['Row'];

function articleFromRow(a: ArticleRecord, links: { category_id: number }[]): Omit<StoredArticle, 'lastEditedBy'> {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    body: a.body ?? '',
    excerpt: a.excerpt ?? '',
    heroImageUrl: a.hero_image_url ?? '',
    imageReference: a.image_reference ?? '',
    heroImageAlt: a.hero_image_alt ?? '',
    heroImageCaption: a.hero_image_caption ?? '',
    status: a.status === 'published' ? 'published' : 'draft',
    // A scheduled article shows its time; a live or draft one starts on 'Publish now'.
    publishAt: isScheduled(a.status, a.published_at) ? a.published_at : null,
    publishedAt: a.published_at,
    isReport: a.is_report,
    pdfUrl: a.pdf_url ?? '',
    showEditedTag: a.show_edited_tag,
    primaryCategoryId: a.primary_category_id,
    categoryIds: links.map((l) => l.category_id),
    seo: storedSeo(a.seo),
    lastEditedAt: a.last_edited_at,
    version: a.content_version,
    authorId: a.author_id,
  };
}
