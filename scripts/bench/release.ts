/**
 * `npm run bench:release [-- --files 112000,11200 --publishes 7]`: the release step alone
 * (scripts/lib/release/), on a synthetic work folder of that many files shaped like a built site
 * (~89 % article pages, listing and author pages, article-id shards, ~30 unkeyed pages, a client
 * bundle, sitemaps), with its route manifest. No Astro, no database: a stand-in build writes what
 * a warm render of one edit writes (3 changed articles, 1 new, 1 deleted, 2 listing pages, 1
 * author page, the unkeyed pages again, `_redirects` and the sitemaps), then the step runs as the
 * publish worker runs it: buildRelease (prune + snapshot), activateRelease (live), pruneReleases.
 * Prints the medians per size, leaving out the first KEEP_PREVIOUS_RELEASES publishes (a new
 * releases folder's first releases are new folders): the time from the build's end to live, and
 * after live (the file list written, old releases deleted).
 * A benchmark, never a test. Work folder: .data/bench/release-<files> (deleted after).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_DIR } from '../lib/paths.ts';
import { buildRelease } from '../lib/release/build.ts';
import { KEEP_PREVIOUS_RELEASES, activateRelease, pruneReleases, type ReleaseSite } from '../lib/release/releases.ts';
import { recordRouteChanges } from '../../src/lib/build/routes/route-changes.ts';
import { ROUTE_MANIFEST, type RouteManifest } from '../../src/lib/build/routes/route-manifest.ts';
import { percentile } from './lib/proc.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '11200,112000' },
    publishes: { type: 'string', default: '7' },
  },
});
const SIZES = values.files!.split(',').map(Number);
const PUBLISHES = Number(values.publishes);

const CATEGORIES = 32;
const AUTHORS = 20;
const UNKEYED = ['index.html', 'about/index.html', 'search/index.html', '404.html', 'rss.xml', 'news-sitemap.xml'];
for (let i = 0; i < 24; i++) UNKEYED.push(`page-${i}/index.html`);

const body = (seed: string, bytes = 1500) => `<!doctype html><title>${seed}</title>` + 'x'.repeat(bytes);

function write(root: string, rel: string, text: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** The synthetic site: keyed pages by route (page path → key), and what a build writes. */
class Site {
  articles: string[] = [];
  keys = new Map<string, string>();
  listingPages: string[] = [];
  authorPages: string[] = [];
  shards: string[] = [];
  next = 0;
  version = 0;

  constructor(files: number) {
    const articles = Math.round(files * 0.89);
    for (let i = 0; i < articles; i++) this.articles.push(`story-${i}`);
    this.next = articles;
    const listings = Math.round(files * 0.09);
    for (let i = 0; i < listings; i++)
      this.listingPages.push(`/category/c${i % CATEGORIES}/${Math.floor(i / CATEGORIES) + 1}`);
    const authors = Math.max(AUTHORS, Math.round(files * 0.01));
    for (let i = 0; i < authors; i++) this.authorPages.push(`/author/u${i % AUTHORS}/${Math.floor(i / AUTHORS) + 1}`);
    for (let i = 0; i < Math.ceil(articles / 1000); i++) this.shards.push(`/article-ids/${i}.json`);
  }

  manifest(): RouteManifest {
    const route = (paths: string[]) => Object.fromEntries(paths.map((p) => [p, this.keys.get(p) ?? 'k0']));
    return {
      version: 1,
      fingerprint: 'bench',
      routes: {
        '/article/[slug]': route(this.articles.map((a) => `/article/${a}`)),
        '/category/[slug]/[...page]': route(this.listingPages),
        '/author/[username]/[...page]': route(this.authorPages),
        '/article-ids/[shard].json': route(this.shards),
      },
    };
  }
}

const fileOf = (pathname: string) =>
  /\.[a-z]+$/.test(pathname) ? pathname.slice(1) : `${pathname.slice(1)}/index.html`;

/** A full build: every file. */
function fullBuild(site: Site, rs: ReleaseSite) {
  return async () => {
    const m = site.manifest();
    for (const keys of Object.values(m.routes))
      for (const p of Object.keys(keys)) write(rs.workDir, fileOf(p), body(p));
    for (const rel of UNKEYED) write(rs.workDir, rel, body(rel));
    for (let i = 0; i < 112; i++) write(rs.workDir, `_astro/chunk-${i}.js`, body(`chunk ${i}`, 3000));
    for (const rel of ['_redirects', 'sitemap-index.xml', 'sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml'])
      write(rs.workDir, rel, body(`${rel} ${site.version}`, 50_000));
    write(rs.cacheDir, ROUTE_MANIFEST, JSON.stringify(m));
    recordRouteChanges(rs.cacheDir, { complete: true });
  };
}

