/**
 * Object reads: downloads (public, authenticated, signed), info, list and URL signing.
 * Visibility follows supabase/storage's routes: public buckets are read as the superuser,
 * private ones through the caller's SELECT policies; signed URLs carry their own permission.
 * The image renderer (render.ts) finds its objects through the same two lookups.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../http/context.ts';
import { sendJson } from '../http/util.ts';
import { errors } from './errors.ts';
import { fileStore } from './files.ts';
import * as sql from './objects.ts';
import { asCaller, asService, type Caller } from './scope.ts';
import { serveObject, sendObjectInfo } from './serve.ts';
import {
  mustBeValidExpiry,
  signDownloadUrl,
  verifySignedUrl,
  SCOPE_DOWNLOAD,
  type SignedClaims,
  type SignedTransform,
} from './sign.ts';

export interface ObjectRef {
  bucket: string;
  name: string;
}

/**
 * Finds an object for a read. `publicOnly`: the public routes, which only know public buckets.
 * Otherwise an unauthenticated caller sees public buckets only, and private buckets go
 * through RLS.
 */
export async function findReadable(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller | undefined,
  ref: ObjectRef,
): Promise<sql.StoredObject> {
  const bucket = await asService(ctx, req, (tx) => sql.findBucket(tx, ref.bucket));
  if (!bucket || (!bucket.public && !caller?.authenticated)) throw errors.noSuchBucket();
  const obj =
    bucket.public || !caller
      ? await asService(ctx, req, (tx) => sql.findObject(tx, ref.bucket, ref.name))
      : await asCaller(ctx, req, caller, (tx) => sql.findObject(tx, ref.bucket, ref.name), true);
  if (!obj) throw errors.noSuchKey();
  return obj;
}

/** GET/HEAD /object/public/…, /object/authenticated/…, /object/… (caller undefined = public). */
export async function download(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  caller: Caller | undefined,
  ref: ObjectRef,
): Promise<void> {
  const obj = await findReadable(ctx, req, caller, ref);
  await serveObject(req, res, fileStore(ctx.config.dataDir), obj, {
    head: req.method === 'HEAD',
    download: url.searchParams.get('download'),
  });
}

/** GET /object/info/…: JSON description of the object. */
export async function info(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller | undefined,
  ref: ObjectRef,
): Promise<void> {
  sendObjectInfo(res, await findReadable(ctx, req, caller, ref));
}

/** POST /object/list/{bucket}: storage.search under the caller's SELECT policies. */
export async function list(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  bucket: string,
  body: Record<string, unknown>,
): Promise<void> {
  if (typeof body.prefix !== 'string') throw errors.badRequest("body must have required property 'prefix'");
  let prefix = body.prefix;
  // Storage treats the prefix as a folder.
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const num = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : fallback;
  const sortBy = (body.sortBy && typeof body.sortBy === 'object' ? body.sortBy : {}) as Record<string, unknown>;
  const rows = await asCaller(
    ctx,
    req,
    caller,
    (tx) =>
      sql.listObjects(tx, bucket, {
        prefix,
        search: typeof body.search === 'string' ? body.search : '',
        limit: Math.min(num(body.limit, 100) || 100, 1500),
        offset: num(body.offset, 0),
        sortColumn: typeof sortBy.column === 'string' ? sortBy.column : 'name',
        sortOrder: typeof sortBy.order === 'string' ? sortBy.order : 'asc',
      }),
    true,
  );
  sendJson(res, 200, rows);
}

/**
 * POST /object/sign/{bucket}/{name}: the caller must be able to read the object. `transform`
 * (the body's `transform`, already validated) makes it a /render/image/sign/… URL.
 */
export async function signOne(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  ref: ObjectRef,
  body: Record<string, unknown>,
  transform?: SignedTransform,
): Promise<void> {
  const expiresIn = mustBeValidExpiry(body.expiresIn);
  const obj = await asCaller(ctx, req, caller, (tx) => sql.findObject(tx, ref.bucket, ref.name), true);
  if (!obj) throw errors.noSuchKey();
  sendJson(res, 200, { signedURL: signDownloadUrl(ctx.config, ref.bucket, ref.name, expiresIn, transform) });
}

/** POST /object/sign/{bucket} {expiresIn, paths}: one entry per path, errors inline. */
export async function signMany(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  caller: Caller,
  bucket: string,
  body: Record<string, unknown>,
): Promise<void> {
  const expiresIn = mustBeValidExpiry(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) {
    throw errors.badRequest("body must have required property 'paths'");
  }
  const visible = await asCaller(ctx, req, caller, (tx) => sql.visibleNames(tx, bucket, paths as string[]), true);
  sendJson(
    res,
    200,
    (paths as string[]).map((path) =>
      visible.has(path)
        ? { error: null, path, signedURL: signDownloadUrl(ctx.config, bucket, path, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
}

/** The object a signed download URL (`?token=`) opens: no API key, no RLS; the token decides. */
export async function findSigned(
  ctx: AppContext,
  req: IncomingMessage,
  url: URL,
  ref: ObjectRef,
): Promise<{ obj: sql.StoredObject; claims: SignedClaims }> {
  const claims = verifySignedUrl(ctx.config, url.searchParams.get('token'), ref.bucket, ref.name, SCOPE_DOWNLOAD);
  const obj = await asService(ctx, req, (tx) => sql.findObject(tx, ref.bucket, ref.name));
  if (!obj) throw errors.noSuchKey();
  return { obj, claims };
}

/** GET /object/sign/{bucket}/{name}?token=… */
export async function downloadSigned(
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ref: ObjectRef,
): Promise<void> {
  const { obj, claims } = await findSigned(ctx, req, url, ref);
  await serveObject(req, res, fileStore(ctx.config.dataDir), obj, {
    head: req.method === 'HEAD',
    download: url.searchParams.get('download'),
    expires: new Date(claims.exp * 1000).toUTCString(),
  });
}
