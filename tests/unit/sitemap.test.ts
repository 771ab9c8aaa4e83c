/**
 * The build's sitemap (scripts/lib/sitemap.ts: @astrojs/sitemap configured for this site): which
 * pages it lists, in what order, and how it splits and dates the files, written by the real
 * integration into a temporary folder. The built site's sitemap is checked in
 * tests/e2e/feeds.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
// The integration whose files sitemap-files.ts makes, byte for byte.
import astroSitemap from '@astrojs/sitemap';
import { canonicalPageUrl, isSitemapPage, sitemap, type SitemapOptions } from '../../scripts/lib/sitemap.ts';
import { createSitemapFiles, urlOrder, type SitemapEntry } from '../../scripts/lib/sitemap-files.ts';
import { PLAIN_PATH, lastmodPath } from '../../src/lib/build/sitemap-lastmod.ts';

const SITE = 'https://news.example/';
const options: SitemapOptions = {
  exclude: /^\/(dashboard|search)(\/|$)/,
  lastmod: (url) => (url.includes('/article/') ? '2026-11-20T10:00:00.000Z' : undefined),
};
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

type Hook = (arg: unknown) => unknown;
const hook = (integration: AstroIntegration, name: string) =>
  (integration.hooks as Record<string, Hook | undefined>)[name];

/** Runs the integrations' hooks as an Astro build of `pathnames` would; returns the files written. */
async function build(pathnames: string[], opts: SitemapOptions = options): Promise<Map<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
  dirs.push(dir);
  const logger = { info() {}, warn() {}, error() {}, debug() {} };
  const config = { site: SITE, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } };
  const integrations = sitemap(opts);
  for (const i of integrations) await hook(i, 'astro:routes:resolved')?.({ routes: [], logger });
  for (const i of integrations) await hook(i, 'astro:config:done')?.({ config, logger });
  const pages = pathnames.map((pathname) => ({ pathname }));
  for (const i of integrations) await hook(i, 'astro:build:done')?.({ dir: pathToFileURL(`${dir}/`), pages, logger });
  return new Map(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('the sitemap', () => {
  it('lists HTML pages by canonical URL, without error pages, files or excluded paths', async () => {
    const files = await build([
      '',
      'about/',
      '404',
      '500',
      'rss.xml',
      'trending.json',
      'dashboard/',
      'dashboard/articles/',
      'search/',
      'article/a/',
    ]);
    expect(files.get('sitemap-0.xml')).toContain(
      '<url><loc>https://news.example/</loc></url><url><loc>https://news.example/about</loc></url>' +
        '<url><loc>https://news.example/article/a</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>',
    );
    expect(locs(files.get('sitemap-0.xml')!)).toHaveLength(3);
  });

  it('orders numbered pages by number, not by character', async () => {
    const files = await build(['category/x/10/', 'category/x/2/', 'category/x/', 'category/x/1/']);
    expect(locs(files.get('sitemap-0.xml')!)).toEqual([
      'https://news.example/category/x',
      'https://news.example/category/x/1',
      'https://news.example/category/x/2',
      'https://news.example/category/x/10',
    ]);
  });

  it('lists the pages a release build did not render as well as those it did', async () => {
    const files = await build(['article/b/'], { ...options, morePathnames: () => ['/article/a', '/article/b'] });
    expect(locs(files.get('sitemap-0.xml')!)).toEqual([
      'https://news.example/article/a',
      'https://news.example/article/b',
    ]);
  });

  it('lists every page when a release build renders a different few keyed pages each time, and an unkeyed page comes or goes', async () => {
    const keyed = ['/article/a', '/article/b', '/article/c', '/category/x'];
    // One array, as the route manifest hands it while no keyed page comes or goes.
    const kept = sitemap({ ...options, morePathnames: () => keyed });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
    dirs.push(dir);
    const logger = { info() {}, warn() {}, error() {}, debug() {} };
    const config = { site: SITE, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } };
    // One route list, as a process that renders many times keeps it.
    const routes: never[] = [];
    const run = async (pathnames: string[]) => {
      for (const i of kept) await hook(i, 'astro:routes:resolved')?.({ routes, logger });
      for (const i of kept) await hook(i, 'astro:config:done')?.({ config, logger });
      const pages = pathnames.map((pathname) => ({ pathname }));
      for (const i of kept) await hook(i, 'astro:build:done')?.({ dir: pathToFileURL(`${dir}/`), pages, logger });
      return locs(fs.readFileSync(path.join(dir, 'sitemap-0.xml'), 'utf8'));
    };
    const all = (...unkeyed: string[]) =>
      [...unkeyed.map((p) => `${SITE}${p.replace(/\/$/, '')}`), ...keyed.map((p) => `${SITE}${p.slice(1)}`)].sort();
    // The full build: every page.
    expect((await run(['', 'about/', 'article/a/', 'article/b/', 'article/c/', 'category/x/'])).sort()).toEqual(
      all('', 'about/'),
    );
    // Publishes: the unkeyed pages and a different keyed page each time.
    expect((await run(['', 'about/', 'article/b/'])).sort()).toEqual(all('', 'about/'));
    expect((await run(['', 'about/', 'article/c/', 'category/x/'])).sort()).toEqual(all('', 'about/'));
    // An unkeyed page that came, then one that went.
    expect((await run(['', 'about/', 'contact/', 'article/a/'])).sort()).toEqual(all('', 'about/', 'contact/'));
    expect((await run(['', 'contact/'])).sort()).toEqual(all('', 'contact/'));
  });

  it('escapes what XML must not hold raw', async () => {
    const files = await build(['a/'], { ...options, lastmod: () => undefined, morePathnames: () => ['b?c=1&d=2'] });
    expect(files.get('sitemap-0.xml')).toContain('<loc>https://news.example/b?c=1&amp;d=2</loc>');
  });

  it('splits at 10,000 URLs a file, dates each file in the index by its newest entry, and copies the index to sitemap.xml', async () => {
    const paths = Array.from({ length: 10_001 }, (_, i) => `article/a${i}/`);
    paths.push('about/');
    const files = await build(paths, {
      ...options,
      lastmod: (url) =>
        url.endsWith('/about')
          ? undefined
          : url.endsWith('/a7')
            ? '2026-11-24T08:00:00.000Z'
            : '2026-11-01T08:00:00.000Z',
    });
    expect([...files.keys()].sort()).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-index.xml', 'sitemap.xml']);
    expect(files.get('sitemap-0.xml')!.match(/<url>/g)).toHaveLength(10_000);
    expect(files.get('sitemap-1.xml')!.match(/<url>/g)).toHaveLength(2);
    const index = files.get('sitemap-index.xml')!;
    expect(index).toContain(
      '<sitemap><loc>https://news.example/sitemap-0.xml</loc><lastmod>2026-11-24T08:00:00.000Z</lastmod></sitemap>',
    );
    expect(index).toContain(
      '<sitemap><loc>https://news.example/sitemap-1.xml</loc><lastmod>2026-11-01T08:00:00.000Z</lastmod></sitemap>',
    );
    expect(files.get('sitemap.xml')).toBe(index);
    // 10,001 URLs through the real integration: ~0.1 s alone; the limit only catches a hang on a
    // machine at load 30 (45,001 URLs once took past the 5 s default).
  }, 30_000);

  it('writes an undated file without a lastmod in the index', async () => {
    const index = (await build(['about/'])).get('sitemap-index.xml')!;
    expect(index).toContain('<sitemap><loc>https://news.example/sitemap-0.xml</loc></sitemap>');
  });
});

