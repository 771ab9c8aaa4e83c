/**
 * Real content for the dashboard's screens, written through the API as the demo admin: an article
 * with a body (for Edit Article) and a newsletter draft with an intro and stories (for an issue's
 * form and its e-mail preview), so those screens are checked full, not empty.
 */
import { expect } from '@playwright/test';
import { signedInApi } from './dashboard-session.ts';
import { tag } from './reader-session.ts';

export const ARTICLE_BODY = 'Solar farms in the Karoo now feed the national grid through the winter.';

/** A draft article with a body and a featured image; its id. */
export async function articleWithBody(): Promise<number> {
  const admin = await signedInApi('admin');
  const saved = await admin.rpc('save_article', {
    p_id: null,
    p_article: {
      title: `Desk check ${tag()}`,
      body: `<h2>The grid</h2><p>${ARTICLE_BODY}</p><ul><li>Wind</li><li>Sun</li></ul>`,
      excerpt: 'How the Karoo feeds the grid.',
      hero_image_url: '/x.webp',
      hero_image_alt: 'Solar panels in the Karoo',
      status: 'draft',
    },
    p_category_ids: [],
  });
  expect(saved.error).toBeNull();
  return (saved.data as { article_id: number }[])[0]!.article_id;
}

/** A newsletter draft: subject, preheader, an intro and the three newest published stories. */
export async function issueWithStories(): Promise<{ id: number; subject: string; stories: string[] }> {
  const admin = await signedInApi('admin');
  const { data: articles, error } = await admin
    .from('articles_meta')
    .select('id, title')
    .eq('status', 'published')
    .is('archived_at', null)
    .order('published_at', { ascending: false })
    .limit(3);
  expect(error).toBeNull();
  expect(articles).toHaveLength(3);
  const subject = `The week in ESG ${tag()}`;
  const saved = await admin.rpc('save_newsletter_issue', {
    p_id: null,
    p_subject: subject,
    p_preheader: 'Three stories worth your Friday.',
    p_intro_html: '<p>Good morning. This week: <strong>energy</strong>, water and the JSE.</p>',
    p_article_ids: articles!.map((a) => a.id),
  });
  expect(saved.error).toBeNull();
  return { id: Number(saved.data), subject, stories: articles!.map((a) => a.title) };
}
