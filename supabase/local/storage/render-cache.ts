/**
 * The renditions cached on disk (render.ts), at `<dataDir>/storage-render/<bucket>/<sha256(name)>/`,
 * one file per `<source tag>.<parameters>.<format>`. The source tag hashes the object's ETag and
 * version with the identity of the file actually read (inode, size, mtime), so a re-upload can
 * never be answered with an old rendition; renditions of older sources are removed when a new
 * one is written. Files are written to a temp name and renamed into place, and concurrent
 * requests for one rendition share a single sharp run. If the folder cannot be written,
 * renditions are served without being cached.
 */
import { createHash, randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../http/context.ts';
import { errors } from './errors.ts';
import { fileStore } from './files.ts';
import type { StoredObject } from './objects.ts';
import { isOutputFormat, transformImage, type Rendition } from './render-image.ts';
import { LIMITS, renditionKey, type RequestedFormat, type Transform } from './render-options.ts';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

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
export async function rendition(
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