describe('the sitemap files, kept between the builds of one process', () => {
  const hostname = SITE;
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-files-'));
    dirs.push(dir);
    return dir;
  };
  const read = (dir: string) =>
    new Map(
      fs
        .readdirSync(dir)
        .sort()
        .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
    );
  const entries = (n: number, lastmod = (i: number) => (i % 3 ? `2026-11-${10 + (i % 9)}T08:00:00.000Z` : undefined)) =>
    Array.from({ length: n }, (_, i) => ({ url: `https://news.example/article/a-${i}&b-côte`, lastmod: lastmod(i) }));

  it('are byte for byte what @astrojs/sitemap writes', async () => {
    const data: SitemapEntry[] = [...entries(7), { url: SITE }, { url: 'https://news.example/é?x=<1>' }];
    const lastmods = new Map(data.map((e) => [e.url, e.lastmod]));
    const files = createSitemapFiles(3);
    const ours = tmp();
    const order = files.sort(data.map((e) => e.url));
    files.write(
      ours,
      { hostname, base: '/' },
      order.map((url) => ({ url, lastmod: lastmods.get(url) })),
    );
    const theirs = tmp();
    const integration = astroSitemap({
      customPages: data.map((e) => e.url),
      entryLimit: 3,
      serialize: (item) => ({ url: item.url, lastmod: lastmods.get(item.url) }),
      namespaces: { news: false, xhtml: false, image: false, video: false },
    });
    const logger = { info() {}, warn() {}, error() {}, debug() {} };
    const config = { site: SITE, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } };
    await hook(integration, 'astro:routes:resolved')?.({ routes: [], logger });
    await hook(integration, 'astro:config:done')?.({ config, logger });
    await hook(integration, 'astro:build:done')?.({ dir: pathToFileURL(`${theirs}/`), pages: [], logger });
    expect(read(ours)).toEqual(read(theirs));
    expect(read(ours).size).toBe(4);
  });

  it('after changes, are what a new process writes, and only the changed files are written again', () => {
    const dir = tmp();
    const files = createSitemapFiles(4);
    const first = entries(10);
    files.write(dir, { hostname, base: '/' }, first);
    const before = new Map([...read(dir)].map(([f]) => [f, fs.statSync(path.join(dir, f)).ino]));
    // One lastmod changed in the third file; the files before it keep their text.
    const next = first.map((e, i) => (i === 9 ? { ...e, lastmod: '2026-11-25T08:00:00.000Z' } : e));
    const { written } = files.write(dir, { hostname, base: '/' }, next);
    expect(written).toBe(2); // sitemap-2.xml and the index
    const fresh = tmp();
    createSitemapFiles(4).write(fresh, { hostname, base: '/' }, next);
    expect(read(dir)).toEqual(read(fresh));
    expect(fs.statSync(path.join(dir, 'sitemap-0.xml')).ino).toBe(before.get('sitemap-0.xml'));
    // Fewer URLs: the last file goes.
    files.write(dir, { hostname, base: '/' }, next.slice(0, 6));
    expect([...read(dir).keys()]).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-index.xml']);
  });

  it('over a run of changes (a lastmod, a URL in, a lastmod back, URLs out), match a new process each time', () => {
    const dir = tmp();
    const files = createSitemapFiles(4);
    const base = entries(11);
    const bumped = base.map((e, i) => (i === 5 ? { ...e, lastmod: '2026-11-26T08:00:00.000Z' } : e));
    const inserted = [...bumped.slice(0, 2), { url: 'https://news.example/new' }, ...bumped.slice(2)];
    const runs = [base, bumped, bumped, inserted, inserted.slice(1).map((e) => ({ ...e })), base.slice(0, 8), base];
    for (const run of runs) {
      files.write(dir, { hostname, base: '/' }, run);
      const fresh = tmp();
      createSitemapFiles(4).write(fresh, { hostname, base: '/' }, run);
      expect(read(dir)).toEqual(read(fresh));
    }
  });

  it('told which entries changed, write what a new process writes', () => {
    const dir = tmp();
    const files = createSitemapFiles(4);
    const base = entries(11);
    files.write(dir, { hostname, base: '/' }, base);
    const bump = (run: SitemapEntry[], at: number[], lastmod: string) =>
      run.map((e, i) => (at.includes(i) ? { ...e, lastmod } : e));
    const one = bump(base, [5], '2026-11-26T08:00:00.000Z');
    const two = bump(one, [0, 10], '2026-11-27T08:00:00.000Z');
    // Positions named that did not change (a date set to what it was) change nothing.
    const runs: [SitemapEntry[], number[]][] = [
      [one, [5]],
      [one, []],
      [two, [0, 10, 3]],
    ];
    for (const [run, changed] of runs) {
      const { written } = files.write(dir, { hostname, base: '/' }, run, changed);
      const fresh = tmp();
      createSitemapFiles(4).write(fresh, { hostname, base: '/' }, run);
      expect(read(dir)).toEqual(read(fresh));
      expect(written).toBe(changed.length ? new Set(changed.map((i) => Math.floor(i / 4))).size + 1 : 0);
    }
  });

  it('keep the order a full sort gives as URLs come and go', () => {
    const files = createSitemapFiles();
    const urls = ['/x/10', '/x/2', '/x/1', '/b', '/a-1', '/a01', '/a1', '/Z', '/z'].map(
      (p) => `https://news.example${p}`,
    );
    expect(files.sort(urls)).toEqual([...urls].sort(urlOrder));
    const next = [...urls.slice(2), 'https://news.example/x/3', 'https://news.example/a'];
    expect(files.sort([...next].reverse())).toEqual([...next].sort(urlOrder));
  });
});

