/**
 * save_article refuses what the article form refuses (staff-dashboard.md §5, issue 28), drafts
 * included, each rule with its own hint, which the form words as it words its own check; what the
 * form sends still saves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { saveErrorMessage } from '../../src/dashboard/features/article-form/api/save-article.ts';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, type World } from '../support/world.ts';

let w: World;
const admin = serviceClient();
const t = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
let cat: number;

beforeAll(async () => {
  w = await buildWorld();
  cat = (await admin.from('categories').select('id').order('id').limit(1).single()).data!.id as number;
}, 120_000);

const valid = (extra: object = {}) => ({
  title: `Rules ${t()}`,
  body: '<p>Body</p>',
  excerpt: 'An excerpt',
  hero_image_url: 'https://example.test/a.webp',
  status: 'draft',
  is_report: false,
  pdf_url: '',
  ...extra,
});

const save = (article: object, id: number | null = null, base: number | null = null) =>
  w.clients.author.rpc('save_article', {
    p_id: id as number,
    p_article: article,
    p_category_ids: [cat],
    p_base_version: base as number,
  });

describe('save_article refuses what the form refuses (staff-dashboard.md §5)', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  it.each([
    ['no title', { title: '  ' }, 'article_title_required', ARTICLE_FORM.titleRequired],
    [
      'no featured image',
      { hero_image_url: '' },
      'article_featured_image_required',
      ARTICLE_FORM.featuredImageRequired,
    ],
    ['an empty body', { body: '<p> &nbsp; </p>' }, 'article_body_required', ARTICLE_FORM.bodyRequired],
    ['no body at all', { body: null }, 'article_body_required', ARTICLE_FORM.bodyRequired],
    ['a report without a PDF', { is_report: true, body: '' }, 'article_report_pdf_required', ARTICLE_FORM.pdfRequired],
    [
      'a report without an excerpt',
      { is_report: true, pdf_url: 'https://example.test/r.pdf', excerpt: ' ' },
      'article_report_excerpt_required',
      ARTICLE_FORM.reportExcerptRequired,
    ],
    ['an excerpt of 41 words', { excerpt: words(41) }, 'article_excerpt_too_long', ARTICLE_FORM.excerptTooLong],
    [
      'an excerpt of 401 characters',
      { excerpt: 'x'.repeat(401) },
      'article_excerpt_too_long',
      ARTICLE_FORM.excerptTooLong,
    ],
  ])('refuses %s, in the form’s words', async (_, change, hint, message) => {
    const { data, error } = await save(valid(change));
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23514', hint });
    expect(saveErrorMessage(error!)).toBe(message);
  });

  it('a published article is held to the same rules, and so is an edit', async () => {
    expect((await save(valid({ status: 'published', hero_image_url: '' }))).error!.hint).toBe(
      'article_featured_image_required',
    );
    const created = await save(valid());
    const { article_id: id, content_version: version } = (
      created.data as { article_id: number; content_version: number }[]
    )[0]!;
    const edit = await save(valid({ body: '' }), id, version);
    expect(edit.error!.hint).toBe('article_body_required');
    expect((await admin.from('articles_meta').select('body').eq('id', id).single()).data!.body).toBe('<p>Body</p>');
  });

  it.each([
    ['a draft', {}],
    ['a published article', { status: 'published' }],
    ['a body that is only an image', { body: '<p><img src="https://example.test/b.webp" alt=""></p>' }],
    ['a body that is only an embed', { body: '<iframe src="https://www.youtube.com/embed/x"></iframe>' }],
    [
      'a report with its PDF and excerpt and no body',
      { is_report: true, pdf_url: 'https://example.test/r.pdf', body: '' },
    ],
    ['an excerpt of exactly 40 words', { excerpt: words(40) }],
    ['an excerpt of exactly 400 characters in 40 words', { excerpt: `${'x'.repeat(361)} ${words(39)}`.slice(0, 400) }],
    ['a blank excerpt (made from the body)', { excerpt: '' }],
  ])('still saves what the form sends: %s', async (_, change) => {
    const { error } = await save(valid(change));
    expect(error).toBeNull();
  });
});
