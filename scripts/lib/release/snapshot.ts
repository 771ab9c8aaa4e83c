/**
 * A release made from the build's working folder (scripts/lib/release/build.ts). It shares an
 * inode with workDir only for the pages of the keyed-only folders (article/, category/, author/,
 * article-ids/: ~100,000 of 112,000 files at 100,000 articles), which only Astro's page generation
 * writes, and which it replaces whole, never rewriting a file in place (the patch
 * scripts/patches/astro+*.patch: a new page is created, one that exists has a temporary file renamed
 * over it; an Astro installed without it gets copies, astroReplacesPages). Every other file of workDir may be rewritten in place
 * (Vite's bundle, public/'s copies) and is copied. Two ways:
 *
 * - Recycled (the usual one, once KEEP_PREVIOUS_RELEASES older releases exist): the oldest
 *   release that is not live is renamed to the new id and brought up to date with the files that
 *   changed in the releases made since it and in this one (their change lists, `<id>.delta.json`):
 *   each such file is replaced whole (a temporary file renamed over it: taken from workDir when
 *   this build changed it, hard-linked from the newest release otherwise) or deleted. At 100,000
 *   articles an edit touches a few dozen of 112,000 files, and so does its release.
 * - New: a new folder that hard-links every file of the newest release this build did not change
 *   and takes the rest from workDir (the first releases, after a rollback, or when a change list
 *   is missing). A first release at 100,000 articles: 112,000 links and ~300 copies, where copying
 *   every file took 39.7 s (docs/performance.md).
 *
 * The change list is written last: a release without one (a killed process) is removed at the next
 * build (releases.ts, removeUnfinishedSnapshots), and that build makes a new one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeAtomic } from '../image-refs.ts';
import { ROOT } from '../paths.ts';
import {
  KEEP_PREVIOUS_RELEASES,
  currentRelease,
  deltaPath,
  fileListPath,
  finishedReleases,
  readDelta,
  topFolder,
  type Delta,
  type Release,
  type ReleaseSite,
  type Signature,
} from './releases.ts';
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

let pagesReplacedWhole: boolean | undefined;
/**
 * Whether the installed Astro carries the patch that replaces each page whole: an install that
 * skipped it (`--ignore-scripts`) writes pages in place, and its releases copy every file.
 */
function astroReplacesPages(): boolean {
  if (pagesReplacedWhole === undefined) {
    const generate = path.join(ROOT, 'node_modules', 'astro', 'dist', 'core', 'build', 'generate.js');
    try {
      pagesReplacedWhole = fs.readFileSync(generate, 'utf8').includes('Patched (scripts/patches/astro+');
    } catch {
      pagesReplacedWhole = false;
    }
  }
  return pagesReplacedWhole;
}

