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
 * Renditions are cached on disk at `<dataDir>/storage-render/<bucket>/<sha256(name)>/`, one file
 * per `<source tag>.<parameters>.<format>`. The source tag hashes the object's ETag and version
 * with the identity of the file actually read (inode, size, mtime), so a re-upload can never be
 * answered with an old rendition; renditions of older sources are removed when a new one is
 * written. Files are written to a temp name and renamed into place, and concurrent requests for
 * one rendition share a single sharp run. The cache sits next to the object files because those
 * live in the data folder in every mode (`--memory` keeps only the database in memory); if the
 * folder cannot be written, renditions are served without being cached.
 */
import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { AppContext } from '../http/context.ts';
import { CORS_HEADERS, headerValue } from '../http/util.ts';
import { errors, StorageError } from './errors.ts';
import { fileStore } from './files.ts';
import type { StoredObject } from './objects.ts';
import { cachingHeaders, sendNotModified } from './serve.ts';
import { findReadable, findSigned, type ObjectRef } from './reads.ts';
import type { Caller } from './scope.ts';
import type { SignedClaims, SignedTransform } from './sign.ts';

/** Storage's limits (imgLimits and the documented source limits). */
const LIMITS = {
  minSize: 1,
  maxSize: 2500,
  minQuality: 20,
  maxQuality: 100,
  defaultQuality: 80,
  maxSourceBytes: 25 * 1024 * 1024,
  maxSourcePixels: 50_000_000,
} as const;

const RESIZE = ['cover', 'contain', 'fill'] as const;
const FORMATS = ['origin', 'avif', 'webp'] as const;
type Resize = (typeof RESIZE)[number];
type RequestedFormat = (typeof FORMATS)[number];

/** The options as given (absent = not given); defaults are applied when rendering. */
interface Transform {
  width?: number | undefined;
  height?: number | undefined;
  resize?: Resize | undefined;
  quality?: number | undefined;
  format?: RequestedFormat | undefined;
}

const OUTPUT = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
} as const;
type OutputFormat = keyof typeof OUTPUT;
const isOutputFormat = (v: string): v is OutputFormat => Object.hasOwn(OUTPUT, v);

const UNSUPPORTED_SOURCE = 'The source image is invalid or unsupported for rendering';

// ------------------------------------------------------------------ options

/**
 * Validates transformation options from the query string (`querystring`), a signing request's
 * body (`body/transform`) or a signed token, with Storage's schema wording.
 */
function parseTransform(input: URLSearchParams | Record<string, unknown>, where: string): Transform {
  const raw = (name: string): unknown => {
    if (!(input instanceof URLSearchParams)) return input[name];
    const all = input.getAll(name);
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
  };
  const integer = (name: string, min: number, max: number): number | undefined => {
    const v = raw(name);
    if (v === undefined) return undefined;
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isInteger(n)) throw errors.invalidTransform(`${where}/${name}`, 'must be integer');
    if (n < min) throw errors.invalidTransform(`${where}/${name}`, `must be >= ${min}`);
    if (n > max) throw errors.invalidTransform(`${where}/${name}`, `must be <= ${max}`);
    return n;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const v = raw(name);
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
      throw errors.invalidTransform(`${where}/${name}`, 'must be equal to one of the allowed values');
    }
    return v as T;
  };
  return {
    width: integer('width', LIMITS.minSize, LIMITS.maxSize),
    height: integer('height', LIMITS.minSize, LIMITS.maxSize),
    resize: oneOf('resize', RESIZE),
    quality: integer('quality', LIMITS.minQuality, LIMITS.maxQuality),
    format: oneOf('format', FORMATS),
  };
}

/**
 * The body `transform` of POST /object/sign/… as token claims (Storage's applyTransformation
 * with keepOriginal): undefined when nothing transforms, which keeps the plain /object/sign/ URL.
 */
