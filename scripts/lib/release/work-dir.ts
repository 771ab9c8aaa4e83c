/**
 * What of the build's working folder (`workDir`, Astro's outDir) belongs in the next release
 * (scripts/lib/release/build.ts): what the build wrote, the keyed pages of the route manifest
 * (src/lib/build/routes/route-manifest.ts), public/'s files, and the image renditions a page still
 * names. The rest, pages that stopped existing and old bundles, is deleted from workDir.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRouteChanges } from '../../../src/lib/build/routes/route-changes.ts';
import {
  ROUTE_MANIFEST,
  manifestOutputFiles,
  parseRouteManifest,
} from '../../../src/lib/build/routes/route-manifest.ts';
import { RENDITIONS_DIR } from '../../../src/lib/image-mode.ts';
import { keptRenditions, readImageRefs, writeImageRefs } from '../image-refs.ts';
import { topFolder, type Delta, type ReleaseSite, type Signature } from './releases.ts';
import { servedPath } from './snapshot.ts';

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

/** What the release step found in workDir: the files of the release and what changed. */
export interface WorkDirChanges {
  /** Every file of the release (relative to workDir) with its signature. */
  files: Map<string, Signature>;
  /** Files new or with other bytes than in the newest release; files of it that are gone. */
  changed: Set<string>;
  removed: Set<string>;
  keyedOnly: string[];
  keyedElsewhere: string[];
  /** The files outside the keyed-only folders. */
  outside: Set<string>;
  /** workDirIdentity(workDir). */
  workDirId: string;
  /** Stale files deleted from workDir. */
  pruned: number;
  /** Files looked at (stat). */
  examined: number;
  /** Whether every file was looked at (no usable record of the builds' changes). */
  full: boolean;
}

/**
 * Deletes from workDir what this build did not produce: files not written since it started, not
 * a keyed page and not from public/. These are pages that stopped existing (an unpublished
 * article, a renamed slug, a shorter listing) and bundles of earlier builds: with
 * `emptyOutDir: false` Astro leaves them in place. `kept` files stay too: the last full build's
 * client bundle, which a warm render (scripts/lib/astro-build-warm.ts) reuses. Image renditions
 * (`_img/`, the `build` image mode) stay while a page that stays names them
 * (scripts/lib/image-refs.ts), whenever they were made.
 *
 * Returns the release's files and what changed since the newest release (`state`, its files in
 * `newestDir`): a file the build wrote again with the same bytes is unchanged. When the builds
 * recorded which keyed pages they rendered or dropped (src/lib/build/routes/route-manifest.ts,
 * ROUTE_CHANGES) and the newest release says which top-level folders hold keyed pages only
 * (article/, category/, author/, article-ids/), only those pages and the other folders are
 * looked at: ~600 files at 100,000 articles instead of 112,000. Otherwise every file is (a full
 * build, a first release, a change of code). `state.files` is updated in place.
 */
