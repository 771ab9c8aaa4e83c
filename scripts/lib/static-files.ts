/**
 * The pure parts of the static host: URL → file resolution with the rewrite rules a production
 * static host would be configured with, content types, cache policy and encoding negotiation.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Rewrite {
  /** A path prefix such as `/dashboard`: matches `/dashboard` and everything below it. */
  prefix: string;
  /** The file (relative to the site root) served for every match. */
  to: string;
  /** The status served with it: 200 (a shell, the default) or 404 (a section's not-found page). */
  status?: 200 | 404;
  /** Only for paths no built page answers: a fallback after the exact and index.html lookups. */
  fallback?: boolean;
}

/**
 * Client-side routed shells (deep links are answered with the shell's HTML) and per-section
 * fallbacks for paths no built page answers: an unknown category or article gets its section's
 * not-found page with 404; so does any `/author/…` that is not a public (built) profile (the same
 * bytes whether or not such a user exists: the page's script asks the database, and says 'This
 * profile is not public.' for a reader's name, 'Author not found.' otherwise).
 */
export const DEFAULT_REWRITES: Rewrite[] = [
  { prefix: '/dashboard', to: '/dashboard/index.html' },
  { prefix: '/preview', to: '/preview/index.html' },
  { prefix: '/category', to: '/errors/category-not-found/index.html', status: 404, fallback: true },
  { prefix: '/article', to: '/errors/article-not-found/index.html', status: 404, fallback: true },
  { prefix: '/author', to: '/errors/author-not-found/index.html', status: 404, fallback: true },
];

export type Resolved = { file: string; status: 200 | 404 } | { redirect: string; status: 301 | 302 | 307 | 308 };

/** Exact-path redirects, as the build writes them to `_redirects` (path → target and status). */
export type Redirects = ReadonlyMap<string, { to: string; status: 301 | 302 | 307 | 308 }>;

/** What resolveRequest asks of the rules: only for a path no built file answers. */
export type RedirectLookup = Pick<Redirects, 'get'>;

/** The build's redirect rules (src/lib/rules/article-redirects.ts), the file hosts like Netlify read. */
export const REDIRECTS_FILE = '_redirects';

/**
 * Reads a `_redirects` file: `from to [status]` per line, `#` comments. Only the subset the build
 * writes is understood (exact paths, 301/302/307/308); other lines are ignored rather than guessed.
 */
export function parseRedirects(text: string): Redirects {
  const rules = new Map<string, { to: string; status: 301 | 302 | 307 | 308 }>();
  for (const line of text.split('\n')) {
    const [from, to, code = '301', ...rest] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || rest.length > 0) continue;
    const status = Number(code);
    if (status !== 301 && status !== 302 && status !== 307 && status !== 308) continue;
    if (!from.startsWith('/') || /[*:]/.test(from) || rules.has(from)) continue;
    rules.set(from, { to, status });
  }
  return rules;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Text-like types worth compressing (images, fonts and video are compressed already). */
export function isCompressible(type: string): boolean {
  return /^text\/|javascript|json|xml|svg|wasm/.test(type);
}

/**
 * Fingerprinted build assets and image renditions (`/_img/`, named by their source's version:
 * docs/images.md) never change; pages and everything else revalidate via ETag.
 */
export function cacheControl(urlPath: string, status: number): string {
  if (status === 200 && (urlPath.startsWith('/_astro/') || urlPath.startsWith('/_img/'))) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}

/** Picks `br`, `gzip` or nothing from an Accept-Encoding header, honouring `q=0`. */
export function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.get('*') || 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a request path to a file under `root` or a redirect, or undefined when the path is
 * malformed or tries to leave the root. Order: the exact file; a shell rewrite; `/x/` →
 * `/x/index.html`; `/x` or `/x/` → `/x/index.html` or `/x.html`; a redirect rule (with or without a
 * trailing slash; like Netlify's default, a built file wins over a rule); a fallback rewrite;
 * otherwise `/404.html` with status 404.
 */
export function resolveRequest(
  root: string,
  urlPath: string,
  rewrites = DEFAULT_REWRITES,
  redirects: RedirectLookup = new Map(),
): Resolved | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return undefined;
  const normalized = path.posix.normalize(decoded);
  // normalize() folds `..` segments; anything still escaping (or re-written to escape) is refused.
  const inRoot = (rel: string): string | undefined => {
    const file = path.resolve(root, '.' + rel);
    return file === root || file.startsWith(root + path.sep) ? file : undefined;
  };
  const exact = inRoot(normalized);
  if (exact === undefined) return undefined;
  if (!normalized.endsWith('/') && isFile(exact)) return { file: exact, status: 200 };

  const rewrite = (fallback: boolean): Resolved | undefined => {
    for (const rule of rewrites) {
      if (Boolean(rule.fallback) !== fallback) continue;
      if (normalized === rule.prefix || normalized.startsWith(rule.prefix + '/')) {
        const shell = inRoot(rule.to);
        if (shell && isFile(shell)) return { file: shell, status: rule.status ?? 200 };
      }
    }
    return undefined;
  };
  const shell = rewrite(false);
  if (shell) return shell;
  const base = normalized.replace(/\/+$/, '');
  // `/x/` and `/x` alike: a release stores some pages as `x.html` (scripts/lib/release/snapshot.ts, servedPath).
  const candidates = [`${base}/index.html`, `${base}.html`];
  for (const candidate of candidates) {
    const file = inRoot(candidate);
    if (file && isFile(file)) return { file, status: 200 };
  }
  const rule = redirects.get(normalized) ?? redirects.get(base);
  if (rule) return { redirect: rule.to, status: rule.status };
  return rewrite(true) ?? { file: path.join(root, '404.html'), status: 404 };
}
