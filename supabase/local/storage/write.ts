/**
 * Object writes: upload/update, move, copy, delete. Each follows the same order so the disk
 * never disagrees with a committed row for long: stage bytes in a temp file, write the row as
 * the caller (RLS decides), commit, then rename into place; on any failure the temp goes away.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../http/context.ts';
import { errors } from './errors.ts';
import { fileStore, withKeyLocks, type TempFile } from './files.ts';
import { mustBeValidKey } from './keys.ts';
import * as sql from './objects.ts';
import { asCaller, asService, probe, SERVICE, type Caller } from './scope.ts';
import { mustMatchSignature } from './sniff.ts';
import { receiveUpload } from './upload.ts';

const lockKey = (bucket: string, name: string) => `${bucket}/${name}`;

function metadataFor(temp: TempFile, mimetype: string, cacheControl: string): sql.ObjectMetadata {
  return {
    eTag: `"${temp.md5}"`,
    size: temp.size,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: temp.size,
    httpStatusCode: 200,
  };
}

/** Writes the row and, once committed, puts the temp file in place. Discards it on failure. */
async function writeAndPlace(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller,
  write: sql.ObjectWrite,
  temp: TempFile,
  upsert: boolean,
): Promise<sql.StoredObject> {
  const store = fileStore(ctx.config.dataDir);
  try {
    const row = await asCaller(ctx, req, caller, async (tx) => {
      const written = await sql.writeObject(tx, write, upsert);
      if (!written) throw errors.keyAlreadyExists();
      await store.prepare(write.bucket, write.name);
      return written;
    });
    await store.place(temp, write.bucket, write.name);
    return row;
  } finally {
    await store.discard(temp); // no-op after a successful rename
  }
}

/** POST/PUT /object/{bucket}/{name} and signed uploads. */
export async function uploadObject(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller,
  bucketId: string,
  name: string,
  upsert: boolean,
): Promise<sql.StoredObject> {
  mustBeValidKey(name);
  const bucket = await asService(ctx, req, (tx) => sql.findBucket(tx, bucketId));
  if (!bucket) throw errors.noSuchBucket();
  const maxBytes = Math.min(bucket.file_size_limit ?? Infinity, ctx.config.maxUploadBytes);
  const base = { bucket: bucketId, name, owner: caller.owner };

  const upload = await receiveUpload(req, fileStore(ctx.config.dataDir), {
    objectName: name,
    maxBytes,
    allowedMimeTypes: bucket.allowed_mime_types,
    beforeBody: ({ mimetype, contentLength }) =>
      probe(ctx, req, caller, async (tx) => {
        const metadata = { mimetype, ...(contentLength !== undefined ? { contentLength } : {}) };
        const row = await sql.writeObject(tx, { ...base, version: '1', metadata, userMetadata: undefined }, upsert);
        if (!row) throw errors.keyAlreadyExists();
      }),
  });
  try {
    await mustMatchSignature(upload.temp.path, upload.temp.size, upload.mimetype, bucket.allowed_mime_types);
  } catch (e) {
    await fileStore(ctx.config.dataDir).discard(upload.temp);
    throw e;
  }
  const write: sql.ObjectWrite = {
    ...base,
    version: randomUUID(),
    metadata: metadataFor(upload.temp, upload.mimetype, upload.cacheControl),
    userMetadata: upload.userMetadata,
  };
  return withKeyLocks([lockKey(bucketId, name)], () => writeAndPlace(ctx, req, caller, write, upload.temp, upsert));
}

