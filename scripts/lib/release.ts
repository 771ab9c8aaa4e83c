/**
 * Atomic releases of the built site, so a rebuild never takes it offline and a failed build never
 * replaces it (ARCHITECTURE.md, "Publishing = rebuilding"). Used by `npm start`, the end-to-end
 * stack and the publish worker:
 *
 *   const { release } = await buildRelease(site, () => runAstroBuild({ …, keepOutDir: true }).done);
 *   await activateRelease(site.releasesDir, release);   // readers get the new site, old ones go
 *
 * Three folders per site:
 * - `workDir`: Astro's outDir. Incremental builds (`emptyOutDir: false`) rewrite only the pages
 *   whose cacheKey changed, in place (src/lib/build/routes/route-manifest.ts). Never served, because
 *   Astro writes files in place and a reader could see a page half-written, or a failed build's
 *   mix of old and new pages.
 * - `cacheDir`: the build's cache, whose route manifest must describe `workDir` exactly.
 * - `releasesDir`: immutable snapshots of `workDir` (`<id>/`) and a `current` symlink, swapped by
 *   rename(2). The static server resolves `current` on every request, so a swap is atomic for
 *   readers and needs no restart, even from another process.
 *
 * A snapshot hard-links every file unchanged since the previous snapshot (its inode, size and
 * mtime in workDir are as recorded then) and copies the rest, so at 10,000 articles a publish
 * copies a handful of files, not 11,000, and no release ever shares an inode with `workDir`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ROUTE_MANIFEST,
  forgetRouteManifest,
  manifestOutputFiles,
  parseRouteManifest,
} from '../../src/lib/build/routes/route-manifest.ts';
import { RENDITIONS_DIR } from '../../src/lib/image-mode.ts';
import { RENDITION_CACHE, keptRenditions, readImageRefs, writeImageRefs } from './image-refs.ts';

export interface ReleaseSite {
  /** Astro's outDir: the working copy that incremental builds update in place. */
  workDir: string;
  /** Astro's cacheDir for that outDir, with the route manifest (one is useless without the other). */
  cacheDir: string;
  /** Snapshots, their file lists and the `current` link. */
  releasesDir: string;
  /** The project's public/ folder: its files are copied into every build, possibly unchanged. */
  publicDir?: string;
}

export interface Release {
  /** Sortable by creation time, e.g. `20261124T213000123Z-a1b2c3`. */
  id: string;
  /** The snapshot folder: a complete site. */
  dir: string;
}

export interface BuildReleaseOptions {
  log?: (line: string) => void;
}

/** What a build left behind: counts for logs and benchmarks. */
export interface ReleaseStats {
  /** Files in the release. */
  files: number;
  /** Files copied (new or changed since the previous release); the rest are hard links. */
  copied: number;
  /** Stale files removed from workDir (pages that stopped existing, old assets). */
  pruned: number;
  /** Milliseconds spent in the build, in pruning workDir and in the snapshot. */
  buildMs: number;
  pruneMs: number;
  snapshotMs: number;
}

const CURRENT = 'current';
/** In cacheDir while a build runs: still there at the next build means that build died. */
const BUILDING_MARKER = 'release-build-in-progress';
/**
 * What Astro's own incremental build (no longer used by release builds) left in cacheDir: its
 * manifest and a copy of every page, removed at the first build that finds them.
 */
const ASTRO_LEFTOVERS = ['incremental-build.json', 'dist'];
/** Releases kept besides the current one, for in-flight responses and a quick rollback. */
export const KEEP_PREVIOUS_RELEASES = 2;

/** A file's identity in workDir: any rewrite (in place or not) changes it. */
type Signature = string;
type FileList = Record<string, Signature>;

const signature = (s: fs.BigIntStats): Signature => `${s.ino}:${s.size}:${s.mtimeNs}`;
const fileListPath = (releasesDir: string, id: string) => path.join(releasesDir, `${id}.files.json`);

/** The release readers get now, or undefined before the first activation. */
export function currentRelease(releasesDir: string): Release | undefined {
  try {
    const id = fs.readlinkSync(path.join(releasesDir, CURRENT));
    return { id, dir: path.join(releasesDir, id) };
  } catch {
    return undefined;
  }
}

/** Withdraws the current release: a host serving releasesDir answers 503 until the next activation. */
export function deactivateRelease(releasesDir: string): void {
  fs.rmSync(path.join(releasesDir, CURRENT), { force: true });
}

/**
 * Makes `release` the one readers get, atomically: a new symlink renamed over `current`.
 * Activating an older release is a rollback. Then deletes old releases (pruneReleases) unless
 * `prune: false`: a caller that reports "live" first calls pruneReleases itself afterwards, since
 * deleting a release of 11,000 files takes longer than the swap.
 */
