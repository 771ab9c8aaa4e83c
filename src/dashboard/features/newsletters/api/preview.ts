/** The e-mail as subscribers will get it, rendered in the browser for the preview (issue 30). */
import { render } from '@react-email/components';
import { IMAGE_MODE, PUBLIC_SUPABASE_URL } from '../../../../lib/env.ts';
import { IssueEmail, type IssueArticle } from '../../../../lib/rules/newsletter/email.ts';

export async function renderPreview(issue: {
  subject: string;
  preheader: string;
  introHtml: string;
  articles: IssueArticle[];
}): Promise<string> {
  return render(
    IssueEmail(
      { subject: issue.subject, preheader: issue.preheader, intro_html: issue.introHtml, articles: issue.articles },
      { siteUrl: window.location.origin, apiUrl: PUBLIC_SUPABASE_URL, renditions: IMAGE_MODE === 'storage' },
    ),
  );
}

/** The preview's articles: what the e-mail shows of each story. */
export async function previewArticles(ids: number[]): Promise<IssueArticle[]> {
  if (ids.length === 0) return [];
  const { getBrowserClient } = await import('../../../../lib/browser/supabase.ts');
  const { data, error } = await getBrowserClient()
    .from('articles_meta')
    .select('id, title, slug, excerpt, hero_image_url, hero_image_alt')
    .in('id', ids);
  if (error) throw error;
  const byId = new Map(data.map((a) => [a.id, a as IssueArticle]));
  return ids.map((id) => byId.get(id)).filter((a): a is IssueArticle => a !== undefined);
}
