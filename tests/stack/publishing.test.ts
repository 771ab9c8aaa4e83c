/**
 * Publishing = rebuilding, end to end on a real stack (issue 12): a change through the API reaches
 * the served site through the outbox, the local Database Webhook, the worker's incremental build
 * and the release swap, and exactly the pages that show the changed data change.
 *
 * "Changed pages" are judged by content: every file of the served release before and after is
 * hashed, so a page Astro re-rendered identically does not count, and an unrelated page that
 * changed does.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { runAstroBuild } from '../../scripts/lib/astro-build.ts';
import { createPublishWorker } from '../../scripts/lib/publish/worker.ts';
import { currentRelease } from '../../scripts/lib/release/releases.ts';
import { servedPath } from '../../scripts/lib/release/snapshot.ts';
import { createStack, type Stack } from '../../scripts/lib/stack.ts';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { ROUTE_MANIFEST, readRouteManifest } from '../../src/lib/build/routes/route-manifest.ts';
import { OPINION_CATEGORY_ID } from '../../src/lib/site.ts';
import { makeScratchDir } from '../../scripts/lib/paths.ts';

const tmp = makeScratchDir('publishing-');
const releasesDir = path.join(tmp, 'releases');
let stack: Stack;
let db: SupabaseClient;
let site: string;

beforeAll(async () => {
  stack = createStack({
    config: loadConfig({
      port: 0,
      host: '127.0.0.1',
      inMemory: true,
      databaseUrl: undefined,
      dataDir: path.join(tmp, 'supabase'),
      emailMinInterval: 0,
      bcryptCost: 4,
      publishClockMs: 1_000,
    }),
    siteHost: '127.0.0.1',
    sitePort: 0,
    outDir: path.join(tmp, 'dist'),
    cacheDir: path.join(tmp, 'astro-cache'),
    releasesDir,
    seed: true,
    quietBuild: true,
    publish: { port: 0, debounceMs: 200, maxWaitMs: 1_000 },
    log: () => {},
  });
  await stack.start();
  db = createClient(stack.server!.url, stack.server!.config.serviceRoleKey, { auth: { persistSession: false } });
  site = stack.site!.url;
  await settled();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The URLs the served sitemap lists, in its order. */
