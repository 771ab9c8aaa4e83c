/**
 * `npm run bench:warm-sitewide [-- --articles 100000 --edits 5 --against <git ref>]`: what a warm
 * render (scripts/lib/astro-build-warm.ts) redoes over the whole site besides rendering pages, on
 * synthetic data in one process, without Astro, a database or a full build: the keyed routes'
 * paths and keys and the route manifest (src/lib/build/routes/), the sitemap's lastmod index and
 * its files (scripts/lib/sitemap.ts). A first build, then `--edits` builds that each change one
 * article's title (the other articles the same objects, as the warm renderer gets for unchanged
 * rows). Prints the CPU time of each. With `--against`, the same is run first on that commit's
 * `src/` and `scripts/lib/` (extracted to .data/bench/warm-sitewide-<ref>), minutes apart on the
 * same machine. Minutes instead of the ~40 of `bench:build` at 100,000 (issue 26); the full
 * publish path is still that one's to measure. A benchmark, never a test.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DATA_DIR } from '../lib/paths.ts';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    edits: { type: 'string', default: '5' },
    against: { type: 'string' },
    root: { type: 'string' },
  },
});
const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const N = Number(values.articles);
const EDITS = Number(values.edits);

if (values.against) {
  const ref = values.against;
  const dir = path.join(DATA_DIR, 'bench', `warm-sitewide-${ref.replace(/[^\w.-]/g, '_')}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['archive', ref, 'src', 'scripts/lib'], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  const args = [fileURLToPath(import.meta.url), '--articles', String(N), '--edits', String(EDITS), '--root', dir];
  spawnSync(process.execPath, args, { stdio: 'inherit' });
  fs.rmSync(dir, { recursive: true, force: true });
}

const root = values.root ? path.resolve(values.root) : ROOT;
const load = (rel: string) => import(pathToFileURL(path.join(root, rel)).href) as Promise<Record<string, never>>;
/* eslint-disable @typescript-eslint/no-explicit-any -- modules of another commit, by path */
const [data, manifest, articles, categories, authors, shards, lastmod, site] = (await Promise.all([
  load('src/lib/build/data/index-site-data.ts'),
  load('src/lib/build/routes/route-manifest.ts'),
  load('src/lib/build/routes/article-paths.ts'),
  load('src/lib/build/routes/category-paths.ts'),
  load('src/lib/build/routes/author-paths.ts'),
  load('src/lib/build/routes/article-id-shard-paths.ts'),
  load('src/lib/build/sitemap-lastmod.ts'),
  load('scripts/lib/sitemap.ts'),
])) as any[];

const CATEGORIES = Array.from({ length: 32 }, (_, i) => ({
  id: i + 1,
  name: `Category ${i + 1}`,
  slug: `category-${i + 1}`,
  parentId: i < 8 ? null : (i % 8) + 1,
  menuOrder: i,
}));
const AUTHORS = Array.from({ length: 20 }, (_, i) => ({
  id: `author-${i}`,
  username: `author-${i}`,
  displayName: `Author ${i}`,
  avatarUrl: null,
  bio: `Correspondent ${i}.`,
  role: 'author',
}));
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
let list = Array.from({ length: N }, (_, i) => {
  const primary = (i % 32) + 1;
  return {
    id: i + 1,
    title: `Synthetic article ${i}`,
    slug: `synthetic-${i}`,
    excerpt: `The excerpt of article ${i}.`,
    body: `<p>Body ${i}.</p>`,
    heroImageUrl: null,
    heroImageAlt: null,
    heroImageCaption: null,
    imageReference: null,
    publishedAt: at(N - i),
    createdAt: at(N - i),
    updatedAt: at(N - i),
    authorId: `author-${i % 20}`,
    isMain: false,
    isReport: false,
    pdfUrl: null,
    primaryCategoryId: primary,
    showEditedTag: false,
    categoryIds: [...new Set([primary, ((i * 7) % 32) + 1])],
  };
});

let lastmods: unknown = new Map();
let keyed: string[] = [];
const [sitemap] = site.sitemap({
  exclude: /^\/dashboard(\/|$)/,
  lastmod: (url: string) => lastmod.lastmodFor(lastmods, url),
  // As astro.config.mjs passes them, where the commit has them.
  lastmodChanges: lastmod.lastmodChanges && (() => lastmod.lastmodChanges(lastmods)),
  lastmodPath: lastmod.lastmodPath,
  morePathnames: () => keyed,
});
const logger = { info() {}, warn() {}, error() {}, debug() {} };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'warm-sitewide-'));
await sitemap.hooks['astro:routes:resolved']({ routes: [], logger });
const config = { site: 'https://news.example/', base: '/', trailingSlash: 'ignore', build: { format: 'directory' } };
await sitemap.hooks['astro:config:done']({ config, logger });

/** One build's site-wide work; its CPU time in ms. */
async function build(): Promise<number> {
  const before = process.cpuUsage();
  manifest.startRouteManifest(path.join(tmp, 'cache', 'routes.json'), 'code');
  const siteData = {
    ...data.indexSiteData({ categories: CATEGORIES, articles: list, authors: AUTHORS, events: [] }),
    articleDigests: new Map(list.map((a) => [a.id, a.updatedAt])),
  };
  manifest.changedPaths('/article/[slug]', articles.articlePaths(siteData));
  manifest.changedPaths('/category/[slug]/[...page]', categories.categoryPaths(siteData));
  manifest.changedPaths('/author/[username]/[...page]', authors.authorPaths(siteData));
  manifest.changedPaths('/article-ids/[shard].json', shards.articleIdShardPaths(siteData));
  lastmods = lastmod.lastmodIndexFromSiteData(siteData);
  keyed = manifest.finishRouteManifest().pathnames;
  const pages = [{ pathname: '' }, { pathname: 'about/' }];
  await sitemap.hooks['astro:build:done']({ dir: pathToFileURL(`${tmp}/dist/`), pages, logger });
  const used = process.cpuUsage(before);
  return Math.round((used.user + used.system) / 1000);
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const times = [await build()];
for (let edit = 1; edit <= EDITS; edit++) {
  const i = 100 + edit;
  list = list.map((a, j) => (j === i ? { ...a, title: `Edited ${edit}`, updatedAt: at(2 * N + edit) } : a));
  times.push(await build());
}
fs.rmSync(tmp, { recursive: true, force: true });
const sorted = times.slice(1).sort((a, b) => a - b);
console.log(
  `${values.root ? path.basename(root) : 'this checkout'}: ${N.toLocaleString('en')} articles, ` +
    `CPU of the site-wide work: first build ${times[0]} ms; edits ${times.slice(1).join(', ')} ms ` +
    `(median ${sorted[Math.floor(sorted.length / 2)]} ms); load average ${os.loadavg()[0]!.toFixed(1)}`,
);
