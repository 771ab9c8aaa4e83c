/**
 * The build's kept article rows (src/lib/build/data/row-cache.ts, issue 12): a release build reads
 * only the rows whose updated_at changed since the last build. What it builds from must always
 * be what a full read returns now: edits, archives, scheduled articles coming due (no write at
 * all) and a kept file from another API or a damaged one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchSiteData } from '../../src/lib/build/data/fetch-site-data.ts';
import { idSpans, readAll } from '../../src/lib/build/data/read-all.ts';
import { COMPACT_SHARE } from '../../src/lib/build/data/row-cache.ts';
import { anonClient, apiUrl, serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, type World } from '../support/world.ts';

let world: World;
let anon: SupabaseClient;
let dir: string;
let rowCache: string;
beforeAll(async () => {
  world = await buildWorld();
  anon = anonClient();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-data-rows-'));
  rowCache = path.join(dir, 'site-data-rows.v8');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A read with the kept rows, its counts and whose links it read, and a full read made right after it. */
async function readBoth(file = rowCache, url = apiUrl()) {
  let counts = { read: -1, reused: -1 };
  let links: 'all' | { articles: number } | undefined;
  const kept = await fetchSiteData(anon, url, {
    rowCache: file,
    onArticleRows: (c) => (counts = c),
    onLinks: (l) => (links = l),
  });
  const full = await fetchSiteData(anon, url);
  return { kept, full, counts, links };
}

const titleOf = (data: { articleById: Map<number, { title: string }> }, id: number) => data.articleById.get(id)?.title;

