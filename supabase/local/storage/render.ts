/**
 * Storage's image transformations (`/render/image/{public,authenticated,sign}/{bucket}/{name}`,
 * supabase/storage `src/http/routes/render/*` and `src/storage/renderer/image.ts`), rendered with
 * sharp where hosted Storage asks imgproxy:
 *
 * - `width` / `height` 1..2500 (one alone keeps the aspect ratio), `resize` cover (default) /
 *   contain / fill, `quality` 20..100 (default 80), `format` origin / avif / webp. Without a
 *   format the output is WebP when the request's Accept names image/webp (imgproxy's WebP
 *   detection), else the source's format. Like imgproxy's defaults, raster images are never
 *   enlarged, EXIF orientation is applied and animated sources give their first frame.
 * - Sources: anything sharp reads, up to 25 MB and 50 megapixels; anything else is a 400 in
 *   Storage's error shape (ImageProcessingError), never a 500.
 * - Visibility is the download routes' own (reads.ts `findReadable` / `findSigned`); signed URLs
 *   carry their transformations in the token and ignore the query string, as on hosted Storage.
 * - A server configured without the renderer (`imageRenderer: false`, STORAGE_IMAGE_RENDERER=off)
 *   behaves like a hosted Free-plan project: every `/render/image/{public,authenticated,sign}/…`
 *   request is answered 403 `FeatureNotEnabled` before anything else (handler.ts), as Storage's
 *   tenant-feature hook does.
 *
 * Renditions are cached on disk at `<dataDir>/storage-render/`, next to the object files because
 * those live in the data folder in every mode (`--memory` keeps only the database in memory).
 *
 * This file is the two routes and their responses (ETag, 304, caching headers); the options are
 * render-options.ts, the drawing with sharp render-image.ts, the disk cache render-cache.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../http/context.ts';
import { CORS_HEADERS, headerValue } from '../http/util.ts';
import type { StoredObject } from './objects.ts';
import { rendition, sha256 } from './render-cache.ts';
import { OUTPUT } from './render-image.ts';
import {
  acceptsWebp,
  parseTransform,
  renditionKey,
  transformFromClaims,
  transformationsHeader,
  type Transform,
} from './render-options.ts';
import { cachingHeaders, sendNotModified } from './serve.ts';
import { findReadable, findSigned, type ObjectRef } from './reads.ts';
import type { Caller } from './scope.ts';

async function respond(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  obj: StoredObject,
  t: Transform,
  opts: { download: string | null; expires?: string | undefined },
): Promise<void> {
  const meta = obj.metadata ?? {};
  const mode = t.format ?? (acceptsWebp(headerValue(req, 'accept')) ? 'webp' : 'origin');
  const out = await rendition(ctx, obj, t, mode);
  const etag = `"${sha256(`${meta.eTag ?? out.sourceTag}|${renditionKey(t, mode)}|${out.format}`).slice(0, 32)}"`;
  const caching = cachingHeaders(req, obj, etag, opts);
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'Content-Type': OUTPUT[out.format],
    Vary: 'Accept',
    'X-Robots-Tag': 'none',
    ...caching.headers,
  };
  const applied = transformationsHeader(t);
  if (applied) headers['X-Transformations'] = applied;
  if (caching.notModified) return sendNotModified(res, headers);
  headers['Content-Length'] = String(out.data.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : out.data);
}

/** GET/HEAD /render/image/public/… (caller undefined) and /render/image/authenticated/…. */
export async function renderImage(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: Caller | undefined,
  ref: ObjectRef,
): Promise<void> {
  // Storage validates the query string before it looks anything up.
  const transform = parseTransform(url.searchParams, 'querystring');
  const obj = await findReadable(ctx, req, caller, ref);
  await respond(ctx, req, res, obj, transform, { download: url.searchParams.get('download') });
}

/** GET/HEAD /render/image/sign/…?token=…: the token's transformations; the query's are ignored. */
export async function renderSigned(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ref: ObjectRef,
): Promise<void> {
  const { obj, claims } = await findSigned(ctx, req, url, ref);
  await respond(ctx, req, res, obj, transformFromClaims(claims), {
    download: url.searchParams.get('download'),
    expires: new Date(claims.exp * 1000).toUTCString(),
  });
}