export function signingTransform(value: unknown): SignedTransform | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw errors.invalidTransform('body/transform', 'must be object');
  }
  const t = parseTransform(value as Record<string, unknown>, 'body/transform');
  const segments: string[] = [];
  if (t.height) segments.push(`height:${t.height}`);
  if (t.width) segments.push(`width:${t.width}`);
  if (t.width || t.height) segments.push(`resize:${t.resize ?? 'cover'}`);
  if (t.quality) segments.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`);
  if (segments.length === 0) return undefined;
  return { transformations: segments.join(','), format: t.format };
}

/** The transformations a signed token carries (Storage's setTransformationsFromString). */
function transformFromClaims(claims: SignedClaims): Transform {
  const params: Record<string, unknown> = {};
  for (const segment of (claims.transformations ?? '').split(',')) {
    const [name, value] = segment.split(':');
    if (name && value && value !== 'undefined') params[name] = value;
  }
  // Storage keeps `format: origin` beside the transformations; honour it here too.
  if (params.format === undefined && claims.format) params.format = claims.format;
  return parseTransform(params, 'token');
}

/** imgproxy's WebP detection: the client lists image/webp in Accept. */
function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Everything that shapes the output except the source: part of the cache name and the ETag. */
function renditionKey(t: Transform, mode: RequestedFormat): string {
  const resize = t.width && t.height ? (t.resize ?? 'cover') : '';
  return `w${t.width ?? ''}-h${t.height ?? ''}-${resize}-q${t.quality ?? LIMITS.defaultQuality}-${mode}`;
}

/** Storage's X-Transformations header: the imgproxy options it applied. */
function transformationsHeader(t: Transform): string {
  const resizingType = { cover: 'fill', contain: 'fit', fill: 'force' } as const;
  const segments: string[] = [];
  if (t.height) segments.push(`height:${t.height}`);
  if (t.width) segments.push(`width:${t.width}`);
  if (t.width || t.height) segments.push(`resizing_type:${resizingType[t.resize ?? 'cover']}`);
  if (t.quality) segments.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`);
  return segments.join(',');
}

// ------------------------------------------------------------------ rendering

interface Rendition {
  format: OutputFormat;
  data: Buffer;
}

interface Target {
  width: number;
  height: number;
  fit: 'cover' | 'fill';
  /** Scale from the source's own size (above 1 only for vector sources). */
  scale: number;
}

/**
 * The output box, following imgproxy: cover = fill the box and crop the overflow (`fill`),
 * contain = fit inside (`fit`), fill = stretch (`force`); raster sources are never enlarged, so a
 * box larger than the image gives the image's own size (cropped to the box's shape for cover).
 */
function target(w: number, h: number, t: Transform, vector: boolean): Target | undefined {
  const limit = (s: number) => (vector ? s : Math.min(s, 1));
  const px = (n: number) => Math.max(1, Math.round(n));
  if (t.width && t.height) {
    const resize = t.resize ?? 'cover';
    if (resize === 'fill') {
      const sx = limit(t.width / w);
      const sy = limit(t.height / h);
      return { width: px(w * sx), height: px(h * sy), fit: 'fill', scale: Math.max(sx, sy) };
    }
    if (resize === 'contain') {
      const s = limit(Math.min(t.width / w, t.height / h));
      return { width: px(w * s), height: px(h * s), fit: 'fill', scale: s };
    }
    const s = limit(Math.max(t.width / w, t.height / h));
    return { width: Math.min(t.width, px(w * s)), height: Math.min(t.height, px(h * s)), fit: 'cover', scale: s };
  }
  if (t.width || t.height) {
    const s = limit(t.width ? t.width / w : t.height! / h);
    return { width: px(w * s), height: px(h * s), fit: 'fill', scale: s };
  }
  return undefined;
}

/** The format to write: the requested one, else the source's (rasterised SVG and HEIC as PNG/JPEG). */
function outputFormat(meta: Metadata, mode: RequestedFormat): OutputFormat {
  if (mode !== 'origin') return mode;
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  if (isOutputFormat(meta.format)) return meta.format;
  return meta.hasAlpha || meta.format === 'svg' ? 'png' : 'jpeg';
}