describe('kept article rows', () => {
  it('reads every row the first time and none when nothing changed, building the same data', async () => {
    fs.rmSync(rowCache, { force: true });
    const first = await readBoth();
    expect(first.counts).toEqual({ read: first.full.articles.length, reused: 0 });
    expect(first.kept.articles).toEqual(first.full.articles);
    expect(fs.existsSync(rowCache)).toBe(true);

    const second = await readBoth();
    expect(second.counts).toEqual({ read: 0, reused: second.full.articles.length });
    expect(second.kept.articles).toEqual(second.full.articles);
  });

  it('re-reads an edited row, in its place in the newest-first order, and drops an archived one', async () => {
    const id = await makeArticle(world.ids.author, { title: `Kept rows ${Date.now()}` });
    const added = await readBoth();
    expect(added.counts.read).toBe(1);
    expect(added.kept.articles).toEqual(added.full.articles);

    const title = `Kept rows, revised ${Date.now()}`;
    await serviceClient().from('articles_meta').update({ title }).eq('id', id);
    const edited = await readBoth();
    expect(edited.counts.read).toBe(1);
    expect(titleOf(edited.kept, id)).toBe(title);
    expect(edited.kept.articles).toEqual(edited.full.articles);
    // Every article has its row's digest (the article page's cache key uses it): the edited
    // row's is new, the others are as kept. A full read has none (its keys hash the articles).
    const before = added.kept.articleDigests!;
    const after = edited.kept.articleDigests!;
    expect([...after.keys()].sort()).toEqual(edited.kept.articles.map((a) => a.id).sort());
    expect(after.get(id)).not.toBe(before.get(id));
    expect([...after].filter(([other, digest]) => other !== id && before.get(other) !== digest)).toEqual([]);
    expect(edited.full.articleDigests?.size ?? 0).toBe(0);

    // Moved back in time: a new place in the order.
    await serviceClient().from('articles_meta').update({ published_at: '2001-01-01T00:00:00Z' }).eq('id', id);
    const moved = await readBoth();
    expect(moved.kept.articles.map((a) => a.id)).toEqual(moved.full.articles.map((a) => a.id));
    expect(moved.kept.articles.at(-1)!.id).toBe(id);

    await serviceClient().from('articles_meta').update({ archived_at: new Date().toISOString() }).eq('id', id);
    const archived = await readBoth();
    expect(archived.counts.read).toBe(0);
    expect(archived.kept.articleById.has(id)).toBe(false);
    expect(archived.kept.articles).toEqual(archived.full.articles);
  });

  it('reads a scheduled article when it comes due, although nothing wrote to it', async () => {
    const soon = new Date(Date.now() + 2_000).toISOString();
    const id = await makeArticle(world.ids.author, { title: `Kept rows scheduled ${Date.now()}`, published_at: soon });
    const before = await readBoth();
    expect(before.kept.articleById.has(id)).toBe(false);
    await new Promise((r) => setTimeout(r, Date.parse(soon) - Date.now() + 300));
    const after = await readBoth();
    expect(after.counts.read).toBe(1);
    expect(after.kept.articleById.has(id)).toBe(true);
    expect(after.kept.articles).toEqual(after.full.articles);
  });

  it('appends the rows a publish read, and writes the whole file again once they pass a tenth of all', async () => {
    const changes = `${rowCache}.changes`;
    fs.rmSync(rowCache, { force: true });
    fs.rmSync(changes, { force: true });
    const { full } = await readBoth();
    // The rows there will be once the new article below is public.
    const limit = Math.floor(COMPACT_SHARE * (full.articles.length + 1));
    const baseBefore = fs.statSync(rowCache).mtimeMs;
    const id = await makeArticle(world.ids.author, { title: `Kept rows appended ${Date.now()}` });
    let appended = 0;
    for (let i = 0; ; i++) {
      await serviceClient()
        .from('articles_meta')
        .update({ title: `Kept rows appended, take ${i}` })
        .eq('id', id);
      const edited = await readBoth();
      expect(edited.kept.articles).toEqual(edited.full.articles);
      expect(titleOf(edited.kept, id)).toBe(`Kept rows appended, take ${i}`);
      if (!fs.existsSync(changes)) break;
      appended = i + 1;
      expect(fs.statSync(rowCache).mtimeMs).toBe(baseBefore);
      expect(i).toBeLessThan(limit + 5);
    }
    // The new article and each edit were appended until they passed COMPACT_SHARE of the rows.
    expect(appended).toBeGreaterThan(0);
    expect(appended).toBeLessThanOrEqual(limit);
    expect(fs.statSync(rowCache).mtimeMs).toBeGreaterThan(baseBefore);

    // A changes record cut short by a crash is ignored; its rows are read again.
    await serviceClient().from('articles_meta').update({ title: 'Kept rows, before the crash' }).eq('id', id);
    await readBoth();
    fs.appendFileSync(changes, Buffer.from([200, 0, 0, 0, 1, 2, 3]));
    await serviceClient().from('articles_meta').update({ title: 'Kept rows, after the crash' }).eq('id', id);
    const afterCrash = await readBoth();
    expect(afterCrash.counts.read).toBe(1);
    expect(titleOf(afterCrash.kept, id)).toBe('Kept rows, after the crash');
    expect(afterCrash.kept.articles).toEqual(afterCrash.full.articles);
  });

  it('starts afresh from a damaged file or one written for another API', async () => {
    await readBoth();
    const other = path.join(dir, 'other-api.v8');
    fs.copyFileSync(rowCache, other);
    // The same server under another name: the kept rows are not trusted for it.
    const alias = `${apiUrl()}/`;
    const fromOther = await readBoth(other, alias);
    expect(fromOther.counts.reused).toBe(0);
    expect(fromOther.kept.articles).toEqual(fromOther.full.articles);

    fs.writeFileSync(rowCache, 'not a row cache');
    const damaged = await readBoth();
    expect(damaged.counts).toEqual({ read: damaged.full.articles.length, reused: 0 });
    expect(damaged.kept.articles).toEqual(damaged.full.articles);
  });

  it("reads the links of the rows it reads again, and an article's categories changed alone with them", async () => {
    const { data: categories } = await serviceClient().from('categories').select('id').order('id').limit(2);
    const [first, second] = categories as { id: number }[];
    expect(second).toBeDefined();
    const id = await makeArticle(world.ids.author, { title: `Kept links ${Date.now()}` });
    const link = async (categoryId: number) => {
      const { error } = await serviceClient()
        .from('article_categories')
        .insert({ article_id: id, category_id: categoryId, display_order: categoryId === first!.id ? 0 : 1 });
      if (error) throw new Error(error.message);
    };
    await link(first!.id);
    const before = await readBoth();
    expect(before.kept.articles).toEqual(before.full.articles);
    expect(before.kept.articleById.get(id)?.categoryIds).toEqual([first!.id]);

    // Nothing changed: no links read.
    const same = await readBoth();
    expect(same.counts.read).toBe(0);
    expect(same.links).toEqual({ articles: 0 });

    // A category added, then one taken away, with no other write to the article.
    await link(second!.id);
    const added = await readBoth();
    expect(added.counts.read).toBe(1);
    expect(added.links).toEqual({ articles: 1 });
    expect(added.kept.articleById.get(id)?.categoryIds).toEqual([first!.id, second!.id]);
    expect(added.kept.articles).toEqual(added.full.articles);

    const { error } = await serviceClient()
      .from('article_categories')
      .delete()
      .eq('article_id', id)
      .eq('category_id', first!.id);
    if (error) throw new Error(error.message);
    const removed = await readBoth();
    expect(removed.links).toEqual({ articles: 1 });
    expect(removed.kept.articleById.get(id)?.categoryIds).toEqual([second!.id]);
    expect(removed.kept.articles).toEqual(removed.full.articles);
  });

  it('reads the versions and the links in one request each, the rows and order of the table reads', async () => {
    // A published article, a draft and a scheduled one, each in a category.
    const { data: category } = await serviceClient().from('categories').select('id').limit(1).single();
    const shown = await makeArticle(world.ids.author, { title: `One request, public ${Date.now()}` });
    const draft = await makeArticle(world.ids.author, { title: `One request, draft ${Date.now()}`, status: 'draft' });
    const later = await makeArticle(world.ids.author, {
      title: `One request, scheduled ${Date.now()}`,
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    for (const id of [shown, draft, later]) {
      const { error } = await serviceClient()
        .from('article_categories')
        .insert({ article_id: id, category_id: category!.id, display_order: 0 });
      if (error) throw new Error(error.message);
    }

    const links = await anon.rpc('site_article_links');
    expect(links.error).toBeNull();
    const tableLinks = await readAll<{ article_id: number; category_id: number; display_order: number }>(
      'links',
      apiUrl(),
      (f, t) =>
        anon
          .from('article_categories')
          .select('article_id, category_id, display_order')
          .order('article_id')
          .order('display_order')
          .order('category_id')
          .range(f, t),
    );
    expect(links.data).toEqual(tableLinks.map((l) => [l.article_id, l.category_id, l.display_order]));
    const linked = new Set((links.data as [number, number, number][]).map(([id]) => id));
    expect([linked.has(shown), linked.has(draft), linked.has(later)]).toEqual([true, false, false]);

    const versions = await anon.rpc('site_article_versions');
    expect(versions.error).toBeNull();
    const tableVersions = await readAll<{ id: number; updated_at: string }>('versions', apiUrl(), (f, t) =>
      anon
        .from('articles_meta')
        .select('id, updated_at')
        .eq('status', 'published')
        .is('archived_at', null)
        .order('published_at', { ascending: false, nullsFirst: false })
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(f, t),
    );
    // The same text for updated_at: a kept row is reused only when it compares equal.
    expect(versions.data).toEqual(tableVersions.map((v) => [v.id, v.updated_at]));
    const listed = new Set((versions.data as [number, string][]).map(([id]) => id));
    expect([listed.has(shown), listed.has(draft), listed.has(later)]).toEqual([true, false, false]);
  });

  it('reads many new rows by id span, leaving out the drafts among them, as a full read does', async () => {
    // 150 articles in one insert (consecutive ids), every fifth a draft: 120 public, dense enough
    // for a span read (read-all.ts, idSpans) when nothing is kept.
    const t = Date.now();
    const { data: made, error } = await serviceClient()
      .from('articles_meta')
      .insert(
        Array.from({ length: 150 }, (_, i) => ({
          title: `Span read ${t} ${i}`,
          slug: `span-read-${t}-${i}`,
          body: '<p>Body</p>',
          author_id: world.ids.author,
          status: i % 5 === 4 ? 'draft' : 'published',
        })),
      )
      .select('id, status');
    if (error) throw new Error(error.message);
    try {
      const file = path.join(dir, 'span-read.v8');
      const first = await readBoth(file);
      const ids = first.full.articles.map((a) => a.id);
      expect(idSpans(ids).spans.length).toBeGreaterThan(0);
      expect(first.counts).toEqual({ read: ids.length, reused: 0 });
      expect(first.kept.articles).toEqual(first.full.articles);
      const shown = made!.filter((a) => a.status === 'published').map((a) => a.id);
      expect(shown.every((id) => first.kept.articleById.has(id))).toBe(true);
      expect(made!.filter((a) => a.status === 'draft').some((a) => first.kept.articleById.has(a.id))).toBe(false);
    } finally {
      await serviceClient()
        .from('articles_meta')
        .delete()
        .in(
          'id',
          made!.map((a) => a.id),
        );
    }
  });
});