export async function activateRelease(
  releasesDir: string,
  release: Release,
  { prune = true }: { prune?: boolean } = {},
): Promise<void> {
  if (!fs.statSync(release.dir).isDirectory()) throw new Error(`not a release: ${release.dir}`);
  const link = path.join(releasesDir, `${CURRENT}.${randomBytes(4).toString('hex')}`);
  await fs.promises.symlink(release.id, link);
  await fs.promises.rename(link, path.join(releasesDir, CURRENT));
  if (prune) await pruneReleases(releasesDir);
}

/**
 * Deletes releases older than the current one except the KEEP_PREVIOUS_RELEASES newest of them
 * (kept for responses still being read and for a quick rollback). Newer ones are left alone:
 * they may be another build's snapshot, not yet activated.
 */
export async function pruneReleases(releasesDir: string): Promise<void> {
  const keepId = currentRelease(releasesDir)?.id;
  if (!keepId) return;
  const ids = (await fs.promises.readdir(releasesDir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const older = ids.filter((id) => id < keepId);
  const kept = new Set([keepId, ...older.slice(-KEEP_PREVIOUS_RELEASES)]);
  for (const id of ids) {
    if (kept.has(id) || id > keepId) continue;
    await removeTree(path.join(releasesDir, id));
    await fs.promises.rm(fileListPath(releasesDir, id), { force: true });
  }
}

/**
 * Runs `build` (which must write into `site.workDir` with `site.cacheDir`, without emptying
 * workDir), prunes what the build no longer produces from workDir, and snapshots workDir into a
 * new release, which it returns without activating it. When `build` throws, nothing is
 * released and the current release stays; if the failed build had already rewritten cached
 * pages, workDir and the cache are cleared before the next build (a full build), since Astro's
 * manifest no longer describes them. One build at a time per site: callers serialise (npm start
 * holds a lock; the publish worker runs one build at a time).
 */
export async function buildRelease(
  site: ReleaseSite,
  build: () => Promise<void>,
  options: BuildReleaseOptions = {},
): Promise<{ release: Release; stats: ReleaseStats }> {
  const log = options.log ?? (() => {});
  for (const dir of [site.workDir, site.cacheDir, site.releasesDir]) fs.mkdirSync(dir, { recursive: true });
  await removeUnfinishedSnapshots(site.releasesDir);
  const marker = path.join(site.cacheDir, BUILDING_MARKER);
  if (fs.existsSync(marker)) {
    log('The last build stopped half-way: clearing its output and cache for a full build.');
    await clearDir(site.workDir);
    // Image renditions are named by their source's version and written atomically: still good.
    await clearDir(site.cacheDir, [RENDITION_CACHE]);
  }
  for (const leftover of ASTRO_LEFTOVERS)
    fs.rmSync(path.join(site.cacheDir, leftover), { recursive: true, force: true });
  // The manifest describes pages in workDir: without them (a deleted output folder) it would
  // leave them unrendered.
  if (fs.readdirSync(site.workDir).length === 0) forgetRouteManifest(path.join(site.cacheDir, ROUTE_MANIFEST));
  // The route manifest as it was: parsed only if the build fails.
  const manifestBefore = readManifest(site.cacheDir);
  fs.writeFileSync(marker, `${process.pid}\n`);
  // The file system's own clock: every file the build writes has an mtime at or after this.
  const started = fs.statSync(marker, { bigint: true }).mtimeNs;
  const t0 = performance.now();
  try {
    await build();
  } catch (e) {
    if (!(await rewroteCachedPages(site, keyedOutputs(manifestBefore), started))) fs.rmSync(marker, { force: true });
    throw e;
  }
  fs.rmSync(marker, { force: true });
  const t1 = performance.now();
  const previous = currentRelease(site.releasesDir);
  const previousFiles = previous ? readFileList(site.releasesDir, previous.id) : {};
  const { pruned, files } = await pruneWorkDir(site, started, previousFiles);
  const t2 = performance.now();
  const { release, copied } = await snapshot(site, files, previous, previousFiles);
  const ms = (a: number, b: number) => Math.round(b - a);
  return {
    release,
    stats: {
      files: files.size,
      copied,
      pruned,
      buildMs: ms(t0, t1),
      pruneMs: ms(t1, t2),
      snapshotMs: ms(t2, performance.now()),
    },
  };
}

/**
 * rm -rf without the thread pool, which the static host shares: one top-level entry at a time,
 * synchronously, yielding to the event loop between them. A release of 10,000 articles is mostly
 * links in a few big folders (servedPath), ~100 ms in all.
 */
async function removeTree(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    await new Promise((resolve) => setImmediate(resolve));
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Snapshots a killed process left half-made: their file list is written last. */
async function removeUnfinishedSnapshots(releasesDir: string): Promise<void> {
  const current = currentRelease(releasesDir)?.id;
  for (const entry of await fs.promises.readdir(releasesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === current) continue;
    if (!fs.existsSync(fileListPath(releasesDir, entry.name))) await removeTree(path.join(releasesDir, entry.name));
  }
}

async function clearDir(dir: string, keep: readonly string[] = []): Promise<void> {
  for (const entry of await fs.promises.readdir(dir)) {
    if (keep.includes(entry)) continue;
    await fs.promises.rm(path.join(dir, entry), { recursive: true, force: true });
  }
}

/** The route manifest (JSON text), or '' when there is none. */
function readManifest(cacheDir: string): string {
  try {
    return fs.readFileSync(path.join(cacheDir, ROUTE_MANIFEST), 'utf8');
  } catch {
    return '';
  }
}

/** Every keyed page (relative to workDir) that a route manifest lists. */
function keyedOutputs(manifestText: string): Set<string> {
  return new Set(manifestOutputFiles(parseRouteManifest(manifestText)).map((f) => path.normalize(f)));
}

/**
 * All files under `dir` with their paths relative to it (symlinks are not followed). Synchronous:
 * the recursive readdir of 11,000 folders takes ~120 ms this way and ~600 ms through the thread
 * pool (10,000 articles); the static host runs on its own thread, so it is not held up meanwhile.
 */
function walk(dir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function mtimeNs(file: string): Promise<bigint | undefined> {
  return (await fs.promises.stat(file, { bigint: true }).catch(() => undefined))?.mtimeNs;
}

/**
 * Did a failed build rewrite a page that the (old) route manifest lists? The manifest is written
 * only at the end, so such a page no longer matches its recorded key.
 */
async function rewroteCachedPages(site: ReleaseSite, keyed: Set<string>, since: bigint): Promise<boolean> {
  for (const rel of keyed) {
    if (((await mtimeNs(path.join(site.workDir, rel))) ?? 0n) >= since) return true;
  }
  return false;
}

/**
 * Deletes from workDir what this build did not produce: files not written since it started, not
 * a keyed page in the new route manifest and not from public/. These are pages that stopped
 * existing (an unpublished article, a renamed slug, a shorter listing) and bundles of earlier
 * builds: with `emptyOutDir: false` Astro leaves them in place. Image renditions (`_img/`, the
 * `build` image mode) stay while a page that stays names them (scripts/lib/image-refs.ts),
 * whenever they were made. Returns the files that stay, with their signatures, for the snapshot
 * (one stat per file for both steps).
 */
async function pruneWorkDir(
  site: ReleaseSite,
  started: bigint,
  previousFiles: FileList,
): Promise<{ pruned: number; files: Map<string, Signature> }> {
  const keyed = keyedOutputs(readManifest(site.cacheDir));
  const fromPublic = new Set(site.publicDir ? walk(site.publicDir) : []);
  const files = new Map<string, Signature>();
  const removed: string[] = [];
  const renditions: string[] = [];
  // Synchronous on purpose: 11,000 stats take ~50 ms this way and ~10 s through the promise API
  // at a concurrency that leaves the thread pool to readers (measured under load at 10,000
  // articles). The static host runs on its own thread, so it is not held up meanwhile.
  for (const rel of workDirFiles(site.workDir, keyed, previousFiles)) {
    if (rel.startsWith(RENDITIONS_DIR + path.sep)) {
      renditions.push(rel);
      continue;
    }
    const file = path.join(site.workDir, rel);
    const stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.mtimeNs < started && !keyed.has(rel) && !fromPublic.has(rel)) {
      await fs.promises.rm(file, { force: true });
      removed.push(rel);
    } else files.set(rel, signature(stat));
  }
  if (renditions.length > 0) {
    const refs = readImageRefs(site.cacheDir);
    const toRel = (page: string) => page.split('/').join(path.sep);
    const { names, changed } = keptRenditions(refs, (page) => files.has(toRel(page)));
    if (changed) writeImageRefs(site.cacheDir, refs);
    for (const rel of renditions) {
      const file = path.join(site.workDir, rel);
      const stat = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
      if (!stat) continue;
      if (names.has(rel.split(path.sep).join('/'))) files.set(rel, signature(stat));
      else {
        await fs.promises.rm(file, { force: true });
        removed.push(rel);
      }
    }
  }
  await removeEmptyParents(site.workDir, removed);
  return { pruned: removed.length, files };
}

/** The folder of one page per article: everything Astro writes there is a keyed page. */
const ARTICLE_PAGES = 'article';

/**
 * The files of workDir that may belong in the release. The article folder (a folder per article,
 * 10,000 of them) is not walked: Astro writes nothing there but keyed pages, so its files are
 * the keyed ones plus those of the last release (which the prune removes if no longer keyed).
 * Without a last release, everything is walked. Saves ~100 ms of every publish at 10,000.
 */
function workDirFiles(workDir: string, keyed: ReadonlySet<string>, previousFiles: FileList): Iterable<string> {
  const previous = Object.keys(previousFiles);
  if (previous.length === 0) return walk(workDir);
  const inArticles = (rel: string) => rel.startsWith(ARTICLE_PAGES + path.sep);
  const files = new Set<string>();
  let top: fs.Dirent[];
  try {
    top = fs.readdirSync(workDir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of top) {
    if (entry.isFile()) files.add(entry.name);
    else if (entry.isDirectory() && entry.name !== ARTICLE_PAGES) {
      for (const rel of walk(path.join(workDir, entry.name))) files.add(path.join(entry.name, rel));
    }
  }
  for (const rel of keyed) if (inArticles(rel)) files.add(rel);
  for (const rel of previous) if (inArticles(rel)) files.add(rel);
  return files;
}

/** Removes the folders that `removed` files leave empty, up to (not including) `root`. */
async function removeEmptyParents(root: string, removed: readonly string[]): Promise<void> {
  const parents = new Set(removed.map((rel) => path.dirname(rel)).filter((d) => d !== '.'));
  for (const start of [...parents].sort((a, b) => b.length - a.length)) {
    for (let dir = start; dir !== '.'; dir = path.dirname(dir)) {
      // rmdir fails on a folder that is not empty: then its parents are not either.
      if (
        !(await fs.promises.rmdir(path.join(root, dir)).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
}

/**
 * Where a built file goes in a release. The pages whose number grows with the content (one per
 * article, one per listing page after the first) are stored as `x.html` instead of Astro's
 * `x/index.html`, which the static host serves for `/x` alike (`try_files $uri.html` in nginx;
 * scripts/lib/static-files.ts): a folder per page made every snapshot create, and every deleted
 * release free, 11,000 folders at 10,000 articles, ~1 s per publish on this disk against ~0.1 s
 * for links in a few big folders (docs/performance-history.md). Everything else keeps its path.
 */
export function servedPath(rel: string): string {
  const m = /^((?:article\/[^/]+)|(?:(?:category|author)\/[^/]+\/\d+))\/index\.html$/.exec(
    rel.split(path.sep).join('/'),
  );
  return m ? `${m[1]}.html` : rel;
}

function newReleaseId(): string {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

function readFileList(releasesDir: string, id: string): FileList {
  try {
    return JSON.parse(fs.readFileSync(fileListPath(releasesDir, id), 'utf8')) as FileList;
  } catch {
    return {};
  }
}

/** workDir → a new release folder: hard links for files unchanged since the current release. */
async function snapshot(
  site: ReleaseSite,
  files: Map<string, Signature>,
  previous: Release | undefined,
  previousFiles: FileList,
): Promise<{ release: Release; copied: number }> {
  const id = newReleaseId();
  const release = { id, dir: path.join(site.releasesDir, id) };
  let copied = 0;
  try {
    // Synchronous, like the prune: ~11,000 folders and links at 10,000 articles take a few
    // hundred ms this way and seconds through the thread pool, all on the path from a publish
    // to the page being live. The static host runs on its own thread, so it is not held up.
    // Sorted, a folder comes after its parent, so each mkdir needs no recursive lookup.
    fs.mkdirSync(release.dir, { recursive: true });
    const served = new Map([...files.keys()].map((rel) => [rel, servedPath(rel)]));
    const dirs = [...new Set([...served.values()].map((rel) => path.dirname(rel)))].filter((d) => d !== '.').sort();
    for (const dir of dirs) fs.mkdirSync(path.join(release.dir, dir), { recursive: true });
    for (const [rel, sig] of files) {
      const target = path.join(release.dir, served.get(rel)!);
      if (previous && previousFiles[rel] === sig) {
        try {
          fs.linkSync(path.join(previous.dir, served.get(rel)!), target);
          continue;
        } catch {
          // Gone from the previous release, or another device: copy instead.
        }
      }
      fs.copyFileSync(path.join(site.workDir, rel), target);
      copied++;
    }
    await fs.promises.writeFile(fileListPath(site.releasesDir, id), JSON.stringify(Object.fromEntries(files)));
  } catch (e) {
    await fs.promises.rm(release.dir, { recursive: true, force: true });
    throw e;
  }
  return { release, copied };
}
