/**
 * Releases (scripts/lib/release/) with a stand-in for Astro that writes what a release build
 * writes: the keyed pages whose key changed, in place in the work folder, and the route manifest
 * of every keyed page (src/lib/build/routes/route-manifest.ts). The served release must never change under a reader, a failed build
 * must leave it alone, and pages that stopped existing must leave the next release.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRelease } from '../../scripts/lib/release/build.ts';
import {
  KEEP_PREVIOUS_RELEASES,
  activateRelease,
  currentRelease,
  deactivateRelease,
  forgetWorkState,
  pruneReleases,
  type ReleaseSite,
} from '../../scripts/lib/release/releases.ts';
import { servedPath } from '../../scripts/lib/release/snapshot.ts';
import { recordRouteChanges } from '../../src/lib/build/routes/route-changes.ts';
import { ROUTE_MANIFEST, readRouteManifest, type RouteManifest } from '../../src/lib/build/routes/route-manifest.ts';
import { RENDITION_CACHE, readImageRefs, writeImageRefs } from '../../scripts/lib/image-refs.ts';

let site: ReleaseSite;
let tmp: string;

/**
 * Waits, by polling, until the clocks have moved on: a file written from now on has a later mtime
 * than every file written before (the release step tells a build's writes by mtime), and the next
 * release id a later millisecond (ids sort by time).
 */
