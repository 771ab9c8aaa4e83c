/**
 * Storage's error body and status rules (supabase/storage `src/internal/errors/codes.ts` and
 * `src/http/error-handler.ts`): the body carries the "real" status as a string in `statusCode`,
 * while the HTTP status is 400 for everything except 500 (a legacy Storage keeps for clients),
 * unless a route overrides it (role-enforced routes answer 403, bad ranges 416).
 */
import type { ServerResponse } from 'node:http';
import { isPgError } from '../db/engine.ts';
import { PoolTimeoutError } from '../db/gate.ts';
import { sendJson } from '../http/util.ts';

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  /** The status Storage reports in the body (`statusCode`). */
  readonly statusCode: number;
  readonly code: string;
  /** Storage's legacy `error` field; defaults to the code like the real server. */
  readonly error: string;
  /** The HTTP status actually sent. */
  readonly httpStatus: number;
  constructor(statusCode: number, code: string, message: string, error?: string, httpStatus?: number) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.error = error ?? code;
    this.httpStatus = httpStatus ?? (statusCode === 500 ? 500 : 400);
  }

  body(): StorageErrorBody {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  /** The row exists but its file is gone: what Storage's renderer answers for a backend 404. */
  missingFile: () => new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: (entity = 'object') =>
    new StorageError(413, 'EntityTooLarge', `The ${entity} exceeded the maximum allowed size`, 'Payload too large'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  accessDenied: (message: string, httpStatus?: number) =>
    new StorageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized', httpStatus),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  /** Fastify's own validation failures (bad JSON, schema): plain 400 with "Bad Request". */
  badRequest: (message: string) => new StorageError(400, 'InvalidRequest', message, 'Bad Request'),
  noContent: (message = 'No content provided') => new StorageError(400, 'InvalidRequest', message),
  invalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  invalidParameter: (name: string, message?: string) =>
    new StorageError(400, 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  /** A transformation option outside Storage's schema, worded like its validator (`querystring/width must be <= 2500`). */
  invalidTransform: (field: string, rule: string) =>
    new StorageError(400, 'InvalidRequest', `${field} ${rule}`, 'Bad Request'),
  /** The renderer refused the source (Storage's ImageProcessingError for imgproxy's 4xx answers). */
  imageProcessing: (message: string) => new StorageError(400, 'InvalidRequest', message),
  /**
   * A route whose feature the project's plan lacks: hosted Storage's tenant-feature hook
   * (`src/http/plugins/tenant-feature.ts`, e.g. image transformations on the Free plan) answers
   * 403 before it looks at the request.
   */
  featureNotEnabled: () =>
    new StorageError(403, 'FeatureNotEnabled', 'feature not enabled for this tenant', 'FeatureNotEnabled', 403),
  routeNotFound: (method: string, url: string) =>
    new StorageError(404, 'InvalidRequest', `Route ${method}:${url} not found`, 'Not Found', 404),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error'),
};

const databaseTimeout = () =>
  new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out', undefined, 544);

/** Storage's DBError.fromDBError: SQLSTATE → Storage error. */
export function fromDbError(e: unknown): StorageError | undefined {
  // Storage answers a pool that never freed a connection like a statement timeout.
  if (e instanceof PoolTimeoutError) return databaseTimeout();
  // StorageError has a string `code` too: only genuine driver errors are SQLSTATEs.
  if (e instanceof StorageError || !isPgError(e)) return undefined;
  switch (e.code) {
    case '42501':
      return errors.accessDenied(
        e.message.includes('row-level security') ? 'new row violates row-level security policy' : e.message,
      );
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return e.detail?.includes('is still referenced from table')
        ? new StorageError(
            409,
            'ResourceReferenced',
            'The resource could not be updated or removed due to a foreign key constraint',
          )
        : new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '22P02':
      return errors.invalidParameter('value', e.message);
    case '25006':
      return new StorageError(
        503,
        'DatabaseReadOnly',
        'The database is currently in read-only mode. Please try again later.',
      );
    case '57014':
      return databaseTimeout();
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${e.code}`);
  }
}

/** Converts anything thrown into a Storage error (unknown errors become 500 and are logged). */
export function toStorageError(e: unknown, log?: (line: string) => void): StorageError {
  if (e instanceof StorageError) return e;
  const db = fromDbError(e);
  if (db) {
    if (db.statusCode === 500) log?.(`storage database error: ${(e as Error).message}`);
    return db;
  }
  log?.(`storage error: ${(e as Error)?.stack ?? String(e)}`);
  return errors.internal();
}

export function sendStorageError(res: ServerResponse, err: StorageError): void {
  // A 404 must not be cached by a CDN or browser: the object may appear a moment later.
  const headers: Record<string, string> = err.statusCode === 404 ? { 'Cache-Control': 'no-store' } : {};
  sendJson(res, err.httpStatus, err.body(), headers);
}