async function transformImage(input: Buffer, t: Transform, mode: RequestedFormat): Promise<Rendition> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw errors.imageProcessing(UNSUPPORTED_SOURCE);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const pageHeight = meta.pageHeight ?? meta.height;
  const w = rotated ? pageHeight : meta.width;
  const h = rotated ? meta.width : pageHeight;
  if (!w || !h) throw errors.imageProcessing(UNSUPPORTED_SOURCE);
  if (w * h > LIMITS.maxSourcePixels) {
    throw errors.imageProcessing('The source image resolution is too large to process');
  }
  const vector = meta.format === 'svg';
  const box = target(w, h, t, vector);
  const format = outputFormat(meta, mode);
  const quality = t.quality ?? LIMITS.defaultQuality;
  try {
    let image = sharp(input, {
      autoOrient: true,
      failOn: 'error',
      limitInputPixels: LIMITS.maxSourcePixels,
      // Vector sources are drawn at the size asked for instead of being scaled up afterwards.
      ...(vector && box && box.scale > 1
        ? { density: 72 * Math.min(box.scale, Math.sqrt((0.99 * LIMITS.maxSourcePixels) / (w * h))) }
        : {}),
    });
    if (box) image = image.resize(box.width, box.height, { fit: box.fit, position: 'centre' });
    if (format === 'jpeg') image = image.jpeg({ quality });
    else if (format === 'webp') image = image.webp({ quality });
    else if (format === 'avif') image = image.avif({ quality });
    else if (format === 'tiff') image = image.tiff({ quality });
    else if (format === 'gif') image = image.gif();
    else image = image.png();
    return { format, data: await image.toBuffer() };
  } catch (e) {
    if (e instanceof StorageError) throw e;
    throw errors.imageProcessing(UNSUPPORTED_SOURCE);
  }
}

// ------------------------------------------------------------------ cache

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Temp files older than this are leftovers of an interrupted write. */
const STALE_TEMP_MS = 60_000;

const inflight = new Map<string, Promise<Rendition>>();

function cacheDir(dataDir: string, bucket: string, name: string): string {
  const root = path.resolve(dataDir, 'storage-render');
  const bucketDir = path.resolve(root, bucket);
  if (path.dirname(bucketDir) !== root) throw errors.invalidBucketName();
  return path.join(bucketDir, sha256(name));
}

async function readCached(dir: string, prefix: string): Promise<Rendition | undefined> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const format = name.slice(prefix.length);
    if (!isOutputFormat(format)) continue;
    try {
      return { format, data: await fsp.readFile(path.join(dir, name)) };
    } catch {
      return undefined; // removed meanwhile: render again
    }
  }
  return undefined;
}

/** Writes a rendition (temp + rename) and drops the renditions of older sources. */
async function writeCached(dir: string, prefix: string, sourceTag: string, rendition: Rendition): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.tmp-${randomUUID()}`);
  try {
    await fsp.writeFile(temp, rendition.data, { flag: 'wx' });
    await fsp.rename(temp, path.join(dir, prefix + rendition.format));
  } catch (e) {
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
  const now = Date.now();
  for (const name of await fsp.readdir(dir)) {
    if (name.startsWith(`${sourceTag}.`)) continue;
    const file = path.join(dir, name);
    if (name.startsWith('.tmp-')) {
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat || now - stat.mtimeMs < STALE_TEMP_MS) continue;
    }
    await fsp.rm(file, { force: true }).catch(() => undefined);
  }
}

/** The rendition of `obj` for these options: from the cache, or rendered once and cached. */
async function rendition(
  ctx: AppContext,
  obj: StoredObject,
  t: Transform,
  mode: RequestedFormat,
): Promise<Rendition & { sourceTag: string }> {
  const source = fileStore(ctx.config.dataDir).objectPath(obj.bucket_id, obj.name);
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(source, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') throw errors.missingFile();
    throw e;
  }
  try {
    // The identity of the file read, not only the row: the bytes rendered are the bytes named.
    const stat = await handle.stat();
    if (!stat.isFile()) throw errors.missingFile();
    if (stat.size > LIMITS.maxSourceBytes) {
      throw errors.imageProcessing('The source image file is too large to process');
    }
    const sourceTag = sha256(
      `${obj.metadata?.eTag ?? ''}|${obj.version ?? ''}|${stat.dev}:${stat.ino}|${stat.size}|${stat.mtimeMs}`,
    ).slice(0, 24);
    const dir = cacheDir(ctx.config.dataDir, obj.bucket_id, obj.name);
    const prefix = `${sourceTag}.${renditionKey(t, mode)}.`;
    const cached = await readCached(dir, prefix);
    if (cached) return { ...cached, sourceTag };

    const key = path.join(dir, prefix);
    let pending = inflight.get(key);
    if (!pending) {
      pending = (async () => {
        const out = await transformImage(await handle.readFile(), t, mode);
        await writeCached(dir, prefix, sourceTag, out).catch((e: unknown) => {
          console.error(`storage render cache: ${(e as Error).message} (served uncached)`);
        });
        return out;
      })().finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return { ...(await pending), sourceTag };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

// ------------------------------------------------------------------ responses

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