async function sitemapUrls(): Promise<string[]> {
  const xml = await (await fetch(`${site}/sitemap-0.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

/** Every file of the live release with the hash of its content. */
function snapshot(): Map<string, string> {
  const dir = currentRelease(releasesDir)!.dir;
  const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    files.map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(dir, file), createHash('sha1').update(fs.readFileSync(file)).digest('hex')];
    }),
  );
}

/** The live release's files (relative paths) that `include` keeps and whose text `mentions`. */
function releaseFilesMentioning(include: (rel: string) => boolean, mentions: (text: string) => boolean): string[] {
  const dir = currentRelease(releasesDir)!.dir;
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter(include)
    .filter((rel) => mentions(fs.readFileSync(path.join(dir, rel), 'utf8')));
}

/** Pages (as URL paths) added, removed or changed between two snapshots; assets left out. */
function changedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  const all = new Set([...before.keys(), ...after.keys()]);
  return (
    [...all]
      .filter((f) => before.get(f) !== after.get(f))
      .filter((f) => !f.startsWith('_astro/'))
      // Article and later listing pages are stored as x.html (scripts/lib/release/snapshot.ts, servedPath).
      .map(
        (f) =>
          '/' +
          f
            .replace(/index\.html$/, '')
            .replace(/^((?:article|category|author)\/.+)\.html$/, '$1')
            .replace(/\/$/, ''),
      )
      .sort()
  );
}

/**
 * Waits until the outbox is empty and the worker idle: everything published is live. The local
 * server delivers the outbox by itself (a write asks for a look; it polls every 500 ms); the
 * test only polls for the state, with its timeout as the limit.
 */
async function settled(): Promise<void> {
  for (;;) {
    const { data, error } = await db.rpc('publish_pending').single<{ changes: number }>();
    if (error) throw new Error(error.message);
    const status = stack.worker!.status();
    if (data.changes === 0 && status.state === 'idle' && !status.queued) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Makes a change through the API, waits until it is live, and says which pages changed. */
async function publishing(
  change: () => PromiseLike<{ error: { message: string } | null }>,
): Promise<{ changed: string[]; builds: number }> {
  const before = snapshot();
  const buildsBefore = stack.worker!.status().builds;
  const { error } = await change();
  if (error) throw new Error(error.message);
  await settled();
  return { changed: changedPages(before, snapshot()), builds: stack.worker!.status().builds - buildsBefore };
}

/** Changed pages that are not feeds and do not show `text`: none may be left. */
function unexplained(changed: string[], text: string, except: string[] = []): string[] {
  const dir = currentRelease(releasesDir)!.dir;
  const escaped = text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return changed.filter((p) => {
    if (FEEDS.test(p) || except.includes(p)) return false;
    // The offline worker precaches /offline by revision: it changes when that page does.
    if (p === '/sw.js' && changed.includes('/offline')) return false;
    const file = [p, `${p}/index.html`, `${p}.html`]
      .map((f) => path.join(dir, f))
      .find((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile());
    const html = file ? fs.readFileSync(file, 'utf8') : '';
    return !(html.includes(escaped) || html.includes(text));
  });
}

async function page(p: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${site}${p}`);
  return { status: res.status, body: await res.text() };
}

/** An article with its category slugs and author username, as the site links them. */
async function article(slug: string) {
  const { data, error } = await db
    .from('articles_meta')
    .select(
      'id, title, slug, author:profiles!author_id(username, display_name), article_categories(categories(slug, name))',
    )
    .eq('slug', slug)
    .single();
  if (error) throw new Error(error.message);
  return data as unknown as {
    id: number;
    title: string;
    slug: string;
    author: { username: string; display_name: string };
    article_categories: { categories: { slug: string; name: string } }[];
  };
}

/** Feeds and sitemaps: they list articles, so any article change may change them. */
const FEEDS =
  /^\/(rss\.xml|news-sitemap\.xml|sitemap-\d+\.xml|sitemap-index\.xml|sitemap\.xml|trending\.json|category\/[^/]+\/rss\.xml)$/;

describe('publishing through the worker', () => {
  it('an edited title is live within seconds and changes only the pages that show it', async () => {
    const { data: row } = await db
      .from('articles_meta')
      .select('slug')
      .eq('status', 'published')
      .is('archived_at', null)
      .order('published_at', { ascending: false })
      .range(5, 5)
      .single();
    const a = await article(row!.slug);
    const before = snapshot();
    const urlsBefore = await sitemapUrls();
    // The live release links the work folder's page (scripts/lib/release/snapshot.ts): Astro's
    // page generation must replace the file, not write into it, or the live page would change
    // while it renders.
    const workPage = path.join(tmp, 'dist', 'article', a.slug, 'index.html');
    const livePage = path.join(currentRelease(releasesDir)!.dir, servedPath(`article/${a.slug}/index.html`));
    const liveText = fs.readFileSync(livePage, 'utf8');
    expect(liveText).toContain(a.title);
    expect(fs.statSync(livePage).ino).toBe(fs.statSync(workPage).ino);
    const newTitle = `${a.title} (updated)`;
    const { changed, builds } = await publishing(() =>
      db.from('articles_meta').update({ title: newTitle }).eq('id', a.id),
    );
    expect((await page(`/article/${a.slug}`)).body).toContain(newTitle);
    expect(fs.readFileSync(workPage, 'utf8')).toContain(newTitle);
    expect(fs.readFileSync(livePage, 'utf8')).toBe(liveText);
    expect(builds).toBeGreaterThanOrEqual(1);
    expect(changed).toContain(`/article/${a.slug}`);
    // Every other changed page is a feed or a page that shows the new title.
    expect(unexplained(changed, newTitle)).toEqual([]);
    // And pages that never showed it did not change (the company pages, another article).
    expect(before.size).toBeGreaterThan(50);
    expect(changed).not.toContain('/about');
    expect(changed.length).toBeLessThan(before.size / 2);
    // The build rendered only the pages whose data changed, yet the sitemap still lists them all.
    expect(urlsBefore.length).toBeGreaterThan(50);
    expect(await sitemapUrls()).toEqual(urlsBefore);
    // The offline worker, kept rather than remade (its inputs did not change), is still served.
    const sw = await page('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.body).toContain('offline');
    expect(before.get('sw.js')).toBeDefined();
    expect(snapshot().get('sw.js')).toBe(before.get('sw.js'));
  });

  it('an archived article disappears from every page, sitemap and feed', async () => {
    const { data: row } = await db
      .from('articles_meta')
      .select('slug')
      .eq('status', 'published')
      .is('archived_at', null)
      .eq('is_main', false)
      .order('published_at', { ascending: false })
      .range(2, 2)
      .single();
    const a = await article(row!.slug);
    await publishing(() => db.from('articles_meta').update({ archived_at: new Date().toISOString() }).eq('id', a.id));
    expect((await page(`/article/${a.slug}`)).status).toBe(404);
    const mentions = releaseFilesMentioning(
      (rel) =>
        /\.(html|xml|json)$/.test(rel) &&
        !path.basename(rel).startsWith('_') &&
        !rel.startsWith(`article-ids${path.sep}`),
      (text) => text.includes(`/article/${a.slug}`),
    );
    expect(mentions).toEqual([]);
  });

  it('a published draft appears on the pages that list it, and a renamed slug leaves nothing at the old address', async () => {
    const { data: cat } = await db.from('categories').select('id, slug').eq('slug', 'biodiversity').single();
    const { data: author } = await db
      .from('profiles')
      .select('id, username')
      .eq('role', 'author')
      .order('username')
      .limit(1)
      .single();
    const title = `Wetland restoration pays off in the Karoo ${Date.now()}`;
    const slug = `wetland-restoration-karoo-${Date.now()}`;
    const { data: draft, error } = await db
      .from('articles_meta')
      .insert({
        title,
        slug,
        body: '<p>Farmers report fuller springs.</p>',
        excerpt: 'Fuller springs.',
        status: 'draft',
        author_id: author!.id,
        primary_category_id: cat!.id,
      })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    await db.from('article_categories').insert({ article_id: draft!.id, category_id: cat!.id, display_order: 0 });
    await settled();
    expect((await page(`/article/${slug}`)).status).toBe(404);

    // Published: the article, the home page, its category and its author's page all show it.
    const published = await publishing(() =>
      db
        .from('articles_meta')
        .update({ status: 'published', published_at: new Date().toISOString() })
        .eq('id', draft!.id),
    );
    expect((await page(`/article/${slug}`)).body).toContain(title);
    for (const p of [`/article/${slug}`, '/', `/category/${cat!.slug}`, `/author/${author!.username}`]) {
      expect(published.changed).toContain(p);
    }
    // Any other changed page shows it too, or is a listing's later page (one card moved along to
    // it), an overview that counts articles, or the id → slug shard and redirect rules that now
    // name it.
    const moved = published.changed.filter((p) =>
      /^\/((category|author)\/[^/]+\/\d+|article-ids\/\d+\.json|authors|categories|_redirects)$/.test(p),
    );
    expect(fs.readFileSync(path.join(currentRelease(releasesDir)!.dir, '_redirects'), 'utf8')).toContain(
      `/article/${draft!.id} /article/${slug} 301`,
    );
    expect(unexplained(published.changed, title, moved)).toEqual([]);
    expect(published.changed).not.toContain('/about');

    // The slug renamed: the new address serves it, the old one is gone from every page and file.
    const renamed = `${slug}-update`;
    await publishing(() => db.from('articles_meta').update({ slug: renamed }).eq('id', draft!.id));
    expect((await page(`/article/${renamed}`)).body).toContain(title);
    expect((await page(`/article/${slug}`)).status).toBe(404);
    // The old slug as a link, a feed or sitemap entry, a redirect or a shard's value (the new
    // slug starts with it, so a bare substring would also find the new one).
    const oldAddress = new RegExp(`/article/${slug}(?![\\w-])|"${slug}"`);
    const mentions = releaseFilesMentioning(
      (rel) => /\.(html|xml|json|txt)$/.test(rel) || path.basename(rel) === '_redirects',
      (text) => oldAddress.test(text),
    );
    expect(mentions).toEqual([]);
  });

  it("a category rename and an author's new display name change the pages that show them", async () => {
    const { data: cat } = await db.from('categories').select('id, slug, name').eq('slug', 'biodiversity').single();
    const renamed = `${cat!.name} and Nature`;
    const { changed } = await publishing(() => db.from('categories').update({ name: renamed }).eq('id', cat!.id));
    expect(changed).toContain('/category/biodiversity');
    expect((await page('/category/biodiversity')).body).toContain(renamed);
    // The menu shows every category, so every page with the menu changes: each shows the new name.
    expect(unexplained(changed, renamed)).toEqual([]);

    const { data: author } = await db.from('profiles').select('id, username').eq('role', 'author').limit(1).single();
    const name = `Thandiwe Mokoena-${Date.now() % 1000}`;
    const result = await publishing(() => db.from('profiles').update({ display_name: name }).eq('id', author!.id));
    expect(result.changed).toContain(`/author/${author!.username}`);
    expect((await page(`/author/${author!.username}`)).body).toContain(name);
    expect(unexplained(result.changed, name)).toEqual([]);
    expect(result.changed).not.toContain('/about');
  });

  it('a draft edit triggers no build', async () => {
    await settled();
    const { data: draft } = await db.from('articles_meta').select('id').eq('status', 'draft').limit(1).single();
    const buildsBefore = stack.worker!.status().builds;
    const { error } = await db.from('articles_meta').update({ body: '<p>Work in progress</p>' }).eq('id', draft!.id);
    expect(error).toBeNull();
    // The outbox row of a change is written by trigger in the change's own transaction, and a
    // build marks it built only when it is live: right after the commit, an unbuilt change would
    // be counted here, and a webhook for it would have put the worker in 'waiting'.
    const { data } = await db.rpc('publish_pending').single<{ changes: number }>();
    expect(data!.changes).toBe(0);
    expect(stack.worker!.status()).toMatchObject({ builds: buildsBefore, state: 'idle', queued: false });
  });

  it('an unpublished article and a deleted one leave every page, sitemap and feed', async () => {
    const { data: rows } = await db
      .from('articles_meta')
      .select('id, slug')
      .eq('status', 'published')
      .is('archived_at', null)
      .eq('is_main', false)
      .order('published_at', { ascending: false })
      .range(3, 4);
    expect(rows).toHaveLength(2);
    const [unpublished, deleted] = rows!;
    const mentioning = (slug: string) =>
      releaseFilesMentioning(
        (rel) => /\.(html|xml|json|txt)$/.test(rel) || path.basename(rel) === '_redirects',
        (text) => new RegExp(`/article/${slug}(?![\\w-])|"${slug}"`).test(text),
      );
    for (const a of [unpublished!, deleted!]) {
      expect((await page(`/article/${a.slug}`)).status).toBe(200);
      // The check can see it: today the home page, feeds and sitemap name it.
      expect(mentioning(a.slug).length).toBeGreaterThan(2);
    }

    await publishing(() => db.from('articles_meta').update({ status: 'draft' }).eq('id', unpublished!.id));
    expect((await page(`/article/${unpublished!.slug}`)).status).toBe(404);
    expect(mentioning(unpublished!.slug)).toEqual([]);

    await publishing(() => db.from('articles_meta').delete().eq('id', deleted!.id));
    expect((await page(`/article/${deleted!.slug}`)).status).toBe(404);
    expect(mentioning(deleted!.slug)).toEqual([]);
  });

  it('a scheduled article is invisible before its time and live after it, without anyone acting', async () => {
    const { data: author } = await db.from('profiles').select('id').eq('role', 'author').limit(1).single();
    const slug = `scheduled-morning-briefing-${Date.now()}`;
    const at = new Date(Date.now() + 4_000).toISOString();
    await db.from('articles_meta').insert({
      title: `Scheduled morning briefing ${Date.now()}`,
      slug,
      body: '<p>Embargoed until the morning.</p>',
      excerpt: 'Embargoed.',
      status: 'published',
      published_at: at,
      author_id: author!.id,
    });
    await settled();
    expect((await page(`/article/${slug}`)).status).toBe(404);
    // The local server's clock (every second here) announces it when due; the worker builds it.
    while ((await page(`/article/${slug}`)).status !== 200) await new Promise((r) => setTimeout(r, 300));
    expect((await page('/rss.xml')).body).toContain(`/article/${slug}`);
  });

  it('a home built with no main article and an empty Opinion section says so (reader-site.md §8)', async () => {
    const { data: main } = await db.from('articles_meta').select('id').eq('is_main', true).single();
    const { data: opinion } = await db
      .from('article_categories')
      .select('article_id, category_id, display_order')
      .eq('category_id', OPINION_CATEGORY_ID);
    expect(opinion!.length).toBeGreaterThan(0);
    expect((await page('/')).body).not.toContain(MESSAGES.noMainArticle);
    expect((await page('/')).body).not.toContain(MESSAGES.noArticles);

    await publishing(() => db.from('articles_meta').update({ is_main: false }).eq('id', main!.id));
    expect((await page('/')).body).toContain(MESSAGES.noMainArticle);
    await publishing(() => db.from('article_categories').delete().eq('category_id', OPINION_CATEGORY_ID));
    expect((await page('/')).body).toContain(MESSAGES.noArticles);

    // Back as it was, for the tests that follow.
    await publishing(() => db.from('article_categories').insert(opinion!));
    await publishing(() => db.from('articles_meta').update({ is_main: true }).eq('id', main!.id));
    const home = (await page('/')).body;
    expect(home).not.toContain(MESSAGES.noMainArticle);
    expect(home).not.toContain(MESSAGES.noArticles);
  });

  it("/categories built with no categories says 'Failed to load categories.' (reader-site.md §8)", async () => {
    const { data: categories } = await db.from('categories').select('*').order('id');
    const { data: links } = await db.from('article_categories').select('article_id, category_id, display_order');
    const { data: primaries } = await db
      .from('articles_meta')
      .select('id, primary_category_id')
      .not('primary_category_id', 'is', null);
    expect((await page('/categories')).body).not.toContain(MESSAGES.categoriesFailed);

    const ids = (rows: { id: number }[]) => rows.map((c) => c.id);
    await publishing(async () => {
      // Subcategories first: a parent cannot go while it has children.
      const children = await db
        .from('categories')
        .delete()
        .in('id', ids(categories!.filter((c) => c.parent_id)));
      return children.error ? children : db.from('categories').delete().in('id', ids(categories!));
    });
    expect((await page('/categories')).body).toContain(MESSAGES.categoriesFailed);

    // Back as it was, for the tests that follow.
    await publishing(async () => {
      const tops = await db.from('categories').insert(categories!.filter((c) => !c.parent_id));
      if (tops.error) return tops;
      const subs = await db.from('categories').insert(categories!.filter((c) => c.parent_id));
      if (subs.error) return subs;
      const linked = await db.from('article_categories').insert(links!);
      if (linked.error) return linked;
      for (const { id, primary_category_id } of primaries!) {
        const set = await db.from('articles_meta').update({ primary_category_id }).eq('id', id);
        if (set.error) return set;
      }
      return { error: null };
    });
    expect((await page('/categories')).body).not.toContain(MESSAGES.categoriesFailed);
    const { count } = await db.from('article_categories').select('*', { count: 'exact', head: true });
    expect(count).toBe(links!.length);
  });

  it('after every change above, the served site is byte-identical to a full build of the same data', async () => {
    // The changes above (an edit, an archive, a published draft, a slug rename, category and
    // author renames, an unpublish, a delete, a scheduled article coming due, the home and
    // /categories emptied and restored) each rebuilt only the pages they touched. A full build
    // from nothing, of the data as it now is, must give the same files: a page an incremental
    // build forgot would differ here.
    await settled();
    const fullDir = path.join(tmp, 'full-dist');
    await runAstroBuild({
      apiUrl: stack.server!.url,
      publishableKey: stack.server!.config.publishableKey,
      siteUrl: site,
      outDir: fullDir,
      cacheDir: path.join(tmp, 'full-astro-cache'),
      quiet: true,
    }).done;
    // The patched Astro hands a page's HTML to the build through a token in the page's body
    // (scripts/patches/astro+7.3.5.patch): no file may be left holding one.
    const tokens: string[] = [];
    const commented: string[] = [];
    const full = new Map(
      fs
        .readdirSync(fullDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => {
          const file = path.join(e.parentPath, e.name);
          const bytes = fs.readFileSync(file);
          if (bytes.includes('<!-- astro-patched: page html')) tokens.push(path.relative(fullDir, file));
          // Notes for developers stay in the source ({/* */}), not in every page a reader pays for;
          // Astro's and React's own markers (<!--astro:end-->, <!-- -->, <!--$-->) are no words.
          if (file.endsWith('.html') && /<!--(?!astro:end-->)[^>]*?[A-Za-z]{2}/.test(bytes.toString())) {
            commented.push(path.relative(fullDir, file));
          }
          return [servedPath(path.relative(fullDir, file)), createHash('sha1').update(bytes).digest('hex')];
        }),
    );
    expect(tokens).toEqual([]);
    expect(commented).toEqual([]);
    expect(fs.readFileSync(path.join(fullDir, '500.html'), 'utf8')).toContain('</html>');
    // More than 50 pages: the full build wrote them in the patch's worker thread, the changes
    // above (a few pages each) on the build thread; both must give the same bytes.
    expect([...full.keys()].filter((f) => f.endsWith('.html')).length).toBeGreaterThan(50);
    const served = snapshot();
    expect(served.size).toBeGreaterThan(100);
    const differing = [...new Set([...served.keys(), ...full.keys()])]
      .filter((f) => served.get(f) !== full.get(f))
      .map(
        (f) => `${f}: ${served.has(f) ? 'served' : 'not served'}, ${full.has(f) ? 'in the full build' : 'not built'}`,
      )
      .sort();
    expect(differing).toEqual([]);
  });
});

/**
 * Posts the webhook to an idle worker until the post starts a build of its own, and returns the
 * worker's build count from just before it. The stack's clock (publishClockMs) publishes what
 * comes due, and a build it starts between the wait for quiet and the post would make the post
 * queue behind it: the count would then include a build the test did not ask for.
 */
async function startBuild(post: () => Promise<Response>): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await settled();
    await new Promise((r) => setTimeout(r, 250)); // quiet for the debounce time: the next one builds at once
    const buildsBefore = stack.worker!.status().builds;
    const answer = (await (await post()).json()) as { state: string; queued?: boolean };
    if (answer.state === 'building' && !answer.queued) return buildsBefore;
  }
  throw new Error('the worker never started a build of its own for the webhook: something else kept building');
}

