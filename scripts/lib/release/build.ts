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
 *   files there are rewritten in place and a reader could see a page half-written, or a failed build's
 *   mix of old and new pages.
 * - `cacheDir`: the build's cache, whose route manifest must describe `workDir` exactly.
 * - `releasesDir`: complete copies of `workDir` (`<id>/`), never changed while they may be
 *   served, and a `current` symlink, swapped by rename(2). The static server resolves `current`
 *   on every request, so a swap is atomic for readers and needs no restart, even from another
 *   process.
 *
 * This file runs a build into a release; the steps live beside it: `work-dir.ts` (what of
 * workDir belongs in the release and what changed, the rest pruned), `snapshot.ts` (workDir into
 * a release: the oldest one recycled with the files that changed, or a new one hard-linking what
 * is unchanged) and `releases.ts` (the releases folder: current, activate, prune, and the work
 * folder's state kept between builds). A publish costs what changed: at 100,000 articles the
 * step looks at ~600 of 112,000 files (docs/performance.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { forgetRouteChanges } from '../../../src/lib/build/routes/route-changes.ts';
import { ROUTE_MANIFEST, forgetRouteManifest } from '../../../src/lib/build/routes/route-manifest.ts';
import { RENDITION_CACHE } from '../image-refs.ts';
import {
  finishedReleases,
  forgetWorkState,
  removeUnfinishedSnapshots,
  saveFileList,
  setWorkState,
  workState,
  type Release,
  type ReleaseSite,
} from './releases.ts';
import { snapshot } from './snapshot.ts';
import { keyedOutputs, pruneWorkDir, readManifest, rewroteCachedPages } from './work-dir.ts';

export interface BuildReleaseOptions {
  log?: (line: string) => void;
}

/** What `build` may report: a warm render names the client bundle it kept (astro-build.ts). */
export interface BuildResult {
  /** Files in workDir (relative) the build did not write but that belong in the release. */
  keptBundle?: readonly string[];
}

/** What a build left behind: counts for logs and benchmarks. */
export interface ReleaseStats {
  /** Files in the release. */
  files: number;
  /**
   * Files taken from workDir (new or changed since the previous release: linked when a keyed
   * page, else copied, snapshot.ts); the rest are links to the previous release's.
   */
  copied: number;
  /** Files the release step looked at (all of them when the builds left no record of their changes). */
  examined: number;
  /** The oldest release was brought up to date (else a new folder was made). */
  recycled: boolean;
  /** Stale files removed from workDir (pages that stopped existing, old assets). */
  pruned: number;
  /** Milliseconds spent in the build, in pruning workDir and in the snapshot. */
  buildMs: number;
  pruneMs: number;
  snapshotMs: number;
}

/** In cacheDir while a build runs: still there at the next build means that build died. */
const BUILDING_MARKER = 'release-build-in-progress';
/**
 * What Astro's own incremental build (no longer used by release builds) left in cacheDir: its
 * manifest and a copy of every page, removed at the first build that finds them.
 */
const ASTRO_LEFTOVERS = ['incremental-build.json', 'dist'];

/**
 * Runs `build` (which must write into `site.workDir` with `site.cacheDir`, without emptying
 * workDir), prunes what the build no longer produces from workDir (keeping the client bundle a
 * warm render reports it kept: it writes none), and snapshots workDir into a
 * new release, which it returns without activating it. When `build` throws, nothing is
 * released and the current release stays; if the failed build had already rewritten cached
 * pages, workDir and the cache are cleared before the next build (a full build), since Astro's
 * manifest no longer describes them. One build at a time per site: callers serialise (npm start
 * holds a lock; the publish worker runs one build at a time).
 */
export async function buildRelease(
  site: ReleaseSite,
  build: () => Promise<void | BuildResult>,
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
  let result: void | BuildResult;
  try {
    result = await build();
  } catch (e) {
    if (!(await rewroteCachedPages(site, keyedOutputs(manifestBefore), started))) fs.rmSync(marker, { force: true });
    throw e;
  }
  fs.rmSync(marker, { force: true });
  const t1 = performance.now();
  const newest = finishedReleases(site.releasesDir).at(-1);
  // Written now if the last release step's caller did not (pruneReleases writes it after the swap).
  await saveFileList(site.releasesDir);
  const state = workState(site.releasesDir);
  const kept = new Set((result?.keptBundle ?? []).map((rel) => path.normalize(rel)));
  try {
    const changes = await pruneWorkDir(site, started, state, state ? newest?.dir : undefined, kept);
    const t2 = performance.now();
    const { release, copied, recycled, delta } = await snapshot(site, changes, state ? newest : undefined);
    setWorkState(site.releasesDir, {
      id: release.id,
      files: changes.files,
      delta,
      saved: false,
      outside: changes.outside,
    });
    // The release holds every page the builds since the last one rendered.
    forgetRouteChanges(site.cacheDir);
    const ms = (a: number, b: number) => Math.round(b - a);
    return {
      release,
      stats: {
        files: changes.files.size,
        copied,
        pruned: changes.pruned,
        examined: changes.examined,
        recycled,
        buildMs: ms(t0, t1),
        pruneMs: ms(t1, t2),
        snapshotMs: ms(t2, performance.now()),
      },
    };
  } catch (e) {
    forgetWorkState(site.releasesDir);
    throw e;
  }
}

async function clearDir(dir: string, keep: readonly string[] = []): Promise<void> {
  for (const entry of await fs.promises.readdir(dir)) {
    if (keep.includes(entry)) continue;
    await fs.promises.rm(path.join(dir, entry), { recursive: true, force: true });
  }
}