async function fileClockMoves(): Promise<void> {
  const probe = path.join(tmp, '.clock');
  fs.writeFileSync(probe, '');
  const before = fs.statSync(probe, { bigint: true }).mtimeNs;
  const ms = Date.now();
  for (;;) {
    fs.writeFileSync(probe, '');
    if (fs.statSync(probe, { bigint: true }).mtimeNs > before && Date.now() > ms) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
/** Whether the stand-in build records its keyed pages' changes, as release builds do. */
let recordsChanges = true;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  site = {
    workDir: path.join(tmp, 'dist'),
    cacheDir: path.join(tmp, 'cache'),
    releasesDir: path.join(tmp, 'releases'),
    publicDir: path.join(tmp, 'public'),
  };
  fs.mkdirSync(site.publicDir!, { recursive: true });
  fs.writeFileSync(path.join(site.publicDir!, 'robots.txt'), 'public file');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const write = (file: string, body: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
};
/** A page as Astro's page generation writes it (scripts/patches/astro+*.patch): replaced whole. */
const writePage = (file: string, body: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, body);
  fs.renameSync(`${file}.tmp`, file);
};

/** The page path of a page file: `article/a/index.html` → `/article/a`. */
const pathnameOf = (rel: string) => `/${rel.replace(/\/?index\.html$/, '')}`;

/**
 * A release build: `pages` are the keyed pages that exist now (file → body, the body being its
 * own cacheKey). A page whose key matches the last manifest is not rendered, as the routes do
 * (changedPaths); the others are written again, each replaced whole. `unkeyed` pages are
 * rewritten in place and a new `_astro/` bundle written every time, public files copied in place,
 * and the manifest last.
 */
function fakeAstro(pages: Record<string, string>, unkeyed: Record<string, string> = { 'index.html': 'home' }) {
  return async () => {
    const manifestFile = path.join(site.cacheDir, ROUTE_MANIFEST);
    const last = readRouteManifest(manifestFile);
    const previous = last?.routes['/[...page]'] ?? {};
    // What the build's route bookkeeping records for the release step (finishRouteManifest).
    if (recordsChanges) {
      const rendered = Object.keys(pages).filter((rel) => previous[pathnameOf(rel)] !== pages[rel]);
      const removed = Object.keys(previous)
        .filter((p) => !Object.keys(pages).some((rel) => pathnameOf(rel) === p))
        .map((p) => `${p.slice(1)}/index.html`);
      recordRouteChanges(site.cacheDir, last ? { rendered, removed } : { complete: true });
    }
    for (const [rel, body] of Object.entries(pages)) {
      if (previous[pathnameOf(rel)] === body) continue;
      writePage(path.join(site.workDir, rel), body);
    }
    for (const [rel, body] of Object.entries(unkeyed)) write(path.join(site.workDir, rel), body);
    write(path.join(site.workDir, '_astro', `app.${Date.now()}.js`), 'bundle');
    fs.copyFileSync(path.join(site.publicDir!, 'robots.txt'), path.join(site.workDir, 'robots.txt'));
    const keys = Object.fromEntries(Object.entries(pages).map(([rel, body]) => [pathnameOf(rel), body]));
    const manifest: RouteManifest = { version: 1, fingerprint: 'code', routes: { '/[...page]': keys } };
    write(manifestFile, JSON.stringify(manifest));
  };
}

async function release(build: Parameters<typeof buildRelease>[1]) {
  // Each build starts after the file system clock has moved past the previous one's writes.
  await fileClockMoves();
  const built = await buildRelease(site, build);
  await activateRelease(site.releasesDir, built.release);
  return built;
}

/** A built file (its path in the work folder) as a release stores it. */
const inRelease = (dir: string, rel: string) => path.join(dir, servedPath(rel));
const served = (rel: string) => fs.readFileSync(inRelease(currentRelease(site.releasesDir)!.dir, rel), 'utf8');
const inode = (dir: string, rel: string) =>
  fs.statSync(dir === site.workDir ? path.join(dir, rel) : inRelease(dir, rel)).ino;

describe.each([
  ["with the builds' record of changed pages", true],
  ['without it (every file looked at)', false],
])('buildRelease and activateRelease, %s', (_name, records) => {
  beforeEach(() => {
    recordsChanges = records;
  });

  it('serves nothing before the first activation, then the first build as it was written', async () => {
    expect(currentRelease(site.releasesDir)).toBeUndefined();
    const { stats } = await release(fakeAstro({ 'article/a/index.html': 'A v1' }));
    expect(served('article/a/index.html')).toBe('A v1');
    expect(served('index.html')).toBe('home');
    expect(stats).toMatchObject({ files: 4, copied: 4, pruned: 0 });
    // A release never shares a file with the work folder that the next build rewrites in place.
    expect(inode(currentRelease(site.releasesDir)!.dir, 'index.html')).not.toBe(inode(site.workDir, 'index.html'));
  });

  it('stores article pages and later listing pages as x.html, without a folder each', async () => {
    await release(
      fakeAstro({
        'article/a/index.html': 'A',
        'category/energy/index.html': 'Energy 1',
        'category/energy/2/index.html': 'Energy 2',
        'author/thandi/3/index.html': 'Thandi 3',
        'about/index.html': 'About',
      }),
    );
    const dir = currentRelease(site.releasesDir)!.dir;
    const files = fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.endsWith('_astro'))
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
    expect(files).toEqual([
      'about/index.html',
      'article/a.html',
      'author/thandi/3.html',
      'category/energy/2.html',
      'category/energy/index.html',
      'index.html',
      'robots.txt',
    ]);
    expect(fs.existsSync(path.join(dir, 'article/a'))).toBe(false);
  });

  it('links unchanged files, copies changed ones and leaves the previous release untouched', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A v1', 'article/b/index.html': 'B v1' }));
    const first = currentRelease(site.releasesDir)!;
    const { stats } = await release(fakeAstro({ 'article/a/index.html': 'A v2', 'article/b/index.html': 'B v1' }));
    const second = currentRelease(site.releasesDir)!;
    expect(second.id > first.id).toBe(true);
    expect(served('article/a/index.html')).toBe('A v2');
    expect(fs.readFileSync(inRelease(first.dir, 'article/a/index.html'), 'utf8')).toBe('A v1');
    expect(inode(second.dir, 'article/b/index.html')).toBe(inode(first.dir, 'article/b/index.html'));
    expect(inode(second.dir, 'article/a/index.html')).not.toBe(inode(first.dir, 'article/a/index.html'));
    // Changed: page a and the bundle (new name). The home page and robots.txt were written again
    // with the same bytes: linked, not copied.
    expect(stats).toMatchObject({ files: 5, copied: 2 });
    expect(inode(second.dir, 'index.html')).toBe(inode(first.dir, 'index.html'));
  });

  it('links the keyed pages of workDir into a new release and copies the rest; neither changes with workDir', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A v1' }, { 'index.html': 'home 1' }));
    const first = currentRelease(site.releasesDir)!;
    // A keyed-only folder's page: the same file (Astro only ever replaces it). Written in place:
    // the home page and public files, copied.
    expect(inode(first.dir, 'article/a/index.html')).toBe(inode(site.workDir, 'article/a/index.html'));
    expect(inode(first.dir, 'index.html')).not.toBe(inode(site.workDir, 'index.html'));
    expect(inode(first.dir, 'robots.txt')).not.toBe(inode(site.workDir, 'robots.txt'));
    await release(fakeAstro({ 'article/a/index.html': 'A v2' }, { 'index.html': 'home 2' }));
    expect(served('article/a/index.html')).toBe('A v2');
    expect(served('index.html')).toBe('home 2');
    expect(fs.readFileSync(inRelease(first.dir, 'article/a/index.html'), 'utf8')).toBe('A v1');
    expect(fs.readFileSync(inRelease(first.dir, 'index.html'), 'utf8')).toBe('home 1');
  });

  it('copies a page written again with other bytes of the same length', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A' }, { 'index.html': 'home 1' }));
    const { stats } = await release(fakeAstro({ 'article/a/index.html': 'A' }, { 'index.html': 'home 2' }));
    expect(served('index.html')).toBe('home 2');
    expect(stats.copied).toBe(2);
  });

  it('prunes pages that stopped existing and old bundles, keeps cached pages and public files', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A', 'article/gone/index.html': 'G' }));
    const { stats } = await release(fakeAstro({ 'article/a/index.html': 'A' }));
    const dir = currentRelease(site.releasesDir)!.dir;
    expect(fs.existsSync(inRelease(dir, 'article/gone/index.html'))).toBe(false);
    expect(fs.existsSync(path.join(site.workDir, 'article/gone'))).toBe(false);
    expect(served('article/a/index.html')).toBe('A');
    expect(served('robots.txt')).toBe('public file');
    expect(fs.readdirSync(path.join(dir, '_astro'))).toHaveLength(1);
    expect(stats.pruned).toBe(2);
  });

  it('keeps the client bundle a warm render reports it reused, and prunes an older one', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    const bundle = fs.readdirSync(path.join(site.workDir, '_astro')).map((name) => path.join('_astro', name));
    write(path.join(site.workDir, '_astro', 'stale.js'), 'an earlier build left this');
    // A warm render: the changed page and the unkeyed ones, no bundle; it names the one it kept.
    const warm = fakeAstro({ 'article/a/index.html': 'A2' });
    const { stats } = await release(async () => {
      await warm();
      for (const rel of fs.readdirSync(path.join(site.workDir, '_astro'))) {
        if (!bundle.includes(path.join('_astro', rel)) && rel !== 'stale.js') {
          fs.rmSync(path.join(site.workDir, '_astro', rel));
        }
      }
      return { keptBundle: bundle };
    });
    const dir = currentRelease(site.releasesDir)!.dir;
    expect(served('article/a/index.html')).toBe('A2');
    expect(fs.readdirSync(path.join(dir, '_astro')).map((name) => path.join('_astro', name))).toEqual(bundle);
    expect(stats.pruned).toBe(1);
  });

  it('carries image renditions over while a page names them, and prunes the rest', async () => {
    // What the build step of the `build` image mode leaves (scripts/lib/image-renditions.ts):
    // renditions linked from its cache (made in an earlier build, so older than this one) and
    // the refs of the pages it rendered.
    const cached = path.join(site.cacheDir, RENDITION_CACHE);
    const render = (names: string[]) => {
      for (const name of names) if (!fs.existsSync(path.join(cached, name))) write(path.join(cached, name), name);
    };
    const withRenditions = (pages: Record<string, string>, named: Record<string, string[]>) => {
      const astro = fakeAstro(pages);
      return async () => {
        await astro();
        const refs = readImageRefs(site.cacheDir);
        for (const [rel, names] of Object.entries(named)) {
          refs.pages[rel] = names.map((n) => `_img/${n}`);
          for (const n of names) {
            const target = path.join(site.workDir, '_img', n);
            fs.mkdirSync(path.dirname(target), { recursive: true });
            if (!fs.existsSync(target)) fs.linkSync(path.join(cached, n), target);
          }
        }
        writeImageRefs(site.cacheDir, refs);
      };
    };
    render(['k1-400.webp', 'k2-400.webp', 'k3-400.webp']);
    await fileClockMoves();
    await release(
      withRenditions(
        { 'article/a/index.html': 'A', 'article/b/index.html': 'B' },
        { 'article/a/index.html': ['k1-400.webp'], 'article/b/index.html': ['k2-400.webp'] },
      ),
    );
    const first = currentRelease(site.releasesDir)!;
    expect(fs.readdirSync(path.join(first.dir, '_img')).sort()).toEqual(['k1-400.webp', 'k2-400.webp']);

    // b is gone and a is not rendered again: a's rendition stays (a link to the last release), b's goes.
    await release(withRenditions({ 'article/a/index.html': 'A' }, {}));
    const second = currentRelease(site.releasesDir)!;
    expect(fs.readdirSync(path.join(second.dir, '_img'))).toEqual(['k1-400.webp']);
    expect(inode(second.dir, '_img/k1-400.webp')).toBe(inode(first.dir, '_img/k1-400.webp'));
    expect(fs.existsSync(path.join(site.workDir, '_img', 'k2-400.webp'))).toBe(false);
    expect(Object.keys(readImageRefs(site.cacheDir).pages)).toEqual(['article/a/index.html']);

    // a now names another rendition (its image was replaced): the old one goes.
    await release(withRenditions({ 'article/a/index.html': 'A2' }, { 'article/a/index.html': ['k3-400.webp'] }));
    expect(fs.readdirSync(path.join(currentRelease(site.releasesDir)!.dir, '_img'))).toEqual(['k3-400.webp']);

    // No page names any: the folder goes too.
    const refs = readImageRefs(site.cacheDir);
    delete refs.pages['article/a/index.html'];
    writeImageRefs(site.cacheDir, refs);
    await release(fakeAstro({ 'article/a/index.html': 'A3' }));
    expect(fs.existsSync(path.join(currentRelease(site.releasesDir)!.dir, '_img'))).toBe(false);
    expect(fs.existsSync(path.join(site.workDir, '_img'))).toBe(false);
  });

  it('keeps the rendition cache when it clears the cache folder after a build that died', async () => {
    write(path.join(site.cacheDir, RENDITION_CACHE, 'k-400.webp'), 'webp');
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    fs.writeFileSync(path.join(site.cacheDir, 'release-build-in-progress'), '1');
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    expect(fs.existsSync(path.join(site.cacheDir, RENDITION_CACHE, 'k-400.webp'))).toBe(true);
  });

  it('keeps the current release when a build fails, and starts clean after one that rewrote pages', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A v1' }));
    const live = currentRelease(site.releasesDir)!;
    const failing = async () => {
      writePage(path.join(site.workDir, 'article/a/index.html'), 'A half-built');
      throw new Error('database unreachable');
    };
    await fileClockMoves();
    await expect(buildRelease(site, failing)).rejects.toThrow('database unreachable');
    expect(currentRelease(site.releasesDir)).toEqual(live);
    expect(served('article/a/index.html')).toBe('A v1');
    expect(fs.readdirSync(site.releasesDir).filter((f) => !f.includes('.') && f !== 'current')).toEqual([live.id]);
    // Same data as before the failure: Astro would keep the half-built page; a clean build cannot.
    await release(fakeAstro({ 'article/a/index.html': 'A v1' }));
    expect(served('article/a/index.html')).toBe('A v1');
  });

  it('a build that fails before rendering anything keeps the incremental cache', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    await fileClockMoves();
    await expect(
      buildRelease(site, async () => {
        throw new Error('no data');
      }),
    ).rejects.toThrow('no data');
    expect(fs.existsSync(path.join(site.cacheDir, ROUTE_MANIFEST))).toBe(true);
    expect(fs.existsSync(path.join(site.cacheDir, 'release-build-in-progress'))).toBe(false);
  });

  it('renders every keyed page again when the output folder was deleted (the manifest goes with it)', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    fs.rmSync(site.workDir, { recursive: true });
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    expect(served('article/a/index.html')).toBe('A');
  });

  it("removes what Astro's own page cache left in the cache folder", async () => {
    write(path.join(site.cacheDir, 'incremental-build.json'), '{}');
    write(path.join(site.cacheDir, 'dist/article/a/index.html'), 'old copy');
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    expect(fs.existsSync(path.join(site.cacheDir, 'incremental-build.json'))).toBe(false);
    expect(fs.existsSync(path.join(site.cacheDir, 'dist'))).toBe(false);
  });

  it(`keeps the current release and the ${KEEP_PREVIOUS_RELEASES} before it`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      await release(fakeAstro({ 'article/a/index.html': `A v${i}` }));
      ids.push(currentRelease(site.releasesDir)!.id);
    }
    const left = fs
      .readdirSync(site.releasesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(left).toEqual(ids.slice(-1 - KEEP_PREVIOUS_RELEASES));
  });

  it('recycles the oldest release once there are enough; pruneReleases deletes what a rollback left over', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      await fileClockMoves();
      const { release: r, stats } = await buildRelease(site, fakeAstro({ 'article/a/index.html': `A v${i}` }));
      await activateRelease(site.releasesDir, r, { prune: false });
      ids.push(r.id);
      expect(stats.recycled).toBe(i > KEEP_PREVIOUS_RELEASES);
    }
    const dirs = () =>
      fs
        .readdirSync(site.releasesDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort();
    expect(dirs()).toEqual(ids.slice(-1 - KEEP_PREVIOUS_RELEASES));
    // The newest file list is written after the swap, by pruneReleases.
    const list = path.join(site.releasesDir, `${ids.at(-1)}.files.json`);
    expect(fs.existsSync(list)).toBe(false);
    await pruneReleases(site.releasesDir);
    expect(Object.keys(JSON.parse(fs.readFileSync(list, 'utf8')) as object).sort()).toEqual([
      path.join('_astro', fs.readdirSync(path.join(site.workDir, '_astro'))[0]!),
      path.join('article', 'a', 'index.html'),
      'index.html',
      'robots.txt',
    ]);
    // Roll back to the oldest, publish: the releases are the rolled-back one's successors.
    await activateRelease(site.releasesDir, { id: ids[1]!, dir: path.join(site.releasesDir, ids[1]!) });
    await release(fakeAstro({ 'article/a/index.html': 'A v5' }));
    expect(dirs()).toHaveLength(KEEP_PREVIOUS_RELEASES + 1);
    expect(served('article/a/index.html')).toBe('A v5');
  });

  /** Every file under `dir` (relative, `/`-separated) with its text. */
  const tree = (dir: string, map: (rel: string) => string = (rel) => rel) =>
    Object.fromEntries(
      fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .map((rel) => [map(rel).split(path.sep).join('/'), fs.readFileSync(path.join(dir, rel), 'utf8')] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  /** The work folder as a release must hold it. */
  const expected = () => tree(site.workDir, servedPath);

  /** Edit `i` of a site: changes, adds and deletes pages, listing pages and the home page. */
  const edit = (pages: Record<string, string>, i: number) => {
    const next = { ...pages };
    next[`article/a${i % 3}/index.html`] = `A${i % 3} v${i}`;
    next[`article/new${i}/index.html`] = `new ${i}`;
    delete next[`article/new${i - 2}/index.html`];
    if (i % 2) next['category/energy/2/index.html'] = `Energy 2 v${i}`;
    else delete next['category/energy/2/index.html'];
    return next;
  };

  it('after a run of edits each release holds exactly the work folder, and older ones stay as they were', async () => {
    let pages: Record<string, string> = {
      'article/a0/index.html': 'A0',
      'article/a1/index.html': 'A1',
      'article/a2/index.html': 'A2',
      'category/energy/index.html': 'Energy',
    };
    const made: { dir: string; id: string; files: Record<string, string> }[] = [];
    for (let i = 0; i < 9; i++) {
      pages = edit(pages, i);
      const { stats } = await release(fakeAstro(pages, { 'index.html': `home ${i % 2}` }));
      const live = currentRelease(site.releasesDir)!;
      expect(tree(live.dir)).toEqual(expected());
      made.push({ ...live, files: expected() });
      if (i > KEEP_PREVIOUS_RELEASES) expect(stats.recycled).toBe(true);
      // With the builds' record, the unchanged article pages are not looked at.
      if (recordsChanges && i > 0) expect(stats.examined).toBeLessThan(stats.files);
      else expect(stats.examined).toBe(stats.files + stats.pruned);
      // Every release still there holds what it held when it went live: a reader of an older one
      // sees its own consistent site.
      for (const old of made) if (fs.existsSync(old.dir)) expect(tree(old.dir)).toEqual(old.files);
    }
    // Releases share an inode with the work folder only for keyed pages, which are replaced whole.
    const live = currentRelease(site.releasesDir)!.dir;
    expect(inode(live, 'article/a1/index.html')).toBe(inode(site.workDir, 'article/a1/index.html'));
    expect(inode(live, 'index.html')).not.toBe(inode(site.workDir, 'index.html'));
  });

  it('a release step killed half-way through recycling loses nothing: the next one is whole', async () => {
    let pages: Record<string, string> = { 'article/a0/index.html': 'A0', 'article/b/index.html': 'B' };
    for (let i = 0; i < 4; i++) await release(fakeAstro((pages = edit(pages, i))));
    // What a kill leaves: the oldest release renamed, its change list gone, a file half-applied.
    const oldest = fs
      .readdirSync(site.releasesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()[0]!;
    fs.rmSync(path.join(site.releasesDir, `${oldest}.delta.json`), { force: true });
    fs.rmSync(path.join(site.releasesDir, `${oldest}.files.json`), { force: true });
    const half = path.join(site.releasesDir, '29991231T000000000Z-killed');
    fs.renameSync(path.join(site.releasesDir, oldest), half);
    // Replaced whole, as the release step replaces files (releases share unchanged files' inodes).
    write(path.join(half, 'article/b.tmp'), 'half');
    fs.renameSync(path.join(half, 'article/b.tmp'), path.join(half, 'article/b.html'));
    // And a build whose pages were written but whose release step never ran.
    await fileClockMoves();
    pages = edit(pages, 4);
    await fakeAstro(pages)();
    forgetWorkState(site.releasesDir);
    await release(fakeAstro((pages = edit(pages, 5))));
    expect(fs.existsSync(half)).toBe(false);
    expect(tree(currentRelease(site.releasesDir)!.dir)).toEqual(expected());
    await release(fakeAstro((pages = edit(pages, 6))));
    expect(tree(currentRelease(site.releasesDir)!.dir)).toEqual(expected());
  });

  it('a process killed after the swap, before the file list was written, is caught up by the next', async () => {
    let pages: Record<string, string> = { 'article/a0/index.html': 'A0' };
    for (let i = 0; i < 4; i++) {
      await fileClockMoves();
      const { release: r } = await buildRelease(site, fakeAstro((pages = edit(pages, i))));
      await activateRelease(site.releasesDir, r, { prune: false });
      // Killed here: the next build runs in a new process, without the list.
      forgetWorkState(site.releasesDir);
      expect(fs.existsSync(path.join(site.releasesDir, `${r.id}.files.json`))).toBe(false);
    }
    await release(fakeAstro((pages = edit(pages, 4))));
    expect(tree(currentRelease(site.releasesDir)!.dir)).toEqual(expected());
    await release(fakeAstro((pages = edit(pages, 5))));
    expect(tree(currentRelease(site.releasesDir)!.dir)).toEqual(expected());
  });

  it('removes a snapshot that a killed process left half-made', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    const orphan = path.join(site.releasesDir, '29991231T000000000Z-killed');
    write(path.join(orphan, 'index.html'), 'half');
    await release(fakeAstro({ 'article/a/index.html': 'A' }));
    expect(fs.existsSync(orphan)).toBe(false);
  });

  it('rolls back by activating an older release, and deactivates', async () => {
    await release(fakeAstro({ 'article/a/index.html': 'A v1' }));
    const first = currentRelease(site.releasesDir)!;
    await release(fakeAstro({ 'article/a/index.html': 'A v2' }));
    await activateRelease(site.releasesDir, first);
    expect(served('article/a/index.html')).toBe('A v1');
    deactivateRelease(site.releasesDir);
    expect(currentRelease(site.releasesDir)).toBeUndefined();
  });
});