function newReleaseId(): string {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** What the release step found (work-dir.ts): the release's files and what changed. */
export interface SnapshotInput {
  files: ReadonlyMap<string, Signature>;
  changed: ReadonlySet<string>;
  removed: ReadonlySet<string>;
  keyedOnly: string[];
  keyedElsewhere: string[];
  workDirId: string;
}

/**
 * The release to recycle and the files in which it differs from the newest, or undefined when
 * none can be: fewer than KEEP_PREVIOUS_RELEASES + 1 releases, or the change lists since it are
 * not all there. Never the live release nor the newest.
 */
function recyclable(releasesDir: string, newest: Release): { release: Release; touched: Set<string> } | undefined {
  const releases = finishedReleases(releasesDir);
  if (releases.length < KEEP_PREVIOUS_RELEASES + 1) return undefined;
  const live = currentRelease(releasesDir)?.id;
  const oldest = releases.find((r) => r.id !== live && r.id !== newest.id);
  if (!oldest) return undefined;
  const touched = new Set<string>();
  // From the newest back to the oldest, along each change list's base.
  for (let id: string | null = newest.id; id !== oldest.id;) {
    if (!id) return undefined;
    const delta: Delta | undefined = readDelta(releasesDir, id);
    if (!delta) return undefined;
    for (const rel of delta.changed) touched.add(rel);
    for (const rel of delta.removed) touched.add(rel);
    id = delta.base;
  }
  return { release: oldest, touched };
}

/**
 * workDir → a new release (recycled or new, above), its change list written last. `newest` is
 * the newest finished release (the one `input` was compared with), if any.
 */
export async function snapshot(
  site: ReleaseSite,
  input: SnapshotInput,
  newest: Release | undefined,
): Promise<{ release: Release; copied: number; recycled: boolean; delta: Delta }> {
  const id = newReleaseId();
  const release = { id, dir: path.join(site.releasesDir, id) };
  const from = newest ? recyclable(site.releasesDir, newest) : undefined;
  const work = (rel: string) => path.join(site.workDir, rel);
  const keyedOnly = new Set(astroReplacesPages() ? input.keyedOnly : []);
  /** workDir's `rel` at `target`: a link to a page that is only ever replaced, else a copy. */
  const fromWork = (rel: string, target: string) => {
    if (keyedOnly.has(topFolder(rel))) {
      try {
        fs.linkSync(work(rel), target);
        return;
      } catch (e) {
        // Another device (or a file system without links): copied as any other file.
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
      }
    }
    fs.copyFileSync(work(rel), target);
  };
  let copied = 0;
  let delta: Delta;
  try {
    // Synchronous, like the prune: all on the path from a publish to the page being live. The
    // static host runs on its own thread, so it is not held up meanwhile.
    if (from && newest) {
      // Unfinished from here until the change list is written.
      fs.rmSync(deltaPath(site.releasesDir, from.release.id), { force: true });
      fs.rmSync(fileListPath(site.releasesDir, from.release.id), { force: true });
      fs.renameSync(from.release.dir, release.dir);
      for (const rel of input.changed) from.touched.add(rel);
      for (const rel of input.removed) from.touched.add(rel);
      const emptied = new Set<string>();
      for (const rel of from.touched) {
        const target = path.join(release.dir, servedPath(rel));
        if (!input.files.has(rel)) {
          fs.rmSync(target, { force: true });
          emptied.add(path.dirname(target));
        } else if (input.changed.has(rel)) {
          replace(target, (tmp) => fromWork(rel, tmp));
          copied++;
        } else {
          const source = path.join(newest.dir, servedPath(rel));
          replace(target, (tmp) => {
            try {
              fs.linkSync(source, tmp);
            } catch {
              fs.copyFileSync(work(rel), tmp);
            }
          });
        }
      }
      removeEmptyFolders(release.dir, emptied);
    } else {
      fs.mkdirSync(release.dir, { recursive: true });
      const served = new Map([...input.files.keys()].map((rel) => [rel, servedPath(rel)]));
      // Sorted, a folder comes after its parent, so each mkdir needs no recursive lookup.
      const dirs = [...new Set([...served.values()].map((rel) => path.dirname(rel)))].filter((d) => d !== '.').sort();
      for (const dir of dirs) fs.mkdirSync(path.join(release.dir, dir), { recursive: true });
      for (const [rel, servedRel] of served) {
        const target = path.join(release.dir, servedRel);
        if (newest && !input.changed.has(rel)) {
          try {
            fs.linkSync(path.join(newest.dir, servedRel), target);
            continue;
          } catch {
            // Gone from the newest release, or another device: copy instead.
          }
        }
        fromWork(rel, target);
        copied++;
      }
    }
    delta = {
      base: newest?.id ?? null,
      changed: [...input.changed],
      removed: [...input.removed],
      keyedOnly: input.keyedOnly,
      keyedElsewhere: input.keyedElsewhere,
      workDir: input.workDirId,
    };
    writeAtomic(deltaPath(site.releasesDir, id), JSON.stringify(delta));
  } catch (e) {
    await fs.promises.rm(release.dir, { recursive: true, force: true });
    throw e;
  }
  return { release, copied, recycled: !!from, delta };
}

/** Replaces `target` whole: `make` writes a temporary file beside it, renamed over it. */
function replace(target: string, make: (tmp: string) => void): void {
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    make(tmp);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    make(tmp);
  }
  fs.renameSync(tmp, target);
}

/** Removes the folders in `dirs` that are empty, and their parents that become so, up to `root`. */
function removeEmptyFolders(root: string, dirs: ReadonlySet<string>): void {
  for (const start of [...dirs].sort((a, b) => b.length - a.length)) {
    for (let dir = start; dir !== root && dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try {
        fs.rmdirSync(dir);
      } catch {
        break;
      }
    }
  }
}
