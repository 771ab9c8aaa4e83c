/**
 * Release builds render only the keyed pages whose data changed, and hand Astro nothing else.
 *
 * Every route with one page per article, listing page, feed or shard returns its paths with a
 * `cacheKey` (src/lib/build/cache-key.ts) that covers everything the page shows. A release build
 * (npm start, the publish worker: the output folder is kept between builds) remembers each
 * page's key in `routes.json` in its cache folder; the next one gives Astro only the paths whose
 * key changed or that are new, and the pages it does not hand over stay in the output folder as
 * they are. At 10,000 articles an edit hands Astro a few hundred paths instead of 11,337, so
 * Astro's per-path pass (route matching, its own incremental-build bookkeeping and the 3 MB
 * manifest it read and wrote, an existence check and two log lines per reused page) no longer
 * grows with the site (docs/performance-history.md).
 *
 * Everything else a page is rendered from is the build's fingerprint: the source tree, the
 * Astro config, the lockfile and the public environment. When it differs from the one the
 * manifest was written with, or there is no manifest, every path is rendered.
 *
 * The manifest is written when the build has rendered every page (`astro:build:done`): whole,
 * or, for a build that changed a few keys, as one line appended to it (APPEND_SHARE); the
 * release step (scripts/lib/release/) prunes from the output folder whatever it no longer
 * lists, and clears output and manifest together after a build that died half-way. The
 * hand-over between the Astro config (plain Node) and the routes (Vite's bundle, with its own
 * copy of this module) goes through `globalThis`, as the site data does.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { forgetRouteChanges, recordRouteChanges } from './route-changes.ts';

/** The manifest's file name in the build's cache folder. */
export const ROUTE_MANIFEST = 'routes.json';
const VERSION = 1;
/**
 * The manifest file is the whole manifest as one line of JSON, then zero or more change lines
 * (`{"routes":{pattern:{path:key or null}}}`, null: the page went), applied in order; the whole
 * manifest is written again once the changed keys pass this share of all keys.
 */
const APPEND_SHARE = 0.1;

/** Route pattern (e.g. `/article/[slug]`) → page path (e.g. `/article/water-week`) → cacheKey. */
type RouteKeys = Record<string, Record<string, string>>;

export interface RouteManifest {
  version: number;
  /** What the pages were rendered with besides their data (buildFingerprint). */
  fingerprint: string;
  routes: RouteKeys;
}

interface BuildRoutes {
  file: string;
  fingerprint: string;
  /** The last build's keys, when they were made with the same fingerprint. */
  previous: RouteKeys | null;
  next: RouteKeys;
  /** Per pattern, what changedPaths found: the paths to render, and how many were there before. */
  seen: Record<string, { changed: string[]; kept: number; added: number }>;
}

const STATE = Symbol.for('esg-africa-news.route-manifest');
type WithState = typeof globalThis & { [STATE]?: BuildRoutes };

/** A path as a route returns it from getStaticPaths. */
export interface KeyedPath {
  params: Record<string, string | undefined>;
  cacheKey: string;
}

/**
 * The page path of `params` in a route pattern: `/category/[slug]/[...page]` with
 * `{ slug: 'energy' }` is `/category/energy`, with `{ slug: 'energy', page: '2' }`
 * `/category/energy/2`.
 */
export function pagePath(pattern: string, params: KeyedPath['params']): string {
  let parts = patternParts.get(pattern);
  if (!parts) {
    // Text and parameter names alternating: `/category/`, `slug`, `/`, `page`, ``.
    parts = pattern.split(/\[(?:\.\.\.)?([^\]]+)\]/);
    patternParts.set(pattern, parts);
  }
  // Joined by hand: a replace with a callback per path was ~5 µs of each of 112,000 paths.
  let filled = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) filled += (params[parts[i]!] ?? '') + parts[i + 1]!;
  if (filled.includes('//')) filled = filled.replace(/\/{2,}/g, '/');
  return filled.length > 1 && filled.endsWith('/') ? filled.slice(0, -1) : filled;
}

const patternParts = new Map<string, string[]>();

/**
 * Where Astro writes a page path (the default `build.format: 'directory'`): an endpoint with an
 * extension (`/category/energy/rss.xml`, `/article-ids/3.json`) at that path, a page in a folder
 * of its own (`article/water-week/index.html`). Relative to the output folder, with `/`.
 */
export function outputFile(pagePathname: string): string {
  const rel = pagePathname.replace(/^\/+/, '');
  return /\.[a-z0-9]+$/i.test(rel) ? rel : rel ? `${rel}/index.html` : 'index.html';
}

/**
 * Starts a release build's route bookkeeping (from the Astro config's `astro:build:start`):
 * reads the last manifest from `file` and keeps it when its fingerprint is `fingerprint`.
 */