describe('the worker under faults', () => {
  it('rejects a missing or wrong secret with 401 and builds nothing', async () => {
    // Start from a quiet worker: the previous test's last webhooks may still be building.
    await settled();
    const url = `http://127.0.0.1:${stack.worker!.port}/webhook`;
    const buildsBefore = stack.worker!.status().builds;
    const missing = await fetch(url, { method: 'POST', body: '{}' });
    const wrong = await fetch(url, { method: 'POST', body: '{}', headers: { authorization: 'Bearer nope' } });
    expect([missing.status, wrong.status]).toEqual([401, 401]);
    // An accepted webhook puts the worker in 'waiting' before it answers 202: these left it idle.
    expect(stack.worker!.status()).toMatchObject({ builds: buildsBefore, state: 'idle', queued: false });
  });

  it('queues a webhook that arrives during a build, and never builds twice at once', async () => {
    const url = `http://127.0.0.1:${stack.worker!.port}/webhook`;
    const secret = stack.server!.config.publishWebhookSecret;
    const post = () => fetch(url, { method: 'POST', body: '{}', headers: { authorization: `Bearer ${secret}` } });
    const buildsBefore = await startBuild(post);
    // The build has read the outbox once it marks its cache folder (scripts/lib/release/build.ts).
    const marker = path.join(tmp, 'astro-cache', 'release-build-in-progress');
    while (!fs.existsSync(marker)) await new Promise((r) => setTimeout(r, 10));
    // A change the running build has not read: its webhooks queue one more build.
    const { data: row } = await db
      .from('articles_meta')
      .select('id, title')
      .eq('status', 'published')
      .limit(1)
      .single();
    await db
      .from('articles_meta')
      .update({ title: `${row!.title} (queued)` })
      .eq('id', row!.id);
    const during = await (await post()).json();
    expect(during).toMatchObject({ state: 'building', queued: true });
    await post(); // a third one joins the same queued build
    await settled();
    expect(stack.worker!.status().builds - buildsBefore).toBe(2);
  });

  it('skips the queued build when the running one already read every change', async () => {
    const url = `http://127.0.0.1:${stack.worker!.port}/webhook`;
    const secret = stack.server!.config.publishWebhookSecret;
    const post = () => fetch(url, { method: 'POST', body: '{}', headers: { authorization: `Bearer ${secret}` } });
    const buildsBefore = await startBuild(post);
    // As a save's later webhooks do: the change they announce is in the running build.
    expect(await (await post()).json()).toMatchObject({ state: 'building', queued: true });
    await settled();
    expect(stack.worker!.status().builds - buildsBefore).toBe(1);
  });

  it('a steady stream of changes still builds: a change waits at most maxWaitMs for quiet', async () => {
    await settled();
    const { data: row } = await db
      .from('articles_meta')
      .select('id, title')
      .eq('status', 'published')
      .limit(1)
      .single();
    const buildsBefore = stack.worker!.status().builds;
    // A change (and its webhooks) every 100 ms for 2.5 s: the 200 ms quiet time never comes.
    const until = Date.now() + 2_500;
    let sawBuilding = false;
    for (let i = 0; Date.now() < until; i++) {
      await db
        .from('articles_meta')
        .update({ title: `${row!.title} (stream ${i})` })
        .eq('id', row!.id);
      sawBuilding ||= stack.worker!.status().state === 'building';
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sawBuilding).toBe(true);
    await settled();
    expect(stack.worker!.status().builds - buildsBefore).toBeGreaterThanOrEqual(2);
  });
});

