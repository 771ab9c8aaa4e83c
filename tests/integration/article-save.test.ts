/**
 * The article form's save (save_article: row and categories in one transaction, slug rules,
 * duplicate title) and the revision history written by the database (staff-dashboard.md §4, §5).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, type World } from '../support/world.ts';
import { saveErrorMessage } from '../../src/dashboard/features/article-form/api/save-article.ts';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';

let w: World;
const admin = serviceClient();
const t = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
let cats: number[];

beforeAll(async () => {
  w = await buildWorld();
  cats = (await admin.from('categories').select('id').order('id').limit(3)).data!.map((c) => c.id as number);
}, 120_000);

const article = (title: string, extra: object = {}) => ({
  title,
  body: '<p>Body</p>',
  excerpt: 'An excerpt',
  hero_image_url: 'https://example.test/a.webp',
  status: 'published',
  seo: { seoTitle: title, metaDescription: 'D', keywords: ['solar'], focusKeyword: 'solar' },
  ...extra,
});

async function categoriesOf(id: number) {
  const { data } = await admin
    .from('article_categories')
    .select('category_id, display_order')
    .eq('article_id', id)
    .order('display_order');
  return data!.map((r) => r.category_id as number);
}

describe('save_article', () => {
  it('creates an article as the caller with its categories in order, primary and SEO stored', async () => {
    const title = `Solar ${t()}`;
    const { data, error } = await w.clients.author.rpc('save_article', {
      p_id: null,
      p_article: article(title),
      p_category_ids: [cats[1], cats[0]],
      p_primary_category_id: cats[0],
    });
    expect(error).toBeNull();
    const { article_id: id, article_slug: slug } = (data as { article_id: number; article_slug: string }[])[0]!;
    const row = (await admin.from('articles_meta').select('*').eq('id', id).single()).data!;
    expect(row).toMatchObject({ slug, author_id: w.ids.author, primary_category_id: cats[0], status: 'published' });
    expect(row.published_at).not.toBeNull();
    expect(row.seo).toMatchObject({ focusKeyword: 'solar' });
    expect(slug).toBe(title.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
    expect(await categoriesOf(id)).toEqual([cats[1], cats[0]]);
  });

  it('appends -1, -2 to a taken slug, even one taken by someone else’s draft; edit keeps its own', async () => {
    const title = `Wind ${t()}`;
    await makeArticle(w.ids.author2, { title, slug: title.toLowerCase().replace(/ /g, '-'), status: 'draft' });
    const first = await w.clients.author.rpc('save_article', {
      p_id: null,
      p_article: article(title),
      p_category_ids: [cats[0]],
    });
    expect(first.error).toBeNull();
    const { article_id: id, article_slug: slug } = (first.data as { article_id: number; article_slug: string }[])[0]!;
    expect(slug).toMatch(/-1$/);
    const edit = await w.clients.author.rpc('save_article', {
      p_id: id,
      p_base_version: 1,
      p_article: article(title),
      p_category_ids: [cats[0]],
    });
    expect((edit.data as { article_slug: string }[])[0]!.article_slug).toBe(slug);
  });

  it('answers 23505 for a duplicate title by the same author', async () => {
    const title = `Dup ${t()}`;
    const args = { p_id: null, p_article: article(title), p_category_ids: [cats[0]] };
    expect((await w.clients.author.rpc('save_article', args)).error).toBeNull();
    expect((await w.clients.author.rpc('save_article', args)).error!.code).toBe('23505');
  });

  it('replaces categories atomically: a failing save leaves the old ones', async () => {
    const { data } = await w.clients.author.rpc('save_article', {
      p_id: null,
      p_article: article(`Atomic ${t()}`),
      p_category_ids: [cats[0], cats[1]],
    });
    const id = (data as { article_id: number }[])[0]!.article_id;
    const bad = await w.clients.author.rpc('save_article', {
      p_id: id,
      p_base_version: 1,
      p_article: article(`Atomic ${t()}`),
      p_category_ids: [cats[2], 999999999],
    });
    expect(bad.error).not.toBeNull();
    expect(await categoriesOf(id)).toEqual([cats[0], cats[1]]);
  });

  it('sets published_at on an edit that publishes; a draft create has none', async () => {
    const { data } = await w.clients.author.rpc('save_article', {
      p_id: null,
      p_article: article(`Draft ${t()}`, { status: 'draft' }),
      p_category_ids: [cats[0]],
    });
    const id = (data as { article_id: number }[])[0]!.article_id;
    expect((await admin.from('articles_meta').select('published_at').eq('id', id).single()).data).toEqual({
      published_at: null,
    });
    await w.clients.author.rpc('save_article', {
      p_id: id,
      p_base_version: 1,
      p_article: article(`Draft ${t()}`),
      p_category_ids: [cats[0]],
    });
    expect(
      (await admin.from('articles_meta').select('published_at').eq('id', id).single()).data!.published_at,
    ).not.toBeNull();
  });

  it('refuses an author editing someone else’s article, a reader, and archived articles', async () => {
    const other = await makeArticle(w.ids.author2);
    const denied = await w.clients.author.rpc('save_article', {
      p_id: other,
      p_article: article(`X ${t()}`),
      p_category_ids: [cats[0]],
    });
    expect(denied.error!.code).toBe('P0002');
    expect(await categoriesOf(other)).toEqual([]);
    const reader = await w.clients.reader.rpc('save_article', {
      p_id: null,
      p_article: article(`R ${t()}`),
      p_category_ids: [],
    });
    expect(reader.error!.code).toBe('42501');
    const archived = await w.clients.admin.rpc('save_article', {
      p_id: w.articles.archivedB,
      p_article: article(`A ${t()}`),
      p_category_ids: [cats[0]],
    });
    // Archived meanwhile: its own refusal, so the form can say who archived it (issue 18).
    expect(archived.error!.code).toBe('PT410');
  });

  it("the form words the database's refusals: 'No article found to update.', the duplicate-title message", async () => {
    const other = await makeArticle(w.ids.author2);
    const denied = await w.clients.author.rpc('save_article', {
      p_id: other,
      p_article: article(`Y ${t()}`),
      p_category_ids: [cats[0]],
    });
    expect(saveErrorMessage(denied.error!)).toBe(ARTICLE_FORM.noArticleToUpdate);
    const title = `Twice ${t()}`;
    const args = { p_id: null, p_article: article(title), p_category_ids: [cats[0]] };
    expect((await w.clients.author.rpc('save_article', args)).error).toBeNull();
    expect(saveErrorMessage((await w.clients.author.rpc('save_article', args)).error!)).toBe(
      ARTICLE_FORM.duplicateTitle,
    );
  });
});

describe('revisions', () => {
  async function create(title: string) {
    const { data } = await w.clients.author.rpc('save_article', {
      p_id: null,
      p_article: article(title),
      p_category_ids: [cats[0]],
    });
    return (data as { article_id: number }[])[0]!.article_id;
  }

  it('every save writes exactly one revision with who, title, body and categories', async () => {
    const title = `Rev ${t()}`;
    const id = await create(title);
    await w.clients.author.rpc('save_article', {
      p_id: id,
      p_base_version: 1,
      p_article: article(`${title} v2`, { body: '<p>Second</p>' }),
      p_category_ids: [cats[1], cats[2]],
    });
    const { data } = await w.clients.author
      .from('article_revisions')
      .select('title, body, category_ids, editor_id')
      .eq('article_id', id)
      .order('id');
    expect(data).toEqual([
      { title, body: '<p>Body</p>', category_ids: [cats[0]], editor_id: w.ids.author },
      { title: `${title} v2`, body: '<p>Second</p>', category_ids: [cats[1], cats[2]], editor_id: w.ids.author },
    ]);
  });

  it('archive, restore and set main write none', async () => {
    const id = await create(`Quiet ${t()}`);
    await w.clients.author.from('articles_meta').update({ archived_at: new Date().toISOString() }).eq('id', id);
    await w.clients.admin.from('articles_meta').update({ archived_at: null }).eq('id', id);
    await w.clients.author.rpc('set_main_article', { p_article_id: id });
    const { count } = await admin
      .from('article_revisions')
      .select('id', { count: 'exact', head: true })
      .eq('article_id', id);
    expect(count).toBe(1);
  });

  it('readers and other authors cannot read them; clients cannot write them', async () => {
    const id = await create(`Private ${t()}`);
    for (const who of ['reader', 'author2', 'anon'] as const) {
      const { data } = await w.clients[who].from('article_revisions').select('id').eq('article_id', id);
      expect(data ?? []).toEqual([]);
    }
    expect((await w.clients.admin.from('article_revisions').select('id').eq('article_id', id)).data).toHaveLength(1);
    const forged = await w.clients.author
      .from('article_revisions')
      .insert({ article_id: id, title: 'Forged', status: 'draft' });
    expect(forged.error).not.toBeNull();
  });

  it('restore puts the old title, body and categories back and becomes a new revision', async () => {
    const title = `Restore ${t()}`;
    const id = await create(title);
    await w.clients.author.rpc('save_article', {
      p_id: id,
      p_base_version: 1,
      p_article: article(`${title} changed`, { body: '<p>Changed</p>' }),
      p_category_ids: [cats[2]],
    });
    const first = (await w.clients.author.from('article_revisions').select('id').eq('article_id', id).order('id'))
      .data![0]!;
    expect((await w.clients.author2.rpc('restore_article_revision', { p_revision_id: first.id })).error!.code).toBe(
      'P0002',
    );
    expect((await w.clients.author.rpc('restore_article_revision', { p_revision_id: first.id })).error).toBeNull();
    expect((await admin.from('articles_meta').select('title, body').eq('id', id).single()).data).toEqual({
      title,
      body: '<p>Body</p>',
    });
    expect(await categoriesOf(id)).toEqual([cats[0]]);
    const { count } = await admin
      .from('article_revisions')
      .select('id', { count: 'exact', head: true })
      .eq('article_id', id);
    expect(count).toBe(3);
  });
});
