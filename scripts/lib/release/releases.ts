/**
 * The releases folder (scripts/lib/release/build.ts makes what goes in it): complete copies of
 * the built site (`<id>/`), a `current` symlink swapped by rename(2), and beside each release its
 * change list `<id>.delta.json` (what differs from the release made before it; written last: a
 * release without one is unfinished) and its file list `<id>.files.json` (every file with its
 * signature in the work folder; written after the swap). The static server resolves `current` on
 * every request, so a swap is atomic for readers and needs no restart, even from another process.
 *
 * A release is never changed once finished, except that the oldest one is recycled: once
 * KEEP_PREVIOUS_RELEASES older ones exist, the next release is made by renaming the oldest that
 * is not live and bringing it up to date, file by file, with the changes of the releases made
 * since (scripts/lib/release/snapshot.ts), so a publish costs what changed, not what the site is.
 * Activating an older release is a rollback; releases beyond the current one and the
 * KEEP_PREVIOUS_RELEASES before it are deleted.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeAtomicParts } from '../image-refs.ts';

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
type FileList = Record<string, Signature>;

export const fileListPath = (releasesDir: string, id: string) => path.join(releasesDir, `${id}.files.json`);
export const deltaPath = (releasesDir: string, id: string) => path.join(releasesDir, `${id}.delta.json`);

/**
 * What a release changed from the one made before it (`base`), by file in the work folder, and
 * what the release step knows about the work folder then (scripts/lib/release/work-dir.ts).
 */
export interface Delta {
  base: string | null;
  /** Files new or with other bytes than in `base`. */
  changed: string[];
  /** Files of `base` that are gone. */
  removed: string[];
  /** Top-level folders holding keyed pages only, and the keyed pages outside them. */
  keyedOnly: string[];
  keyedElsewhere: string[];
  /** The work folder it was made from (path, device, inode): another one is looked at whole. */
  workDir?: string;
}

/** The top-level folder of a file in the work folder (relative path), '' for one at its root. */
export function topFolder(rel: string): string {
  const i = rel.indexOf(path.sep);
  return i < 0 ? '' : rel.slice(0, i);
}

function readFileList(releasesDir: string, id: string): FileList | undefined {
  try {
    return JSON.parse(fs.readFileSync(fileListPath(releasesDir, id), 'utf8')) as FileList;
  } catch {
    return undefined;
  }
}

export function readDelta(releasesDir: string, id: string): Delta | undefined {
  try {
    return JSON.parse(fs.readFileSync(deltaPath(releasesDir, id), 'utf8')) as Delta;
  } catch {
    return undefined;
  }
}

/** Is `id` a finished release (its change list, or an older release's file list, written)? */
function isFinished(releasesDir: string, id: string): boolean {
  return fs.existsSync(deltaPath(releasesDir, id)) || fs.existsSync(fileListPath(releasesDir, id));
}

/** The finished releases, oldest first. */
export function finishedReleases(releasesDir: string): Release[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(releasesDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names = new Set(entries.map((e) => e.name));
  return entries
    .filter((e) => e.isDirectory() && (names.has(`${e.name}.delta.json`) || names.has(`${e.name}.files.json`)))
    .map((e) => e.name)
    .sort()
    .map((id) => ({ id, dir: path.join(releasesDir, id) }));
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
  await saveFileList(releasesDir);
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
    await fs.promises.rm(deltaPath(releasesDir, id), { force: true });
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

/**
 * Releases a killed process left half-made or half-recycled (their change list is written
 * last), and lists whose release is gone.
 */
export async function removeUnfinishedSnapshots(releasesDir: string): Promise<void> {
  const current = currentRelease(releasesDir)?.id;
  const entries = await fs.promises.readdir(releasesDir, { withFileTypes: true });
  const dirs = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (entry.name !== current && !isFinished(releasesDir, entry.name)) {
        await removeTree(path.join(releasesDir, entry.name));
      }
    } else {
      const m = /^(.+)\.(?:files|delta)\.json$/.exec(entry.name);
      if (m && !dirs.has(m[1]!)) await fs.promises.rm(path.join(releasesDir, entry.name), { force: true });
    }
  }
}