describe('the route manifest', () => {
  it('a plain build into the output folder makes the next release build render every page again', async () => {
    await settled();
    const manifest = path.join(tmp, 'astro-cache', ROUTE_MANIFEST);
    expect(readRouteManifest(manifest)).not.toBeNull();
    // `npm run build` into the same folder: it empties it and renders every page with its own settings.
    await runAstroBuild({
      apiUrl: stack.server!.url,
      publishableKey: stack.server!.config.publishableKey,
      siteUrl: site,
      outDir: path.join(tmp, 'dist'),
      cacheDir: path.join(tmp, 'astro-cache'),
      quiet: true,
    }).done;
    expect(fs.existsSync(manifest)).toBe(false);

    const record = await stack.worker!.buildNow('after a plain build');
    expect(record.error).toBeUndefined();
    const log = fs.readFileSync(path.join(tmp, 'publish', 'build.log'), 'utf8');
    expect(log.slice(log.lastIndexOf('after a plain build'))).toContain('rendering every page');
    const keyed = Object.values(readRouteManifest(manifest)!.routes).reduce(
      (n, keys) => n + Object.keys(keys).length,
      0,
    );
    expect(keyed).toBeGreaterThan(50);
    expect((await sitemapUrls()).length).toBeGreaterThan(keyed / 2);
  });
});

