/** Folders and files shared by the start, reset and test scripts (all under the repository root). */
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Local state, git-ignored: database, stored files, build cache, lock. */
export const DATA_DIR = path.join(ROOT, '.data');
export const SUPABASE_DATA_DIR = path.join(DATA_DIR, 'supabase');
/** Astro's cache dir (incremental-build manifest + cached pages); must match astro.config.mjs. */
export const ASTRO_CACHE_DIR = path.join(DATA_DIR, 'astro-cache');
/** Astro's output of `npm start`'s builds: the working copy, not what is served. */
export const DIST_DIR = path.join(ROOT, 'dist');
/** The served snapshots of DIST_DIR and the `current` link (scripts/lib/release/releases.ts). */
export const RELEASES_DIR = path.join(DATA_DIR, 'releases');
export const PUBLIC_DIR = path.join(ROOT, 'public');
export const START_LOCK = path.join(DATA_DIR, 'start.lock');
export const SEED_MODULE = path.join(ROOT, 'scripts', 'seed', 'index.ts');

/**
 * A new, empty scratch folder under `.data/tmp` for a test's or benchmark's builds. Not the system's
 * temporary folder: Astro writes a build's prerender bundle inside its outDir only when the outDir
 * is inside the working directory; any other build uses the project's shared `.astro/.prerender`,
 * where two builds at once (the stack and reliability suites side by side) overwrite each other's.
 */
export function makeScratchDir(prefix: string): string {
  const base = path.join(DATA_DIR, 'tmp');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, prefix));
}