export function startRouteManifest(file: string, fingerprint: string): { previous: boolean } {
  const held = memo?.file === file && memo.signature === signatureOf(file) ? memo : undefined;
  const manifest = held ? { fingerprint: held.fingerprint, routes: held.routes } : readRouteManifest(file);
  if (!held) memo = undefined;
  const previous = manifest && manifest.fingerprint === fingerprint ? manifest.routes : null;
  (globalThis as WithState)[STATE] = { file, fingerprint, previous, next: {}, seen: {} };
  return { previous: previous !== null };
}

/**
 * The manifest this process last wrote, while the file is as it left it: a process that builds
 * many times (the warm renderer, scripts/lib/astro-build-warm.ts) neither parses nor serialises
 * 112,000 keys at every publish (100,000 articles), nor lists them again for the sitemap when no
 * page came or went. `fragments`: each pattern's keys as JSON; `counts`: how many paths each has.
 */
let memo:
  | {
      file: string;
      signature: string;
      fingerprint: string;
      routes: RouteKeys;
      fragments: Record<string, string | undefined>;
      counts: Record<string, number>;
      pathnames: string[];
      /** Keys in the change lines after the whole manifest (see finishRouteManifest). */
      appended: number;
    }
  | undefined;

function signatureOf(file: string): string {
  const s = fs.statSync(file, { throwIfNoEntry: false });
  return s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-';
}

/**
 * The paths of `pattern` to hand Astro: all of them outside a release build, when the last build
 * left no manifest or was made from other code; otherwise those whose key changed or that are
 * new. Every path is recorded for the next manifest either way.
 */
export function changedPaths<P extends KeyedPath>(pattern: string, paths: readonly P[]): P[] {
  const state = (globalThis as WithState)[STATE];
  if (!state) return [...paths];
  const keys: Record<string, string> = {};
  const before = state.previous?.[pattern];
  const changed: P[] = [];
  const rendered: string[] = [];
  let kept = 0;
  for (const p of paths) {
    let pathname = pathnames.get(p.params);
    if (pathname === undefined) {
      pathname = pagePath(pattern, p.params);
      pathnames.set(p.params, pathname);
    }
    keys[pathname] = p.cacheKey;
    const was = before?.[pathname];
    if (was !== undefined) kept++;
    if (was !== p.cacheKey) {
      changed.push(p);
      rendered.push(pathname);
    }
  }
  // Astro may ask a route for its paths more than once: the same answer, recorded once.
  state.next[pattern] = keys;
  state.seen[pattern] = { changed: rendered, kept, added: paths.length - kept };
  return changed;
}

/** The page path of a params object a route hands over again (article-paths.ts keeps them). */
const pathnames = new WeakMap<KeyedPath['params'], string>();

/**
 * Ends the bookkeeping when every page is written (`astro:build:done`): writes the manifest
 * (atomically) and returns every keyed page path, rendered or not, for the sitemap.
 */
