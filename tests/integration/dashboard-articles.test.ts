/**
 * My Articles in the database (dashboard_articles, dashboard_article_total) and the newsroom
 * rule for Set as Main: who sees which rows, the spec's search fields, paging with a total, and
 * authors promoting only their own articles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { buildWorld, insertOne, makeArticle, type World } from '../support/world.ts';

let w: World;
const admin = serviceClient();
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
let catName: string;
let tagged: number;

beforeAll(async () => {
  w = await buildWorld();
  catName = `Zebra Finance ${tag}`;
  const cat = await insertOne('categories', { name: catName, slug: `zebra-finance-${tag}` });
  tagged = await makeArticle(w.ids.author2, { title: `Plain title ${tag}` });
  await insertOne('article_categories', { article_id: tagged, category_id: cat.id, display_order: 0 }, 'article_id');
}, 120_000);

type Row = { id: number; author_id: string; total_count: number; category_names: string[]; title: string };

describe('dashboard_articles', () => {
  it('authors get only their own non-archived articles, drafts included', async () => {
    const { data, error } = await w.clients.author.rpc('dashboard_articles', { p_limit: 100 });
    expect(error).toBeNull();
    const rows = data as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.author_id === w.ids.author)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([w.articles.draftA, w.articles.pubA]));
    expect(rows[0]!.total_count).toBe(rows.length);
  });

  it('admins get everyone’s articles but never archived ones', async () => {
    const { data } = await w.clients.admin.rpc('dashboard_articles', { p_search: tag, p_limit: 100 });
    const ids = (data as Row[]).map((r) => r.id);
    expect(ids).toContain(tagged);
    const all = await w.clients.admin.rpc('dashboard_articles', { p_limit: 100 });
    expect((all.data as Row[]).map((r) => r.id)).not.toContain(w.articles.archivedB);
  });

  it('searches category names, case-insensitively', async () => {
    const { data } = await w.clients.admin.rpc('dashboard_articles', { p_search: catName.toUpperCase() });
    expect((data as Row[]).map((r) => r.id)).toEqual([tagged]);
    expect((data as Row[])[0]!.category_names).toEqual([catName]);
  });

  it('searches the author display name and the status', async () => {
    const byAuthor = await w.clients.admin.rpc('dashboard_articles', { p_search: 'test AUTHOR2', p_limit: 100 });
    // Other suites' worlds have authors of the same name, so judge by the name, not the id.
    const names = (byAuthor.data as (Row & { author_name: string })[]).map((r) => r.author_name);
    expect(names.every((n) => /test author2/i.test(n))).toBe(true);
    expect((byAuthor.data as Row[]).map((r) => r.id)).toContain(w.articles.draftB);
    const drafts = await w.clients.author.rpc('dashboard_articles', { p_search: 'Draft', p_limit: 100 });
    expect((drafts.data as Row[]).map((r) => r.id)).toContain(w.articles.draftA);
    expect((drafts.data as Row[]).map((r) => r.id)).not.toContain(w.articles.pubA);
  });

  it('pages with a total that counts every match', async () => {
    const first = await w.clients.admin.rpc('dashboard_articles', { p_limit: 2, p_offset: 0 });
    const second = await w.clients.admin.rpc('dashboard_articles', { p_limit: 2, p_offset: 2 });
    const total = await w.clients.admin.rpc('dashboard_article_total');
    expect((first.data as Row[]).length).toBe(2);
    expect((first.data as Row[])[0]!.total_count).toBe(total.data);
    expect((second.data as Row[])[0]!.id).not.toBe((first.data as Row[])[0]!.id);
  });

  it('refuses readers and anonymous callers', async () => {
    expect((await w.clients.reader.rpc('dashboard_articles', {})).error!.code).toBe('42501');
    expect((await w.clients.anon.rpc('dashboard_articles', {})).error).not.toBeNull();
  });
});

describe('set_main_article', () => {
  it('lets an author promote their own published article', async () => {
    const id = await makeArticle(w.ids.author);
    expect((await w.clients.author.rpc('set_main_article', { p_article_id: id })).error).toBeNull();
    expect((await admin.from('articles_meta').select('id').eq('is_main', true)).data).toEqual([{ id }]);
  });

  it('refuses an author promoting someone else’s article, and changes nothing', async () => {
    const before = (await admin.from('articles_meta').select('id').eq('is_main', true)).data;
    const id = await makeArticle(w.ids.author2);
    expect((await w.clients.author.rpc('set_main_article', { p_article_id: id })).error!.code).toBe('42501');
    expect((await admin.from('articles_meta').select('id').eq('is_main', true)).data).toEqual(before);
  });

  it('lets an admin promote anyone’s article', async () => {
    const id = await makeArticle(w.ids.author2);
    expect((await w.clients.admin.rpc('set_main_article', { p_article_id: id })).error).toBeNull();
    expect((await admin.from('articles_meta').select('id').eq('is_main', true)).data).toEqual([{ id }]);
  });
});