/** A warm render of one edit: the changed keyed pages, the unkeyed ones, the site-wide files. */
function editBuild(site: Site, rs: ReleaseSite) {
  return async () => {
    site.version++;
    const v = site.version;
    const changed = [1, 2, 3].map((i) => `/article/${site.articles[(v * 997 + i * 31) % site.articles.length]}`);
    const added = `/article/story-${site.next++}`;
    site.articles.push(added.slice('/article/'.length));
    const removedIndex = (v * 7919) % (site.articles.length - 1);
    const removed = site.articles.splice(removedIndex, 1)[0]!;
    site.keys.delete(`/article/${removed}`);
    const listings = [site.listingPages[v % CATEGORIES]!, site.listingPages[(v + 5) % CATEGORIES]!];
    const author = site.authorPages[v % AUTHORS]!;
    for (const p of [...changed, added, ...listings, author]) {
      site.keys.set(p, `k${v}`);
      write(rs.workDir, fileOf(p), body(`${p} v${v}`));
    }
    for (const rel of UNKEYED) write(rs.workDir, rel, body(rel === 'index.html' ? `home ${v}` : rel));
    for (const rel of ['_redirects', 'sitemap-index.xml', 'sitemap-0.xml', 'sitemap-1.xml', 'sitemap-2.xml'])
      write(rs.workDir, rel, body(`${rel} ${v}`, 50_000));
    write(rs.cacheDir, ROUTE_MANIFEST, JSON.stringify(site.manifest()));
    // What the build's route bookkeeping records (finishRouteManifest).
    recordRouteChanges(rs.cacheDir, {
      rendered: [...changed, added, ...listings, author].map(fileOf),
      removed: [fileOf(`/article/${removed}`)],
    });
    return { keptBundle: Array.from({ length: 112 }, (_, i) => `_astro/chunk-${i}.js`) };
  };
}

interface Row {
  files: number;
  firstS: number;
  pruneMs: number;
  snapshotMs: number;
  toLiveMs: number;
  afterLiveMs: number;
  copied: number;
}

async function measure(files: number): Promise<Row> {
  const dir = path.join(DATA_DIR, 'bench', `release-${files}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const rs: ReleaseSite = {
    workDir: path.join(dir, 'dist'),
    cacheDir: path.join(dir, 'cache'),
    releasesDir: path.join(dir, 'releases'),
  };
  const site = new Site(files);
  const t0 = performance.now();
  const first = await buildRelease(rs, fullBuild(site, rs));
  await activateRelease(rs.releasesDir, first.release);
  const firstS = (performance.now() - t0) / 1000;
  console.log(`${files} files: first release ${firstS.toFixed(1)} s (${first.stats.files} files)`);
  const samples: { prune: number; snapshot: number; toLive: number; afterLive: number; copied: number }[] = [];
  for (let i = 0; i < PUBLISHES; i++) {
    const build = editBuild(site, rs);
    let buildEnd = 0;
    const { release, stats } = await buildRelease(rs, async () => {
      const result = await build();
      buildEnd = performance.now();
      return result;
    });
    await activateRelease(rs.releasesDir, release, { prune: false });
    const live = performance.now();
    await pruneReleases(rs.releasesDir);
    const s = {
      prune: stats.pruneMs,
      snapshot: stats.snapshotMs,
      toLive: live - buildEnd,
      afterLive: performance.now() - live,
      copied: stats.copied,
    };
    samples.push(s);
    console.log(
      `  publish ${i + 1}: prune ${s.prune} ms, snapshot ${s.snapshot} ms, build end → live ${s.toLive.toFixed(0)} ms, ` +
        `after live ${s.afterLive.toFixed(0)} ms; ${s.copied} of ${stats.files} files copied, ${stats.pruned} pruned` +
        ` (${stats.examined} looked at, ${stats.recycled ? 'recycled' : 'new folder'})`,
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  // The first KEEP_PREVIOUS_RELEASES publishes of a new releases folder make new folders (the
  // ring of releases fills); every later one is the steady state measured.
  const steady = samples.slice(KEEP_PREVIOUS_RELEASES);
  const median = (pick: (s: (typeof samples)[number]) => number) => percentile(steady.map(pick), 0.5);
  return {
    files,
    firstS,
    pruneMs: median((s) => s.prune),
    snapshotMs: median((s) => s.snapshot),
    toLiveMs: median((s) => s.toLive),
    afterLiveMs: median((s) => s.afterLive),
    copied: median((s) => s.copied),
  };
}

const rows: Row[] = [];
for (const files of SIZES) rows.push(await measure(files));
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(`\nRelease step, median of publishes ${KEEP_PREVIOUS_RELEASES + 1}–${PUBLISHES} (load average ${load}):\n`);
console.log('| Files | Prune | Snapshot | Build end → live | After live (old releases) | Files copied |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.files.toLocaleString('en')} | ${r.pruneMs.toFixed(0)} ms | ${r.snapshotMs.toFixed(0)} ms | ` +
      `${r.toLiveMs.toFixed(0)} ms | ${r.afterLiveMs.toFixed(0)} ms | ${r.copied} |`,
  );
}
