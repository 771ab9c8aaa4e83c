/**
 * What of the build's working folder (`workDir`, Astro's outDir) belongs in the next release
 * (scripts/lib/release/build.ts): what the build wrote, the keyed pages of the route manifest
 * (src/lib/build/routes/route-manifest.ts), public/'s files, and the image renditions a page still
 * names. The rest, pages that stopped existing and old bundles, is deleted from workDir.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  ROUTE_MANIFEST,
  manifestOutputFiles,
  parseRouteManifest,
} from '../../../src/lib/build/routes/route-manifest.ts';
import { RENDITIONS_DIR } from '../../../src/lib/image-mode.ts';
import { keptRenditions, readImageRefs, writeImageRefs } from '../image-refs.ts';
import type { FileList, ReleaseSite, Signature } from './releases.ts';

const signature = (s: fs.BigIntStats): Signature => `${s.ino}:${s.size}:${s.mtimeNs}`;

/** The route manifest (JSON text), or '' when there is none. */
export function readManifest(cacheDir: string): string {
  try {
    return fs.readFileSync(path.join(cacheDir, ROUTE_MANIFEST), 'utf8');
  } catch {
    return '';
  }
}

/** Every keyed page (relative to workDir) that a route manifest lists. */
export function keyedOutputs(manifestText: string): Set<string> {
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
export async function rewroteCachedPages(site: ReleaseSite, keyed: Set<string>, since: bigint): Promise<boolean> {
  for (const rel of keyed) {
    if (((await mtimeNs(path.join(site.workDir, rel))) ?? 0n) >= since) return true;
  }
  return false;
}

/**
 * Deletes from workDir what this build did not produce: files not written since it started, not
 * a keyed page in the new route manifest and not from public/. These are pages that stopped
 * existing (an unpublished article, a renamed slug, a shorter listing) and bundles of earlier
 * builds: with `emptyOutDir: false` Astro leaves them in place. `kept` files stay too: the last
 * full build's client bundle, which a warm render (scripts/lib/astro-build-warm.ts) reuses. Image renditions (`_img/`, the
 * `build` image mode) stay while a page that stays names them (scripts/lib/image-refs.ts),
 * whenever they were made. Returns the files that stay, with their signatures, for the snapshot
 * (one stat per file for both steps).
 */
export async function pruneWorkDir(
  site: ReleaseSite,
  started: bigint,
  previousFiles: FileList,
  kept: ReadonlySet<string> = new Set(),
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
    if (stat.mtimeNs < started && !keyed.has(rel) && !fromPublic.has(rel) && !kept.has(rel)) {
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
