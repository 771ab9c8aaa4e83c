/**
 * Object keys and bucket names: what Storage accepts (`src/storage/limits.ts`), plus the rules
 * a file-system backend needs so a key can never leave its bucket folder or alias another key.
 */
import { errors } from './errors.ts';

// Storage's whitelist (S3-safe characters): no backslash, NUL, control or non-ASCII characters.
// Hosted Storage refuses e.g. "café.png" too, so refusing it here surfaces the problem locally.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/**
 * Throws InvalidKey unless `name` is a key Storage accepts and maps to exactly one file:
 * no leading '/', no empty, '.' or '..' segments (they would collapse or climb on disk).
 * Keys are ASCII (the whitelist), so length in characters is length in bytes.
 */
export function mustBeValidKey(name: string): void {
  // 1024 bytes is S3's key limit; 255 is the usual file-name limit of the disk backend.
  if (!name || name.length > 1024 || !VALID_OBJECT_KEY.test(name) || name.startsWith('/')) {
    throw errors.invalidKey(name);
  }
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.' || segment === '..' || segment.length > 255) throw errors.invalidKey(name);
  }
}

function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length < 101 &&
    name.trim() === name &&
    VALID_BUCKET_NAME.test(name) &&
    // '.' and '..' are valid S3 names but would be folders of their own on disk.
    name !== '.' &&
    name !== '..'
  );
}

export function mustBeValidBucketName(name: string): void {
  if (!isValidBucketName(name)) throw errors.invalidBucketName();
}

/** Storage's placeholder for "empty folders" in Studio: always 0 bytes, any mime type. */
export function isEmptyFolderPlaceholder(name: string): boolean {
  return name.endsWith('.emptyFolderPlaceholder');
}

/**
 * Decodes the percent-encoded path segments of a route (`bucket/a%20b/c.png`) into bucket and
 * object name. Fastify decodes its wildcard once; so do we.
 */
export function decodeSegments(segments: string[]): string[] {
  return segments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw errors.invalidKey(segments.join('/'));
    }
  });
}

/** `file_size_limit` as Storage accepts it: bytes, or "20GB" / "20MB" / "30KB" / "3B". */
export function parseFileSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw errors.invalidFileSizeLimit();
    return Math.floor(value);
  }
  if (typeof value !== 'string') throw errors.invalidFileSizeLimit();
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!m) throw errors.invalidFileSizeLimit();
  const n = Number(parseFloat(m[1]!).toPrecision(3));
  const unit = m[2]!.toUpperCase();
  const factor = unit === 'GB' ? 1e9 : unit === 'MB' ? 1e6 : unit === 'KB' ? 1e3 : 1;
  return Math.round(n * factor);
}

/** Storage's check for a bucket's allowed_mime_types entries. */
export function mustBeValidMimeTypes(types: string[]): void {
  for (const t of types) {
    if (typeof t !== 'string' || t.length > 1000) throw errors.invalidMimeType(String(t));
    if (!/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(t)) {
      throw errors.invalidMimeType(t);
    }
  }
}

/**
 * Storage's validateMimeType: `type/subtype` must equal an allowed entry or match `type/*`.
 * Parameters are not stripped, so "text/plain;charset=UTF-8" does not match "text/plain".
 */
export function mustBeAllowedMimeType(mime: string, allowed: string[] | null | undefined): void {
  if (!allowed || allowed.length === 0) return;
  const requested = mime.split('/');
  if (requested.length < 2) throw errors.invalidMimeType(mime);
  const [type, sub] = requested;
  for (const entry of allowed) {
    const [allowedType, allowedSub] = entry.split('/');
    if (allowedType === type && (allowedSub === '*' || allowedSub === sub)) return;
  }
  throw errors.invalidMimeType(mime);
}