export interface Transfer {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

/** Reads bucketId/sourceKey/destinationKey/destinationBucket from a move or copy body. */
export function parseTransfer(body: Record<string, unknown>): Transfer {
  for (const field of ['bucketId', 'sourceKey', 'destinationKey']) {
    if (typeof body[field] !== 'string') throw errors.badRequest(`body must have required property '${field}'`);
  }
  const bucketId = body.bucketId as string;
  const destinationBucket =
    typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
  const t = {
    bucketId,
    sourceKey: body.sourceKey as string,
    destinationBucket,
    destinationKey: body.destinationKey as string,
  };
  mustBeValidKey(t.sourceKey);
  mustBeValidKey(t.destinationKey);
  return t;
}

/** POST /object/move: an UPDATE of the row under RLS, then the file follows. */
export async function moveObject(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller,
  t: Transfer,
): Promise<sql.StoredObject> {
  const store = fileStore(ctx.config.dataDir);
  const from = { bucket: t.bucketId, name: t.sourceKey };
  const to = { bucket: t.destinationBucket, name: t.destinationKey };
  if (from.bucket === to.bucket && from.name === to.name) {
    const row = await asCaller(ctx, req, caller, (tx) => sql.findObject(tx, from.bucket, from.name), true);
    if (!row) throw errors.noSuchKey();
    return row;
  }
  return withKeyLocks([lockKey(from.bucket, from.name), lockKey(to.bucket, to.name)], async () => {
    let temp: TempFile | undefined;
    try {
      const row = await asCaller(ctx, req, caller, async (tx) => {
        const moved = await sql.moveObject(tx, from, to, caller.owner, randomUUID());
        if (!moved) throw errors.noSuchKey();
        // Staged inside the transaction: a missing file or a clash rolls the rename back.
        await store.prepare(to.bucket, to.name);
        temp = await store.linkToTemp(from.bucket, from.name);
        return moved;
      });
      await store.place(temp!, to.bucket, to.name);
      await store.remove(from.bucket, from.name);
      return row;
    } finally {
      await store.discard(temp);
    }
  });
}

/** POST /object/copy: the source must be readable, the destination insertable (or upsertable). */
export async function copyObject(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller,
  t: Transfer,
  body: Record<string, unknown>,
  upsert: boolean,
): Promise<sql.StoredObject> {
  const store = fileStore(ctx.config.dataDir);
  return withKeyLocks([lockKey(t.bucketId, t.sourceKey), lockKey(t.destinationBucket, t.destinationKey)], async () => {
    const source = await asCaller(ctx, req, caller, (tx) => sql.findObject(tx, t.bucketId, t.sourceKey), true);
    if (!source) throw errors.noSuchKey();
    const temp = await store.copyToTemp(t.bucketId, t.sourceKey);
    const copyMetadata = body.copyMetadata !== false;
    const given = (body.metadata && typeof body.metadata === 'object' ? body.metadata : {}) as Record<string, unknown>;
    const old = source.metadata ?? {};
    const mimetype = copyMetadata
      ? (old.mimetype ?? 'application/octet-stream')
      : String(given.mimetype ?? old.mimetype ?? 'application/octet-stream');
    const cacheControl = copyMetadata
      ? (old.cacheControl ?? 'no-cache')
      : String(given.cacheControl ?? old.cacheControl ?? 'no-cache');
    const write: sql.ObjectWrite = {
      bucket: t.destinationBucket,
      name: t.destinationKey,
      owner: caller.owner,
      version: randomUUID(),
      metadata: metadataFor(temp, mimetype, cacheControl),
      userMetadata: copyMetadata ? (source.user_metadata ?? undefined) : undefined,
    };
    return writeAndPlace(ctx, req, caller, write, temp, upsert);
  });
}

/** DELETE /object/{bucket} {prefixes}: deletes what the caller may delete, silently skips the rest. */
export async function deleteObjects(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller,
  bucketId: string,
  names: string[],
): Promise<sql.StoredObject[]> {
  const store = fileStore(ctx.config.dataDir);
  if (names.length === 0) return [];
  return withKeyLocks(
    names.map((n) => lockKey(bucketId, n)),
    async () => {
      const rows = await asCaller(ctx, req, caller, (tx) => sql.deleteObjects(tx, bucketId, names));
      for (const row of rows) await store.remove(row.bucket_id, row.name).catch(() => undefined);
      return rows;
    },
  );
}

/** Removes every object of a bucket (service role only, checked by the route). */
export async function emptyBucket(ctx: AppContext, req: IncomingMessage, bucketId: string): Promise<void> {
  const names = await asService(ctx, req, async (tx) => {
    const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1', [
      bucketId,
    ]);
    return rows.map((r) => r.name);
  });
  await deleteObjects(ctx, req, SERVICE, bucketId, names);
}