describe('the sitemap, told which lastmods changed', () => {
  it('writes what a new process writes for the same pages and dates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
    dirs.push(dir);
    const logger = { info() {}, warn() {}, error() {}, debug() {} };
    const config = { site: SITE, base: '/', trailingSlash: 'ignore', build: { format: 'directory' } };
    const pathnames = [
      '',
      'about/',
      'category/x/',
      'category/x/2/',
      ...Array.from({ length: 6 }, (_, i) => `article/a-${i}/`),
    ];
    const pages = pathnames.map((pathname) => ({ pathname }));
    const dates = new Map<string, string>([
      ['/', '2026-11-20T10:00:00.000Z'],
      ['/category/x', '2026-11-20T10:00:00.000Z'],
      ...pathnames.slice(4).map((p): [string, string] => [`/${p.slice(0, -1)}`, '2026-11-19T10:00:00.000Z']),
    ]);
    let changes: { version: number; since?: number; paths?: Set<string> } = { version: 1 };
    const kept = sitemap({
      exclude: /^\/dashboard(\/|$)/,
      lastmod: (url) => dates.get(lastmodPath(url)),
      lastmodChanges: () => changes,
      lastmodPath,
    });
    const run = async (integrations: AstroIntegration[], into: string) => {
      for (const i of integrations) await hook(i, 'astro:routes:resolved')?.({ routes: [], logger });
      for (const i of integrations) await hook(i, 'astro:config:done')?.({ config, logger });
      for (const i of integrations)
        await hook(i, 'astro:build:done')?.({ dir: pathToFileURL(`${into}/`), pages, logger });
      return new Map(fs.readdirSync(into).map((f) => [f, fs.readFileSync(path.join(into, f), 'utf8')]));
    };
    const fresh = () => {
      const into = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
      dirs.push(into);
      return run(sitemap({ exclude: /^\/dashboard(\/|$)/, lastmod: (url) => dates.get(lastmodPath(url)) }), into);
    };
    expect(await run(kept, dir)).toEqual(await fresh());
    const steps: [string[], number | undefined][] = [
      // An article edited: its page, its listing (both pages) and the home page.
      [['/article/a-2', '/category/x', '/'], 1],
      [[], 2],
      // Made again (no since): every URL looked up.
      [['/article/a-4'], undefined],
      // From a version this sitemap did not write: every URL looked up.
      [['/article/a-5'], 2],
    ];
    let day = 21;
    for (const [changed, since] of steps) {
      for (const p of changed) dates.set(p, `2026-11-${day}T10:00:00.000Z`);
      day++;
      changes =
        since === undefined
          ? { version: changes.version + 1 }
          : { version: changes.version + 1, since, paths: new Set(changed) };
      const ours = await run(kept, dir);
      expect(ours).toEqual(await fresh());
      expect(ours.get('sitemap-0.xml')).toContain(
        `<lastmod>2026-11-${day - 1}T10:00:00.000Z</lastmod>`.repeat(changed.length ? 1 : 0),
      );
    }
  });
});

