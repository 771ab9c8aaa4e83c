/**
 * Which build assets the service worker precaches: the JavaScript, CSS and fonts public pages
 * load, and nothing only the dashboard (or the preview) loads. Astro puts every bundle in
 * `_astro/` with no sign of which page uses it, so this follows the references: from a sample of
 * public pages' HTML to the files they name (scripts, stylesheets, fonts, islands' components and
 * renderers), then from those scripts to the modules they import statically, and from
 * stylesheets to their fonts. That is what a public page loads before any interaction. A chunk
 * the dashboard shares with public pages (React) is reachable and precached; the dashboard's own
 * chunks (the editor, charts, TinyMCE's React wrapper) are not, nor lazy `import()`s (supabase-js,
 * loaded when an island first talks to the server, which it cannot do offline anyway).
 *
 * Only files written by the current build count: with `emptyOutDir: false` (release builds) the
 * output folder still holds earlier builds' bundles until the release step prunes them, and a
 * precached URL that then 404s would make the worker's install fail.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The build's asset folder (Astro's default `build.assets`). */
export const ASSETS_DIR = '_astro';

/** Top-level folders that are not public pages: never sampled. */
const NOT_PUBLIC = new Set([ASSETS_DIR, 'dashboard', 'preview', 'tinymce']);

/** Pages read per top-level folder: pages of one route load the same bundles. */
const SAMPLE_PER_FOLDER = 4;

/** Asset file names in a stylesheet; static imports (`import"./x.js"`, `from"./x.js"`) in a module. */
const CSS_ASSET = /[\w.$~-]+\.(?:woff2?|css)\b/g;
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+)["'`]/g;
const ASSET_URL = /\/_astro\/[^"'()\s<>`\\]+/g;

/** Up to `limit` HTML files under `dir` (depth-first, in name order). */
function sampleHtml(dir: string, limit: number): string[] {
  const found: string[] = [];
  const visit = (d: string) => {
    const entries = sortedEntries(d);
    for (const e of entries) {
      if (found.length >= limit) return;
      const full = path.join(d, e.name);
      if (e.directory) visit(full);
      else if (e.name.endsWith('.html')) found.push(full);
    }
  };
  visit(dir);
  return found;
}

interface Entry {
  name: string;
  directory: boolean;
}

/**
 * A folder's entries in name order, kept while the folder's own timestamp and inode are the ones
 * they were read at (an entry added, removed or renamed changes them): a process that builds many
 * times (the warm renderer, scripts/lib/astro-build-warm.ts) would otherwise list and sort the
 * 100,000 folders of `article/` at every publish to find its first four pages.
 */
const sorted = new Map<string, { stamp: string; entries: Entry[] }>();

function sortedEntries(dir: string): Entry[] {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return [];
  const stamp = `${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}`;
  const kept = sorted.get(dir);
  if (kept?.stamp === stamp) return kept.entries;
  let entries: Entry[];
  try {
    entries = fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => ({ name: e.name, directory: e.isDirectory() }));
  } catch {
    return [];
  }
  // Only folders worth keeping: the small ones cost less to read again than to hold.
  if (entries.length > 1000) sorted.set(dir, { stamp, entries });
  return entries;
}

/** The HTML files whose assets are precached: the root pages and a few of every public folder. */
export function publicPageSample(outDir: string): string[] {
  const pages: string[] = [];
  for (const e of fs.readdirSync(outDir, { withFileTypes: true })) {
    const full = path.join(outDir, e.name);
    if (e.isFile() && e.name.endsWith('.html')) pages.push(full);
    else if (e.isDirectory() && !NOT_PUBLIC.has(e.name)) pages.push(...sampleHtml(full, SAMPLE_PER_FOLDER));
  }
  return pages;
}

/**
 * The `_astro/…` files (paths relative to outDir, `/` separated) reachable from `pages`, among
 * those modified at or after `sinceMs` (pass 0 to accept all).
 */
export function reachableAssets(outDir: string, pages: readonly string[], sinceMs = 0): Set<string> {
  const assetsRoot = path.join(outDir, ASSETS_DIR);
  // Every current asset by base name (fonts live in a sub-folder; hashed names are unique).
  const byName = new Map<string, string>();
  for (const rel of fs.readdirSync(assetsRoot, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(assetsRoot, rel);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.mtimeMs < sinceMs) continue;
    byName.set(path.basename(rel), `${ASSETS_DIR}/${rel.split(path.sep).join('/')}`);
  }
  const reached = new Set<string>();
  const queue: string[] = [];
  const reach = (name: string) => {
    const rel = byName.get(name);
    if (rel && !reached.has(rel)) {
      reached.add(rel);
      if (/\.(m?js|css)$/.test(rel)) queue.push(rel);
    }
  };
  for (const page of pages) {
    const html = fs.readFileSync(page, 'utf8');
    for (const url of html.match(ASSET_URL) ?? []) reach(path.posix.basename(url.split(/[?#]/)[0]!));
  }
  while (queue.length > 0) {
    const rel = queue.pop()!;
    const text = fs.readFileSync(path.join(outDir, rel), 'utf8');
    if (rel.endsWith('.css')) for (const name of text.match(CSS_ASSET) ?? []) reach(name);
    else for (const [, name] of text.matchAll(STATIC_IMPORT)) reach(path.posix.basename(name!));
  }
  return reached;
}
