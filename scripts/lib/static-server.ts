/**
 * A small dependency-free static host for the built site (dist/): the rewrite rules, caching
 * headers and compression a production static host / CDN would apply, so what `npm start` and
 * the end-to-end tests serve behaves like the deployed site.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  DEFAULT_REWRITES,
  cacheControl,
  contentType,
  isCompressible,
  negotiateEncoding,
  resolveRequest,
  type Rewrite,
} from './static-files.ts';

export interface StaticServerOptions {
  /** The folder to serve (the Astro output directory). */
  dir: string;
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
  const key = `${encoding}:${file}:${stat.size}:${stat.mtimeMs}`;
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

async function handle(root: string, rewrites: Rewrite[], req: http.IncomingMessage, res: http.ServerResponse) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Method Not Allowed\n');
  }
  const urlPath = (req.url ?? '/').split('?')[0]!.split('#')[0]!;
  const resolved = resolveRequest(root, urlPath, rewrites);
  if (!resolved) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Bad Request\n');
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
  const root = path.resolve(options.dir);
  const host = options.host ?? '127.0.0.1';
  const rewrites = options.rewrites ?? DEFAULT_REWRITES;
  const server = http.createServer((req, res) => {
    const started = Date.now();
    if (options.log) {
      res.on('finish', () => options.log?.(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`));
    }
    handle(root, rewrites, req, res).catch(() => {
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
