/**
 * Revisions keep every field the article form edits (issue 18): a change of only the featured
 * image, alt text, caption, PDF, Edited tag or SEO is a revision; the losing side of a collision
 * keeps those values too; Restore puts them back, but never the status or publication time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, type World } from '../support/world.ts';

let w: World;
const admin = serviceClient();
const t = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
let cat: number;

beforeAll(async () => {
  w = await buildWorld();
  cat = (await admin.from('categories').select('id').order('id').limit(1)).data![0]!.id as number;
}, 120_000);

const seo = { seoTitle: 'S', metaDescription: 'M', keywords: ['water'], focusKeyword: 'water' };
const article = (title: string, extra: object = {}) => ({
  title,
  body: '<p>Body</p>',
  excerpt: 'An excerpt',
  hero_image_url: 'https://example.test/first.webp',
  hero_image_alt: 'First picture',
  hero_image_caption: 'First caption',
  status: 'published',
  seo,
  ...extra,
});

async function save(id: number | null, body: object, base: number | null = null, setAside: object | null = null) {
  const { data, error } = await w.clients.author.rpc('save_article', {
    p_id: id,
    p_article: body,
    p_category_ids: [cat],
    p_base_version: base,
    p_set_aside: setAside,
  });
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return (data as { article_id: number; content_version: number }[])[0]!;
}

const revisions = async (id: number) =>
  (await admin.from('article_revisions').select('id, title, set_aside, fields').eq('article_id', id).order('id'))
    .data as { id: number; title: string; set_aside: boolean; fields: Record<string, unknown> }[];

describe('revisions keep every form field', () => {
  it('a change of only the image texts and SEO is a revision, and restoring brings them back', async () => {
    const title = `Revisions ${t()}`;
    const first = await save(null, article(title));
    await save(
      first.article_id,
      article(title, {
        hero_image_url: 'https://example.test/second.webp',
        hero_image_alt: 'Second picture',
        hero_image_caption: '',
        show_edited_tag: true,
        seo: { ...seo, seoTitle: 'Changed' },
      }),
      first.content_version,
    );
    const revs = await revisions(first.article_id);
    expect(revs).toHaveLength(2);
    expect(revs[0]!.fields).toMatchObject({
      hero_image_url: 'https://example.test/first.webp',
      hero_image_alt: 'First picture',
      hero_image_caption: 'First caption',
      show_edited_tag: false,
      seo: { seoTitle: 'S' },
    });
    expect(revs[1]!.fields).toMatchObject({ hero_image_alt: 'Second picture', hero_image_caption: null });

    const { error } = await w.clients.author.rpc('restore_article_revision', { p_revision_id: revs[0]!.id });
    expect(error).toBeNull();
    const row = (await admin.from('articles_meta').select('*').eq('id', first.article_id).single()).data!;
    expect(row).toMatchObject({
      hero_image_url: 'https://example.test/first.webp',
      hero_image_alt: 'First picture',
      hero_image_caption: 'First caption',
      show_edited_tag: false,
      seo: { seoTitle: 'S' },
      status: 'published',
    });
  });

  it('the losing side of a collision keeps its alt text and PDF, restorable later', async () => {
    const title = `Collision ${t()}`;
    const first = await save(null, article(title));
    // Someone else saved first; this user chose 'Use theirs' for the alt text, losing their own.
    const theirs = await save(first.article_id, article(title, { hero_image_alt: 'Their alt' }), first.content_version);
    await save(
      first.article_id,
      article(title, { hero_image_alt: 'Their alt', excerpt: 'Mine' }),
      theirs.content_version,
      {
        ...article(title, { hero_image_alt: 'My alt', is_report: true, pdf_url: 'https://example.test/r.pdf' }),
        category_ids: [cat],
      },
    );
    const setAside = (await revisions(first.article_id)).find((r) => r.set_aside)!;
    expect(setAside.fields).toMatchObject({
      hero_image_alt: 'My alt',
      is_report: true,
      pdf_url: 'https://example.test/r.pdf',
    });

    await w.clients.author.rpc('restore_article_revision', { p_revision_id: setAside.id });
    const row = (await admin.from('articles_meta').select('*').eq('id', first.article_id).single()).data!;
    expect(row).toMatchObject({ hero_image_alt: 'My alt', is_report: true, pdf_url: 'https://example.test/r.pdf' });
  });

  it('restore leaves the status and publication time alone', async () => {
    const title = `Status ${t()}`;
    const first = await save(null, article(title, { status: 'draft' }));
    await save(first.article_id, article(title, { status: 'published' }), first.content_version);
    const [draftRev] = await revisions(first.article_id);
    await w.clients.author.rpc('restore_article_revision', { p_revision_id: draftRev!.id });
    const row = (await admin.from('articles_meta').select('status, published_at').eq('id', first.article_id).single())
      .data!;
    expect(row.status).toBe('published');
    expect(row.published_at).not.toBeNull();
  });
});