describe("forwarding to a hosting provider's build hook", () => {
  it('calls the hook instead of building, marks the changes built, and reports a refusal', async () => {
    await settled();
    const calls: string[] = [];
    let answer = 200;
    const hook = http.createServer((req, res) => {
      calls.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(answer).end();
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const secret = 'forwarding-test-secret-0123456789abcdef';
    const forwarder = createPublishWorker({
      site: {
        workDir: path.join(tmp, 'unused-dist'),
        cacheDir: path.join(tmp, 'unused-cache'),
        releasesDir: path.join(tmp, 'unused-releases'),
        publicDir: path.join(tmp, 'unused-public'),
      },
      startBuild: () => {
        throw new Error('a forwarding worker never builds');
      },
      apiUrl: stack.server!.url,
      secretKey: stack.server!.config.secretKey,
      secret,
      debounceMs: 50,
      pollMs: 0,
      buildHookUrl: `http://127.0.0.1:${(hook.address() as { port: number }).port}/build_hooks/abc123`,
    });
    const url = `http://127.0.0.1:${await forwarder.listen(0, '127.0.0.1', { checkPending: false })}/webhook`;
    // The stack's own worker holds its webhooks, so the change waits for the forwarder.
    stack.worker!.hold();
    try {
      // A public article (earlier tests leave archived and scheduled ones, whose edits publish nothing).
      const { data: row } = await db
        .from('articles_meta')
        .select('id, title')
        .eq('status', 'published')
        .is('archived_at', null)
        .lte('published_at', new Date().toISOString())
        .order('id')
        .limit(1)
        .single();
      const { error } = await db
        .from('articles_meta')
        .update({ title: `${row!.title} (forwarded)` })
        .eq('id', row!.id);
      expect(error).toBeNull();
      const pending = async () => (await db.rpc('publish_pending').single<{ changes: number }>()).data!.changes;
      expect(await pending()).toBeGreaterThan(0);

      expect((await fetch(url, { method: 'POST', body: '{}' })).status).toBe(401);
      const post = () => fetch(url, { method: 'POST', body: '{}', headers: { authorization: `Bearer ${secret}` } });
      // The worker is waiting (debounce) before it answers 202, so idle() waits for the forward.
      expect((await post()).status).toBe(202);
      await forwarder.idle();
      expect(calls).toEqual(['POST /build_hooks/abc123']);
      expect(forwarder.status()).toMatchObject({ builds: 1, lastFailure: null });
      expect(await pending()).toBe(0);

      // The host refuses: reported, as a failed build is.
      answer = 500;
      expect((await post()).status).toBe(202);
      await forwarder.idle();
      expect(calls).toHaveLength(2);
      expect(forwarder.status().lastFailure?.error).toBe('build hook answered HTTP 500');
    } finally {
      await forwarder.stop();
      hook.close();
      stack.worker!.resume();
    }
    await settled();
  });
});