describe('the page filter and canonical URLs', () => {
  it.each([
    ['https://news.example/', true],
    ['https://news.example/article/c%C3%B4te/', true],
    ['https://news.example/feed.xml', false],
    ['https://news.example/404/', false],
    ['https://news.example/dashboard/x/', false],
    ['https://other.example/about/', false],
  ])('%s listed: %s', (url, listed) => expect(isSitemapPage(SITE, url, options.exclude)).toBe(listed));

  it('drops the trailing slash except on the home page', () => {
    expect(canonicalPageUrl(SITE, SITE)).toBe(SITE);
    expect(canonicalPageUrl(SITE, 'https://news.example/category/x/2/')).toBe('https://news.example/category/x/2');
  });
});

describe('PLAIN_PATH (the paths a lastmod is looked up for without parsing)', () => {
  const site = 'https://news.example:8443/base/';
  it.each([
    '/',
    '/about',
    '/article/water-week-2026',
    '/article/c%C3%B4te-d-ivoire',
    '/category/energy/12',
    '/a..b/c~d_e',
  ])('%s is taken as it is, as the URL parser would', (p) => {
    expect(PLAIN_PATH.test(p)).toBe(true);
    expect(new URL(site).origin + p).toBe(new URL(p, site).href);
  });
  it.each(['/article/côte', '/a/./b', '/a/../b', '/a/..', '/a b', '/a?b', '/a#b', '//host/x', 'about'])(
    '%s is left to the URL parser',
    (p) => expect(PLAIN_PATH.test(p)).toBe(false),
  );
});
