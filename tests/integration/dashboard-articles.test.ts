/**
 * My Articles in the database (dashboard_articles, dashboard_article_total) and the newsroom
 * rule for Set as Main: every staff member sees every non-archived row (editing only their own), the spec's search fields, paging with a total, and
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
let categoryId: number;

beforeAll(async () => {
  w = await buildWorld();
  catName = `Zebra Finance ${tag}`;
  const cat = await insertOne('categories', { name: catName, slug: `zebra-finance-${tag}` });
  categoryId = cat.id;
  tagged = await makeArticle(w.ids.author2, { title: `Plain title ${tag}` });
  await insertOne('article_categories', { article_id: tagged, category_id: cat.id, display_order: 0 }, 'article_id');
}, 120_000);

type Row = { id: number; author_id: string; total_count: number; category_names: string[]; title: string };

describe('dashboard_articles', () => {
  it('authors get every non-archived article, drafts included, and may edit only their own', async () => {
    const { data, error } = await w.clients.author.rpc('dashboard_articles', {
      p_search: 'Test article',
      p_limit: 100,
    });
    expect(error).toBeNull();
    const rows = data as (Row & { can_edit: boolean })[];
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([w.articles.draftA, w.articles.pubA]));
    const own = await w.clients.author.rpc('dashboard_articles', { p_author_id: w.ids.author2, p_limit: 100 });
    const colleague = own.data as (Row & { can_edit: boolean })[];
    expect(colleague.map((r) => r.id)).toEqual(expect.arrayContaining([w.articles.draftB, w.articles.pubB]));
    expect(colleague.map((r) => r.id)).not.toContain(w.articles.archivedB);
    expect(colleague.every((r) => r.author_id === w.ids.author2 && !r.can_edit)).toBe(true);
    expect(rows.filter((r) => r.author_id === w.ids.author).every((r) => r.can_edit)).toBe(true);
    expect(colleague[0]!.total_count).toBe(colleague.length);
  });

  it('counts every non-archived article for authors as for admins', async () => {
    const forAuthor = await w.clients.author.rpc('dashboard_article_total');
    const forAdmin = await w.clients.admin.rpc('dashboard_article_total');
    expect(forAuthor.error).toBeNull();
    expect(forAuthor.data).toBe(forAdmin.data);
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

  it('filters by status, author and category in the database', async () => {
    const drafts = await w.clients.admin.rpc('dashboard_articles', { p_status: 'draft', p_author_id: w.ids.author2 });
    expect((drafts.data as Row[]).map((r) => r.id)).toEqual([w.articles.draftB]);
    const live = await w.clients.admin.rpc('dashboard_articles', { p_status: 'published', p_author_id: w.ids.author2 });
    expect((live.data as Row[]).map((r) => r.id)).toContain(w.articles.pubB);
    expect((live.data as Row[]).map((r) => r.id)).not.toContain(w.articles.draftB);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await makeArticle(w.ids.author2, { published_at: future });
    const scheduled = await w.clients.author.rpc('dashboard_articles', {
      p_status: 'scheduled',
      p_author_id: w.ids.author2,
    });
    expect((scheduled.data as Row[]).map((r) => r.id)).toEqual([later]);
    const cat = await w.clients.author.rpc('dashboard_articles', { p_category_id: categoryId });
    expect((cat.data as Row[]).map((r) => r.id)).toEqual([tagged]);
  });

  it('sorts by title either way, and by author', async () => {
    const ids = [
      await makeArticle(w.ids.author2, { title: `b sort ${tag}` }),
      await makeArticle(w.ids.author2, { title: `A sort ${tag}` }),
      await makeArticle(w.ids.author2, { title: `c sort ${tag}` }),
    ];
    const up = await w.clients.author.rpc('dashboard_articles', {
      p_search: `sort ${tag}`,
      p_sort: 'title',
      p_desc: false,
    });
    expect((up.data as Row[]).map((r) => r.id)).toEqual([ids[1], ids[0], ids[2]]);
    const down = await w.clients.author.rpc('dashboard_articles', {
      p_search: `sort ${tag}`,
      p_sort: 'title',
      p_desc: true,
    });
    expect((down.data as Row[]).map((r) => r.id)).toEqual([ids[2], ids[0], ids[1]]);
    const pageTwo = await w.clients.author.rpc('dashboard_articles', {
      p_search: `sort ${tag}`,
      p_sort: 'title',
      p_desc: false,
      p_limit: 2,
      p_offset: 2,
    });
    expect((pageTwo.data as Row[]).map((r) => r.id)).toEqual([ids[2]]);
    expect((pageTwo.data as Row[])[0]!.total_count).toBe(3);
    for (const sort of ['date', 'category', 'status', 'author'])
      for (const desc of [true, false]) {
        const res = await w.clients.author.rpc('dashboard_articles', { p_search: tag, p_sort: sort, p_desc: desc });
        expect(res.error, `${sort} ${desc}`).toBeNull();
        expect((res.data as Row[]).length, `${sort} ${desc}`).toBe(4);
      }
    const byCategory = await w.clients.author.rpc('dashboard_articles', {
      p_search: tag,
      p_sort: 'category',
      p_desc: false,
    });
    // The one article with a category comes first A→Z; those without follow.
    expect((byCategory.data as Row[])[0]!.id).toBe(tagged);
    const bad = await w.clients.author.rpc('dashboard_articles', { p_sort: 'id; drop table x' });
    expect(bad.error!.code).toBe('22023');
  });

  it('lets an author read a colleague’s draft row but not change it', async () => {
    const { data } = await w.clients.author.from('articles_meta').select('id, title').eq('id', w.articles.draftB);
    expect(data).toHaveLength(1);
    await w.clients.author.from('articles_meta').update({ title: 'Taken over' }).eq('id', w.articles.draftB);
    expect(
      (await admin.from('articles_meta').select('title').eq('id', w.articles.draftB).single()).data!.title,
    ).not.toBe('Taken over');
    // Archived articles stay with their author and admins; readers see only public ones.
    expect((await w.clients.author.from('articles_meta').select('id').eq('id', w.articles.archivedB)).data).toEqual([]);
    expect((await w.clients.reader.from('articles_meta').select('id').eq('id', w.articles.draftB)).data).toEqual([]);
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
