/**
 * The releases folder (scripts/lib/release/build.ts makes what goes in it): immutable snapshots
 * of the build (`<id>/`, each with its file list `<id>.files.json`, written last) and a
 * `current` symlink, swapped by rename(2). The static server resolves `current` on every
 * request, so a swap is atomic for readers and needs no restart, even from another process.
 * Activating an older release is a rollback; releases older than the current one are deleted,
 * except the KEEP_PREVIOUS_RELEASES newest of them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

const CURRENT = 'current';
/** Releases kept besides the current one, for in-flight responses and a quick rollback. */
export const KEEP_PREVIOUS_RELEASES = 2;

/** A file's identity in workDir: any rewrite (in place or not) changes it. */
export type Signature = string;
/** A release's files (relative to workDir) with their signatures when it was made. */
export type FileList = Record<string, Signature>;

export const fileListPath = (releasesDir: string, id: string) => path.join(releasesDir, `${id}.files.json`);

export function readFileList(releasesDir: string, id: string): FileList {
  try {
    return JSON.parse(fs.readFileSync(fileListPath(releasesDir, id), 'utf8')) as FileList;
  } catch {
    return {};
  }
}

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
export async function removeUnfinishedSnapshots(releasesDir: string): Promise<void> {
  const current = currentRelease(releasesDir)?.id;
  for (const entry of await fs.promises.readdir(releasesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === current) continue;
    if (!fs.existsSync(fileListPath(releasesDir, entry.name))) await removeTree(path.join(releasesDir, entry.name));
  }
}