export function finishRouteManifest(): { pathnames: string[]; rendered: number; unchanged: number } | undefined {
  const state = (globalThis as WithState)[STATE];
  if (!state) return undefined;
  const held = memo?.file === state.file && memo.routes === state.previous ? memo : undefined;
  const patterns = Object.keys(state.next);
  const counts: Record<string, number> = {};
  const fragments: Record<string, string | undefined> = {};
  const rendered: string[] = [];
  const removed: string[] = [];
  /** Per pattern, the keys this build changed (null: the page went): the change line. */
  const delta: Record<string, Record<string, string | null>> = {};
  let deltaSize = 0;
  let total = 0;
  let cameOrWent = !held || patterns.length !== Object.keys(held.counts).length;
  for (const pattern of patterns) {
    const keys = state.next[pattern]!;
    const seen = state.seen[pattern]!;
    const before = state.previous?.[pattern];
    const beforeCount = before ? (held?.counts[pattern] ?? Object.keys(before).length) : 0;
    counts[pattern] = seen.kept + seen.added;
    total += counts[pattern];
    const changes: Record<string, string | null> = {};
    for (const pathname of seen.changed) {
      rendered.push(outputFile(pathname));
      changes[pathname] = keys[pathname]!;
      deltaSize++;
    }
    if (seen.added > 0 || seen.kept < beforeCount) cameOrWent = true;
    if (before && seen.kept < beforeCount) {
      for (const pathname of Object.keys(before)) {
        if (keys[pathname] !== undefined) continue;
        removed.push(outputFile(pathname));
        changes[pathname] = null;
        deltaSize++;
      }
    }
    const same = held && seen.changed.length === 0 && seen.kept === beforeCount;
    if (same) fragments[pattern] = held.fragments[pattern];
    else delta[pattern] = changes;
  }
  let patternWent = false;
  for (const [pattern, keys] of Object.entries(state.previous ?? {})) {
    if (state.next[pattern] !== undefined) continue;
    patternWent = true;
    for (const pathname of Object.keys(keys)) removed.push(outputFile(pathname));
  }
  fs.mkdirSync(path.dirname(state.file), { recursive: true });
  // A publish changes a few keys of 112,000 (100,000 articles): it appends them as one line
  // instead of serialising and writing the whole manifest (~5 MB) again, until the appended
  // keys pass a tenth of all keys.
  const append =
    held !== undefined &&
    !patternWent &&
    patterns.every((p) => held.counts[p] !== undefined) &&
    held.appended + deltaSize <= APPEND_SHARE * total;
  let appended = 0;
  if (append) {
    if (deltaSize > 0) fs.appendFileSync(state.file, `\n${JSON.stringify({ routes: delta })}`);
    appended = held.appended + deltaSize;
  } else {
    // JSON.stringify of the manifest, made of each pattern's (kept) JSON.
    const routesJson = patterns
      .map((p) => `${JSON.stringify(p)}:${(fragments[p] ??= JSON.stringify(state.next[p]!))}`)
      .join(',');
    const text = `{"version":${VERSION},"fingerprint":${JSON.stringify(state.fingerprint)},"routes":{${routesJson}}}`;
    const tmp = `${state.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, state.file);
  }
  const pathnames = !cameOrWent && held ? held.pathnames : patterns.flatMap((p) => Object.keys(state.next[p]!));
  memo = {
    file: state.file,
    signature: signatureOf(state.file),
    fingerprint: state.fingerprint,
    routes: state.next,
    fragments,
    counts,
    pathnames,
    appended,
  };
  recordRouteChanges(path.dirname(state.file), state.previous ? { rendered, removed } : { complete: true });
  return { pathnames, rendered: rendered.length, unchanged: total - rendered.length };
}

/** Deletes the manifest in `file` (a build that rewrites the whole output folder, or lost it). */
export function forgetRouteManifest(file: string): void {
  fs.rmSync(file, { force: true });
  forgetRouteChanges(path.dirname(file));
}

/**
 * A manifest file's text as a manifest (the whole manifest, then its change lines applied), or
 * null when it is not one this code wrote.
 */
export function parseRouteManifest(text: string): RouteManifest | null {
  const end = text.indexOf('\n');
  let manifest: RouteManifest;
  try {
    manifest = JSON.parse(end < 0 ? text : text.slice(0, end)) as RouteManifest;
  } catch {
    return null;
  }
  if (manifest?.version !== VERSION || !manifest.routes) return null;
  for (let at = end; at >= 0;) {
    const next = text.indexOf('\n', at + 1);
    const line = text.slice(at + 1, next < 0 ? undefined : next);
    at = next;
    let change: { routes?: Record<string, Record<string, string | null>> };
    try {
      change = JSON.parse(line) as typeof change;
    } catch {
      // A line cut short by a crash while it was appended: its pages render again next time.
      break;
    }
    for (const [pattern, keys] of Object.entries(change.routes ?? {})) {
      const into = (manifest.routes[pattern] ??= {});
      for (const [pathname, key] of Object.entries(keys)) {
        if (key === null) delete into[pathname];
        else into[pathname] = key;
      }
    }
  }
  return manifest;
}

/** The manifest in `file`, or null when there is none (or not one this code wrote). */
export function readRouteManifest(file: string): RouteManifest | null {
  try {
    return parseRouteManifest(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Every output file (relative to the output folder, with `/`) a manifest lists. */
export function manifestOutputFiles(manifest: RouteManifest | null): string[] {
  if (!manifest) return [];
  return Object.values(manifest.routes).flatMap((keys) => Object.keys(keys).map(outputFile));
}

/**
 * What pages are rendered from besides their data: every file under `root`'s `src/` and
 * `scripts/lib/` (the config's integrations: fonts, images, sitemaps, the offline worker), the Astro
 * config, tsconfig.json and the lockfile (the versions of Astro, React and the rest), and the
 * given environment (the site URL and the public variables baked into pages and bundles). A
 * change to any of them re-renders every page. ~10 ms.
 */
export function buildFingerprint(root: string, env: Record<string, string | undefined>): string {
  const hash = createHash('sha256');
  const sources = ['src', path.join('scripts', 'lib')]
    .filter((dir) => fs.existsSync(path.join(root, dir)))
    .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  const files = [...sources, ...['astro.config.mjs', 'tsconfig.json', 'package-lock.json']];
  for (const rel of files.filter((f) => fs.existsSync(path.join(root, f)))) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  for (const key of Object.keys(env).sort()) hash.update(`${key}=${env[key] ?? ''}\0`);
  return hash.digest('hex').slice(0, 32);
}