/**
 * The work folder as the newest release holds it: its files with their signatures, and the
 * delta of that release. Kept in memory between the builds of one process (the file list of
 * 112,000 files takes ~70 ms to parse), read from the release's lists otherwise.
 */
export interface WorkState {
  /** The newest finished release. */
  id: string;
  files: Map<string, Signature>;
  /** Undefined for a release made before change lists existed. */
  delta: Delta | undefined;
  /** Written to `<id>.files.json` yet. */
  saved: boolean;
  /** The files outside the delta's keyed-only folders, once known. */
  outside?: Set<string> | undefined;
}

const workStates = new Map<string, WorkState>();

/** The work folder's state at the newest finished release, or undefined when it is not known. */
export function workState(releasesDir: string): WorkState | undefined {
  const newest = finishedReleases(releasesDir).at(-1);
  if (!newest) return undefined;
  const cached = workStates.get(releasesDir);
  if (cached?.id === newest.id) return cached;
  workStates.delete(releasesDir);
  const files = fileListOf(releasesDir, newest.id, 0);
  if (!files) return undefined;
  const state: WorkState = { id: newest.id, files, delta: readDelta(releasesDir, newest.id), saved: true };
  workStates.set(releasesDir, state);
  return state;
}

/**
 * A release's files: its file list, or (killed after the swap, before the list was written)
 * its base's list with its delta applied; a changed file's signature is then unknown ('').
 */
function fileListOf(releasesDir: string, id: string, depth: number): Map<string, Signature> | undefined {
  const list = readFileList(releasesDir, id);
  if (list) return new Map(Object.entries(list));
  const delta = readDelta(releasesDir, id);
  if (!delta?.base || depth > 8) return undefined;
  const files = fileListOf(releasesDir, delta.base, depth + 1);
  if (!files) return undefined;
  for (const rel of delta.removed) files.delete(rel);
  for (const rel of delta.changed) files.set(rel, '');
  return files;
}

/** Records `state` as the work folder's at its release (the release step, on success). */
export function setWorkState(releasesDir: string, state: WorkState): void {
  workStates.set(releasesDir, state);
}

/** Forgets the kept state (a release step that failed half-way may have changed it). */
export function forgetWorkState(releasesDir: string): void {
  workStates.delete(releasesDir);
}

/** Entries of a file list serialised and written at a time (~10-20 ms of work here). */
const FILE_LIST_SLICE = 1000;

/**
 * Writes the newest release's file list if it is not written yet, after the swap, a slice at a
 * time (writeAtomicParts). The worker shares its process with the embedded API (npm start), and at
 * 112,000 files the list made in one piece (one `JSON.stringify`, the same JSON) held every API
 * request up after each publish: 365-1,094 ms for 112,441 entries on 27 Nov.'s machine with a CI
 * run beside it, where a slice took 20-63 ms, mostly garbage collection.
 */
export async function saveFileList(releasesDir: string): Promise<void> {
  const state = workStates.get(releasesDir);
  if (!state || state.saved || !fs.existsSync(path.join(releasesDir, state.id))) return;
  await writeAtomicParts(fileListPath(releasesDir, state.id), fileListJson(state.files));
  state.saved = true;
}

/** `JSON.stringify` of `files` as an object, in slices of FILE_LIST_SLICE entries. */
function* fileListJson(files: ReadonlyMap<string, Signature>): Generator<string> {
  yield '{';
  let slice: string[] = [];
  let first = true;
  for (const [rel, signature] of files) {
    slice.push(`${JSON.stringify(rel)}:${JSON.stringify(signature)}`);
    if (slice.length < FILE_LIST_SLICE) continue;
    yield `${first ? '' : ','}${slice.join(',')}`;
    first = false;
    slice = [];
  }
  if (slice.length > 0) yield `${first ? '' : ','}${slice.join(',')}`;
  yield '}';
}
