/**
 * A small dependency-free static host for the built site: the rewrite and redirect rules, caching
 * headers and compression a production static host / CDN would apply, so what `npm start` and
 * the end-to-end tests serve behaves like the deployed site. It serves either a folder or the
 * current release of a releases folder (scripts/lib/release/releases.ts), looked up on every request so
 * a new release goes live between two requests, never during one.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  DEFAULT_REWRITES,
  REDIRECTS_FILE,
  cacheControl,
  contentType,
  isCompressible,
  negotiateEncoding,
  parseRedirects,
  resolveRequest,
  type RedirectLookup,
  type Redirects,
  type Rewrite,
} from './static-files.ts';
import { currentRelease } from './release/releases.ts';
import { hostServesDataSaver, saveDataHtml } from '../../src/lib/rules/data-saver.ts';

export interface StaticServerOptions {
  /**
   * The folder to serve: a built site, or a releases folder (one with a `current` link, or
   * `releases: true` before the first release exists), served through its current release.
   */
  dir: string;
  /** Serve `dir` as a releases folder: 503 until a release is activated. */
  releases?: boolean;
  port?: number;
  host?: string;
  rewrites?: Rewrite[];
  /** Called once per request after the response finished. */
  log?: (line: string) => void;
}

export interface StaticServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Smaller bodies are not worth a compression round. */
const MIN_COMPRESS_BYTES = 1024;
/** Compressed bodies are kept per file version; a rebuild changes size/mtime and so the key. */
const compressedCache = new Map<string, Buffer>();
const COMPRESSED_CACHE_LIMIT = 500;

async function compressed(file: string, stat: fs.Stats, encoding: 'br' | 'gzip'): Promise<Buffer> {
  // By inode: a file hard-linked unchanged into the next release keeps its compressed body.
  const key = `${encoding}:${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const hit = compressedCache.get(key);
  if (hit) return hit;
  const raw = await fs.promises.readFile(file);
  const body =
    encoding === 'br'
      ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzip(raw, { level: 6 });
  if (compressedCache.size >= COMPRESSED_CACHE_LIMIT) {
    const oldest = compressedCache.keys().next().value;
    if (oldest !== undefined) compressedCache.delete(oldest);
  }
  compressedCache.set(key, body);
  return body;
}

/**
 * Each release root's `_redirects` rules, read and parsed on the first request that needs them: a
 * path no built file answers (resolveRequest). At 100,000 articles the file holds 100,000 rules
 * (7 MB, ~200 ms to parse on this machine kind), and every publish makes a new root, so parsing it
 * before the first request to each release held up the first reader of every publish. A release
 * whose file has the last parsed one's bytes (an edit that changed no slug) reuses its rules.
 */
const redirectsCache = new Map<string, { version: string; rules: Redirects }>();
let lastParsed: { bytes: Buffer; rules: Redirects } | undefined;
const NO_REDIRECTS: Redirects = new Map();

/** `root`'s rules, loaded when first asked (once per request: resolveRequest may ask twice). */
function redirectsOf(root: string): RedirectLookup {
  let rules: Redirects | undefined;
  return { get: (urlPath) => (rules ??= loadRedirects(root)).get(urlPath) };
}

function loadRedirects(root: string): Redirects {
  const file = path.join(root, REDIRECTS_FILE);
  let version: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return NO_REDIRECTS;
    version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return NO_REDIRECTS;
  }
  const hit = redirectsCache.get(root);
  if (hit?.version === version) return hit.rules;
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return NO_REDIRECTS;
  }
  const rules = lastParsed?.bytes.equals(bytes) ? lastParsed.rules : parseRedirects(bytes.toString('utf8'));
  lastParsed = { bytes, rules };
  if (redirectsCache.size >= 8) redirectsCache.clear();
  redirectsCache.set(root, { version, rules });
  return rules;
}

function isFresh(req: http.IncomingMessage, etag: string, mtime: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === '*' || t === etag.replace(/^W\//, ''));
  }
  const since = req.headers['if-modified-since'];
  return since !== undefined && Math.floor(mtime.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000);
}

async function handle(
  root: string | undefined,
  rewrites: Rewrite[],
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Method Not Allowed\n');
  }
  if (root === undefined) {
    res.writeHead(503, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': '5',
    });
    return void res.end(req.method === 'HEAD' ? undefined : 'The site is being built. Try again in a moment.\n');
  }
  const [urlPath = '/', query] = (req.url ?? '/').split('#')[0]!.split('?', 2);
  const resolved = resolveRequest(root, urlPath, rewrites, redirectsOf(root));
  if (!resolved) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Bad Request\n');
  }
  if ('redirect' in resolved) {
    // The query string goes along, as static hosts pass it through.
    const location = query === undefined ? resolved.redirect : `${resolved.redirect}?${query}`;
    res.writeHead(resolved.status, { Location: location, 'Cache-Control': 'no-cache' });
    return void res.end();
  }
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(resolved.file);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    return void res.end(req.method === 'HEAD' ? undefined : 'Not Found\n');
  }
  const type = contentType(resolved.file);
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': type,
    'Cache-Control': cacheControl(urlPath, resolved.status),
    'Last-Modified': stat.mtime.toUTCString(),
    ETag: etag,
  };
  const compressible = isCompressible(type) && stat.size >= MIN_COMPRESS_BYTES;
  if (compressible) headers.Vary = 'Accept-Encoding';
  // Pages vary on Save-Data and the reader's data-saver cookie (docs/deploy.md): asked for less
  // data, the page comes with data saver on and small renditions, before any script runs.
  const isPage = type.startsWith('text/html');
  if (isPage) headers.Vary = `${compressible ? 'Accept-Encoding, ' : ''}Save-Data, Cookie`;
  const saveData = req.headers['save-data'];
  if (isPage && hostServesDataSaver(Array.isArray(saveData) ? saveData[0] : saveData, req.headers.cookie)) {
    const html = saveDataHtml(await fs.promises.readFile(resolved.file, 'utf8'));
    const encoded = Buffer.from(html);
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const body =
      encoding === 'br'
        ? await brotli(encoded, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? await gzip(encoded)
          : encoded;
    headers.ETag = etag.replace(/"$/, '-save-data"');
    res.writeHead(resolved.status, {
      ...headers,
      ...(encoding && { 'Content-Encoding': encoding }),
      'Content-Length': body.length,
    });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  if (resolved.status === 200 && isFresh(req, etag, stat.mtime)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding) {
    const body = await compressed(resolved.file, stat, encoding);
    res.writeHead(resolved.status, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  res.writeHead(resolved.status, { ...headers, 'Content-Length': stat.size });
  if (req.method === 'HEAD') return void res.end();
  const stream = fs.createReadStream(resolved.file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** Serves `dir` until close(); port 0 picks a free port (see `url`). */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const dir = path.resolve(options.dir);
  const releases = options.releases ?? currentRelease(dir) !== undefined;
  // A release folder is resolved once per request: all of one response comes from one release.
  const rootNow = releases ? () => currentRelease(dir)?.dir : () => dir;
  const host = options.host ?? '127.0.0.1';
  const rewrites = options.rewrites ?? DEFAULT_REWRITES;
  const server = http.createServer((req, res) => {
    const started = Date.now();
    if (options.log) {
      res.on('finish', () => options.log?.(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    }
    handle(rootNow(), rewrites, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4321, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 4321);
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
