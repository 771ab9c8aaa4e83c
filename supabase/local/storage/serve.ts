/**
 * Sends an object's bytes the way Storage's asset renderer does (`src/storage/renderer/*.ts`):
 * stored Content-Type / ETag / Cache-Control, Last-Modified, conditional requests (304),
 * a single byte range (206, which PDF viewers rely on), HEAD, and `?download=` attachments.
 */
import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { CORS_HEADERS, headerValue, sendJson } from '../http/util.ts';
import { errors, StorageError } from './errors.ts';
import type { FileStore } from './files.ts';
import type { StoredObject } from './objects.ts';

export interface ServeOptions {
  head: boolean;
  /** `?download` query value: '' = attachment with the stored name, else the file name to use. */
  download: string | null;
  /** Signed URLs answer with Expires (the token's expiry) instead of the stored Cache-Control. */
  expires?: string | undefined;
}

/** Storage serves stored HTML as text/plain so a bucket cannot host pages on the API origin. */
function normalizeContentType(mime: string): string {
  return mime.includes('text/html') ? 'text/plain' : mime;
}

/** Storage's parseRangeHeader: one `bytes=a-b`, `bytes=a-` or `bytes=-n` range. */
function parseRange(range: string, size: number): { start: number; end: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || size <= 0 || (!m[1] && !m[2])) throw errors.invalidRange();
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw errors.invalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : size - 1;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size) {
    throw errors.invalidRange();
  }
  return { start, end: Math.min(end, size - 1) };
}

/** If-None-Match against an ETag (weak and strong forms compare equal, `*` matches any). */
function etagMatches(header: string, etag: string | undefined): boolean {
  if (!etag) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}

/** The Content-Disposition of a `?download[=name]` request: '' keeps the stored name. */
function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

/**
 * What every answer about an object's bytes carries (the original and its renditions): ETag,
 * Last-Modified, the stored Cache-Control (a signed URL's Expires instead), Content-Disposition
 * for `?download`; and whether the request's validators (If-None-Match, else If-Modified-Since)
 * make it a 304.
 */
export function cachingHeaders(
  req: IncomingMessage,
  obj: StoredObject,
  etag: string | undefined,
  opts: Pick<ServeOptions, 'download' | 'expires'>,
): { headers: Record<string, string>; notModified: boolean } {
  const meta = obj.metadata ?? {};
  const lastModified = new Date(meta.lastModified ?? obj.updated_at);
  const headers: Record<string, string> = {};
  if (etag) headers.ETag = etag;
  if (!Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString();
  if (opts.expires) headers.Expires = opts.expires;
  else headers['Cache-Control'] = meta.cacheControl || 'no-cache';
  if (opts.download !== null) headers['Content-Disposition'] = contentDisposition(opts.download);

  const ifNoneMatch = headerValue(req, 'if-none-match');
  const ifModifiedSince = headerValue(req, 'if-modified-since');
  const notModified = ifNoneMatch
    ? etagMatches(ifNoneMatch, etag)
    : ifModifiedSince !== undefined &&
      // HTTP dates have whole seconds; compare at that precision.
      Math.floor(lastModified.getTime() / 1000) <= Math.floor(new Date(ifModifiedSince).getTime() / 1000);
  return { headers, notModified };
}

/** A 304: the answer's headers without a body or its type. */
export function sendNotModified(res: ServerResponse, headers: Record<string, string>): void {
  const { 'Content-Type': _type, ...rest } = headers;
  res.writeHead(304, rest);
  res.end();
}

export async function serveObject(
  req: IncomingMessage,
  res: ServerResponse,
  store: FileStore,
  obj: StoredObject,
  opts: ServeOptions,
): Promise<void> {
  const meta = obj.metadata ?? {};
  const file = store.objectPath(obj.bucket_id, obj.name);
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw errors.missingFile();
    }
    throw e;
  }
  try {
    // The file's own size is authoritative for Content-Length: it is what gets streamed.
    const size = (await handle.stat()).size;
    const caching = cachingHeaders(req, obj, meta.eTag, opts);
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'Accept-Ranges': 'bytes',
      'Content-Type': normalizeContentType(meta.mimetype ?? 'application/octet-stream'),
      'X-Robots-Tag': 'none',
      ...caching.headers,
    };
    if (caching.notModified) return sendNotModified(res, headers);

    const range = headerValue(req, 'range');
    let start = 0;
    let end = size - 1;
    let status = 200;
    if (range && !opts.head) {
      try {
        ({ start, end } = parseRange(range, size));
      } catch (e) {
        if (e instanceof StorageError) res.setHeader('Content-Range', `bytes */${size}`);
        throw e;
      }
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
    headers['Content-Length'] = String(Math.max(0, end - start + 1));
    res.writeHead(status, headers);
    if (opts.head || size === 0) {
      res.end();
      return;
    }
    await pipeline(handle.createReadStream({ start, end, autoClose: false }), res).catch(() => {
      // The client went away mid-download: nothing to answer any more.
      res.destroy();
    });
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** GET /object/info/…: Storage's InfoRenderer body. */
export function sendObjectInfo(res: ServerResponse, obj: StoredObject): void {
  const meta = obj.metadata ?? {};
  const headers: Record<string, string> = { 'Cache-Control': meta.cacheControl || 'no-cache' };
  if (meta.eTag) headers.ETag = meta.eTag;
  const lastModified = new Date(meta.lastModified ?? obj.updated_at);
  if (!Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString();
  sendJson(
    res,
    200,
    {
      id: obj.id,
      name: obj.name,
      version: obj.version,
      bucket_id: obj.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: obj.user_metadata,
      last_modified: obj.updated_at,
      created_at: obj.created_at,
    },
    headers,
  );
}
