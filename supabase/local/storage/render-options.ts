/**
 * The options of Storage's image transformations (render.ts): `width`, `height`, `resize`,
 * `quality` and `format` validated with Storage's limits and schema wording, from a query
 * string, a signing request's body or a signed token; and what follows from them alone: the
 * WebP choice from Accept, the rendition's cache key and the X-Transformations header.
 */
import { errors } from './errors.ts';
import type { SignedClaims, SignedTransform } from './sign.ts';

/** Storage's limits (imgLimits and the documented source limits). */
export const LIMITS = {
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
export type RequestedFormat = (typeof FORMATS)[number];

/** The options as given (absent = not given); defaults are applied when rendering. */
export interface Transform {
  width?: number | undefined;
  height?: number | undefined;
  resize?: Resize | undefined;
  quality?: number | undefined;
  format?: RequestedFormat | undefined;
}

/**
 * Validates transformation options from the query string (`querystring`), a signing request's
 * body (`body/transform`) or a signed token, with Storage's schema wording.
 */
export function parseTransform(input: URLSearchParams | Record<string, unknown>, where: string): Transform {
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
export function transformFromClaims(claims: SignedClaims): Transform {
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
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Everything that shapes the output except the source: part of the cache name and the ETag. */
export function renditionKey(t: Transform, mode: RequestedFormat): string {
  const resize = t.width && t.height ? (t.resize ?? 'cover') : '';
  return `w${t.width ?? ''}-h${t.height ?? ''}-${resize}-q${t.quality ?? LIMITS.defaultQuality}-${mode}`;
}

/** Storage's X-Transformations header: the imgproxy options it applied. */
export function transformationsHeader(t: Transform): string {
  const resizingType = { cover: 'fill', contain: 'fit', fill: 'force' } as const;
  const segments: string[] = [];
  if (t.height) segments.push(`height:${t.height}`);
  if (t.width) segments.push(`width:${t.width}`);
  if (t.width || t.height) segments.push(`resizing_type:${resizingType[t.resize ?? 'cover']}`);
  if (t.quality) segments.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') segments.push(`format:${t.format}`);
  return segments.join(',');
}