export async function pruneWorkDir(
  site: ReleaseSite,
  started: bigint,
  state: { files: Map<string, Signature>; delta: Delta | undefined; outside?: Set<string> | undefined } | undefined,
  newestDir: string | undefined,
  kept: ReadonlySet<string> = new Set(),
): Promise<WorkDirChanges> {
  const routeChanges = readRouteChanges(site.cacheDir);
  const workDirId = workDirIdentity(site.workDir);
  const incremental = !!(state?.delta && state.delta.workDir === workDirId && routeChanges && !routeChanges.complete);
  // One map, updated in place: what the newest release held becomes what this one holds.
  const files = state?.files ?? new Map<string, Signature>();
  const before = files;
  const changed = new Set<string>();
  const removed = new Set<string>();
  const fromPublic = new Set(site.publicDir ? walk(site.publicDir) : []);
  const toRel = (file: string) => path.normalize(file);
  const rendered = new Set((routeChanges?.rendered ?? []).map(toRel));
  const dropped = new Set((routeChanges?.removed ?? []).map(toRel));
  const keyedOnly = new Set(incremental ? state!.delta!.keyedOnly : []);
  // Keyed pages outside the keyed-only folders: pruned if not written, unless keyed.
  let keyedElsewhere: Set<string>;
  let keyed: (rel: string) => boolean;
  if (incremental) {
    keyedElsewhere = new Set(state!.delta!.keyedElsewhere);
    for (const rel of dropped) keyedElsewhere.delete(rel);
    for (const rel of rendered) if (!keyedOnly.has(topFolder(rel))) keyedElsewhere.add(rel);
    keyed = (rel) => keyedElsewhere.has(rel);
  } else {
    const all = keyedOutputs(readManifest(site.cacheDir));
    keyedElsewhere = new Set();
    keyed = (rel) => all.has(rel);
  }
  const removedFiles: string[] = [];
  const remove = async (rel: string) => {
    await fs.promises.rm(path.join(site.workDir, rel), { force: true });
    removedFiles.push(rel);
  };
  /** A file that stays: changed unless its signature or its bytes are the newest release's. */
  const stays = (rel: string, stat: fs.BigIntStats) => {
    const sig = signature(stat);
    const old = before.get(rel);
    if (old === undefined || old !== sig) {
      const same =
        old !== undefined &&
        newestDir !== undefined &&
        sameBytes(old, sig, path.join(newestDir, servedPath(rel)), path.join(site.workDir, rel));
      if (!same) changed.add(rel);
    }
    files.set(rel, sig);
  };
  const seen = new Set<string>();
  const renditions: string[] = [];
  // Synchronous on purpose: 11,000 stats take ~50 ms this way and ~10 s through the promise API
  // at a concurrency that leaves the thread pool to readers (measured under load at 10,000
  // articles). The static host runs on its own thread, so it is not held up meanwhile.
  const candidates = incremental ? walkExcept(site.workDir, keyedOnly) : walk(site.workDir);
  for (const rel of candidates) {
    seen.add(rel);
    if (rel.startsWith(RENDITIONS_DIR + path.sep)) {
      renditions.push(rel);
      continue;
    }
    const stat = fs.statSync(path.join(site.workDir, rel), { bigint: true, throwIfNoEntry: false });
    if (!stat) {
      seen.delete(rel);
      continue;
    }
    if (stat.mtimeNs < started && !keyed(rel) && !fromPublic.has(rel) && !kept.has(rel)) await remove(rel);
    else stays(rel, stat);
  }
  if (incremental) {
    // The keyed-only folders: the pages rendered since the last release, and those dropped.
    for (const rel of rendered) {
      if (!keyedOnly.has(topFolder(rel))) continue;
      const stat = fs.statSync(path.join(site.workDir, rel), { bigint: true, throwIfNoEntry: false });
      if (!stat) continue;
      stays(rel, stat);
      seen.add(rel);
    }
    for (const rel of dropped) {
      if (!keyedOnly.has(topFolder(rel)) || rendered.has(rel)) continue;
      if (fs.existsSync(path.join(site.workDir, rel))) await remove(rel);
    }
  }
  // What the newest release held that is no longer here. Incremental: unseen files outside the
  // keyed-only folders (kept in memory between builds, not looked for among 112,000), and
  // dropped pages.
  const maybeGone = incremental
    ? [...(state!.outside ?? outsideOf(files, keyedOnly)), ...dropped, ...rendered]
    : [...before.keys()];
  for (const rel of maybeGone) {
    if (seen.has(rel) || !files.has(rel)) continue;
    files.delete(rel);
    removed.add(rel);
  }
  const forget = (rels: readonly string[]) => {
    for (const rel of rels) {
      if (files.delete(rel)) removed.add(rel);
      changed.delete(rel);
    }
  };
  forget(removedFiles);
  if (renditions.length > 0) {
    const refs = readImageRefs(site.cacheDir);
    const toRelPage = (page: string) => page.split('/').join(path.sep);
    const { names, changed: refsChanged } = keptRenditions(refs, (page) => files.has(toRelPage(page)));
    if (refsChanged) writeImageRefs(site.cacheDir, refs);
    const gone: string[] = [];
    for (const rel of renditions) {
      const stat = fs.statSync(path.join(site.workDir, rel), { bigint: true, throwIfNoEntry: false });
      if (!stat) {
        forget([rel]);
        continue;
      }
      if (names.has(rel.split(path.sep).join('/'))) stays(rel, stat);
      else {
        await fs.promises.rm(path.join(site.workDir, rel), { force: true });
        gone.push(rel);
      }
    }
    forget(gone);
    removedFiles.push(...gone);
  }
  await removeEmptyParents(site.workDir, removedFiles);
  let only = [...keyedOnly];
  let elsewhere = [...keyedElsewhere];
  if (!incremental) ({ only, elsewhere } = keyedFolders(files, keyed));
  const outside = incremental ? new Set(candidates.filter((rel) => files.has(rel))) : outsideOf(files, new Set(only));
  return {
    files,
    changed,
    removed,
    keyedOnly: only,
    keyedElsewhere: elsewhere,
    outside,
    workDirId,
    pruned: removedFiles.length,
    examined: candidates.length + (incremental ? rendered.size : 0),
    full: !incremental,
  };
}

/** The top-level folders that hold keyed pages only, and the keyed pages elsewhere. */
function keyedFolders(files: Map<string, Signature>, keyed: (rel: string) => boolean) {
  const mixed = new Set<string>(['']);
  const folders = new Set<string>();
  for (const rel of files.keys()) {
    const top = topFolder(rel);
    folders.add(top);
    if (!keyed(rel)) mixed.add(top);
  }
  const only = [...folders].filter((f) => !mixed.has(f)).sort();
  const onlySet = new Set(only);
  const elsewhere = [...files.keys()].filter((rel) => keyed(rel) && !onlySet.has(topFolder(rel)));
  return { only, elsewhere };
}

/** The work folder as a release's change list names it: path, device and inode. */
function workDirIdentity(workDir: string): string {
  const stat = fs.statSync(workDir, { bigint: true });
  return `${path.resolve(workDir)}:${stat.dev}:${stat.ino}`;
}

/** The files of `files` outside the top-level folders `skip`. */
function outsideOf(files: Map<string, Signature>, skip: ReadonlySet<string>): Set<string> {
  const outside = new Set<string>();
  for (const rel of files.keys()) if (!skip.has(topFolder(rel))) outside.add(rel);
  return outside;
}

/** Every file of `root` outside its top-level folders `skip`. */
function walkExcept(root: string, skip: ReadonlySet<string>): string[] {
  let top: fs.Dirent[];
  try {
    top = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of top) {
    if (entry.isFile()) files.push(entry.name);
    else if (entry.isDirectory() && !skip.has(entry.name)) {
      for (const rel of walk(path.join(root, entry.name))) files.push(path.join(entry.name, rel));
    }
  }
  return files;
}

/** A signature's size (`ino:size:mtimeNs`). */
const sizeOf = (sig: string) => sig.split(':')[1];

/** Do two files hold the same bytes? Read only when their signatures give the same size (or one is unknown). */
function sameBytes(sigA: string, sigB: string, a: string, b: string): boolean {
  try {
    return (sigA === '' || sizeOf(sigA) === sizeOf(sigB)) && fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
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
