/** Revision history of an article (written by the database on every save) and Restore. */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';
import { storedSeo } from '../../../../lib/rules/seo-panel.ts';
import type { SeoFields } from '../../../../lib/rules/seo-panel.ts';

/** The other form fields a revision keeps (null on revisions older than that rule). */
export interface RevisionFields {
  heroImageUrl: string;
  imageReference: string;
  heroImageAlt: string;
  heroImageCaption: string;
  isReport: boolean;
  pdfUrl: string;
  showEditedTag: boolean;
  seo: SeoFields;
}

function readFields(raw: unknown): RevisionFields | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const f = raw as Record<string, unknown>;
  const text = (key: string) => (typeof f[key] === 'string' ? (f[key] as string) : '');
  return {
    heroImageUrl: text('hero_image_url'),
    imageReference: text('image_reference'),
    heroImageAlt: text('hero_image_alt'),
    heroImageCaption: text('hero_image_caption'),
    isReport: f.is_report === true,
    pdfUrl: text('pdf_url'),
    showEditedTag: f.show_edited_tag === true,
    seo: storedSeo(f.seo),
  };
}

export interface Revision {
  id: number;
  createdAt: string;
  editorId: string | null;
  title: string;
  excerpt: string;
  body: string;
  categoryIds: number[];
  /** This user's side of a collision that was not saved (issue 18), restorable like any other. */
  setAside: boolean;
  fields: RevisionFields | null;
}

export async function listRevisions(articleId: number): Promise<Revision[]> {
  const { data, error } = await getBrowserClient()
    .from('article_revisions')
    .select('id, created_at, editor_id, title, excerpt, body, category_ids, set_aside, fields')
    .eq('article_id', articleId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw new Error(error.message);
  return data.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    editorId: r.editor_id,
    title: r.title,
    excerpt: r.excerpt ?? '',
    body: r.body ?? '',
    categoryIds: r.category_ids,
    setAside: r.set_aside,
    fields: readFields(r.fields),
  }));
}

export async function restoreRevision(id: number): Promise<void> {
  const { error } = await getBrowserClient().rpc('restore_article_revision', { p_revision_id: id });
  if (error) throw new Error(error.message);
}
