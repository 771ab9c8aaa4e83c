/**
 * The bucket API (supabase/storage `src/http/routes/bucket/*`). Reads and writes run as the
 * caller, so without policies on storage.buckets only service_role manages buckets; emptying a
 * bucket is restricted to service_role outright, like Storage's `enforceJwtRoles`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../http/context.ts';
import { sendJson } from '../http/util.ts';
import { errors } from './errors.ts';
import { fileStore } from './files.ts';
import { mustBeValidBucketName, mustBeValidMimeTypes, parseFileSizeLimit } from './keys.ts';
import * as sql from './objects.ts';
import { asCaller, asService, type Caller } from './scope.ts';
import { emptyBucket } from './write.ts';

/** Bucket fields from a create/update body, validated as Storage does. */
function bucketFields(ctx: AppContext, body: Record<string, unknown>): sql.BucketFields {
  const fields: sql.BucketFields = {};
  if (body.public !== undefined && body.public !== null) {
    if (typeof body.public !== 'boolean') throw errors.badRequest('body/public must be boolean');
    fields.public = body.public;
  }
  const limit = parseFileSizeLimit(body.file_size_limit);
  if (typeof limit === 'number' && limit > ctx.config.maxUploadBytes) throw errors.entityTooLarge();
  fields.file_size_limit = limit;
  const mimes = body.allowed_mime_types;
  if (mimes !== undefined && mimes !== null && !Array.isArray(mimes)) {
    throw errors.badRequest('body/allowed_mime_types must be array');
  }
  if (Array.isArray(mimes)) {
    const list = mimes.filter((m) => m) as string[];
    mustBeValidMimeTypes(list);
    fields.allowed_mime_types = list;
  } else {
    fields.allowed_mime_types = mimes as null | undefined;
  }
  return fields;
}

const BUCKET_COLUMNS = [
  'id',
  'name',
  'owner',
  'public',
  'created_at',
  'updated_at',
  'file_size_limit',
  'allowed_mime_types',
] as const;

function pick(bucket: sql.Bucket): Record<string, unknown> {
  return Object.fromEntries(BUCKET_COLUMNS.map((c) => [c, bucket[c]]));
}

export async function listBuckets(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: Caller,
): Promise<void> {
  const q = url.searchParams;
  const int = (name: string) => {
    const v = q.get(name);
    return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const rows = await asCaller(
    ctx,
    req,
    caller,
    (tx) =>
      sql.listBuckets(tx, {
        limit: int('limit'),
        offset: int('offset'),
        sortColumn: q.get('sortColumn') ?? undefined,
        sortOrder: q.get('sortOrder') ?? undefined,
        search: q.get('search') ?? undefined,
      }),
    true,
  );
  sendJson(res, 200, rows);
}

export async function getBucket(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  id: string,
): Promise<void> {
  const bucket = await asCaller(ctx, req, caller, (tx) => sql.findBucket(tx, id), true);
  if (!bucket) throw errors.noSuchBucket();
  sendJson(res, 200, pick(bucket));
}

export async function createBucket(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<void> {
  if (typeof body.name !== 'string') throw errors.badRequest("body must have required property 'name'");
  const name = body.name;
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  mustBeValidBucketName(name);
  // The id names the bucket's folder on disk, so it must be just as safe.
  mustBeValidBucketName(id);
  const fields = bucketFields(ctx, body);
  const created = await asCaller(ctx, req, caller, (tx) => sql.insertBucket(tx, id, name, caller.owner, fields));
  if (!created) throw errors.bucketAlreadyExists();
  sendJson(res, 200, { name });
}

export async function updateBucket(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  id: string,
  body: Record<string, unknown>,
): Promise<void> {
  mustBeValidBucketName(id);
  const fields = bucketFields(ctx, body);
  if (Object.values(fields).every((v) => v === undefined)) throw errors.noContent();
  const updated = await asCaller(ctx, req, caller, (tx) => sql.updateBucket(tx, id, fields));
  if (!updated) throw errors.noSuchBucket();
  sendJson(res, 200, { message: 'Successfully updated' });
}

/** Refuses a bucket that still holds objects (Storage's 409 ResourceNotEmpty). */
export async function deleteBucket(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  id: string,
): Promise<void> {
  await asService(ctx, req, async (tx) => {
    if (!(await sql.findBucket(tx, id))) throw errors.noSuchBucket();
    if (await sql.bucketHasObjects(tx, id)) throw errors.bucketNotEmpty();
  });
  const deleted = await asCaller(ctx, req, caller, (tx) => sql.deleteBucket(tx, id));
  if (!deleted) throw errors.noSuchBucket();
  await fileStore(ctx.config.dataDir).removeBucket(id);
  sendJson(res, 200, { message: 'Successfully deleted' });
}

export async function emptyBucketRoute(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  id: string,
): Promise<void> {
  if (!caller.authenticated) throw errors.accessDenied('Access denied: JWT is not authenticated', 403);
  if (caller.auth.role !== 'service_role') throw errors.accessDenied('Access denied: Invalid role', 403);
  const bucket = await asCaller(ctx, req, caller, (tx) => sql.findBucket(tx, id), true);
  if (!bucket) throw errors.noSuchBucket();
  await emptyBucket(ctx, req, id);
  sendJson(res, 200, { message: 'Successfully emptied' });
}
