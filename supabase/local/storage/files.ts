/**
 * The file side of Storage: object bytes live at `<dataDir>/storage/<bucket>/<object name>`.
 *
 * Writes never touch a live file directly: bytes go to a temp file first (same file system, so
 * the final rename is atomic), the database row is written and committed, and only then is the
 * temp file renamed into place. A per-key lock orders those commit+rename pairs, so two
 * concurrent uploads of one key cannot end with the older bytes under the newer row.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { errors } from './errors.ts';

export interface TempFile {
  path: string;
  size: number;
  /** Hex MD5 of the content, Storage's ETag (quoted on the wire). */
  md5: string;
}

export class FileStore {
  readonly root: string;
  readonly tmpDir: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    // Outside `root`: a bucket may legally be called ".tmp".
    this.tmpDir = path.join(dataDir, 'storage-tmp');
  }

  bucketDir(bucket: string): string {
    const dir = path.resolve(this.root, bucket);
    if (path.dirname(dir) !== path.resolve(this.root)) throw errors.invalidBucketName();
    return dir;
  }

  /** Absolute path of an object; the key was validated, this re-checks containment anyway. */
  objectPath(bucket: string, name: string): string {
    const dir = this.bucketDir(bucket);
    const file = path.resolve(dir, ...name.split('/'));
    if (!file.startsWith(dir + path.sep)) throw errors.invalidKey(name);
    return file;
  }

  private async newTempPath(): Promise<string> {
    await fsp.mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, randomUUID());
  }

  /** Opens a temp file that grows chunk by chunk, refusing to pass `limit` bytes. */
  async createTemp(limit: number, entity = 'object'): Promise<TempWriter> {
    const file = await this.newTempPath();
    return new TempWriter(file, await fsp.open(file, 'wx'), limit, entity);
  }

  /** A temp copy of an existing object (for copy and move), with its size and MD5. */
  async copyToTemp(bucket: string, name: string): Promise<TempFile> {
    const source = this.objectPath(bucket, name);
    const file = await this.newTempPath();
    try {
      await fsp.copyFile(source, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw errors.missingFile();
      throw e;
    }
    const hash = createHash('md5');
    for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
    return { path: file, size: (await fsp.stat(file)).size, md5: hash.digest('hex') };
  }

  /**
   * A second name for an object's file (hard link, or a copy where links are impossible), so a
   * move can be staged before its database change commits and undone by discarding the temp.
   */
  async linkToTemp(bucket: string, name: string): Promise<TempFile> {
    const source = this.objectPath(bucket, name);
    const file = await this.newTempPath();
    try {
      await fsp.link(source, file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') throw errors.missingFile();
      await fsp.copyFile(source, file);
    }
    return { path: file, size: (await fsp.stat(file)).size, md5: '' };
  }

  /**
   * Makes sure `place` will succeed, before the row commits: creates the parent folders and
   * refuses a key whose file would collide with a folder (S3 allows both "a" and "a/b"; a file
   * system cannot hold a file and a folder under one name).
   */
  async prepare(bucket: string, name: string): Promise<void> {
    const target = this.objectPath(bucket, name);
    const clash = () => errors.invalidKey(`${name} (a file and a folder of this name cannot coexist in local storage)`);
    try {
      await fsp.mkdir(path.dirname(target), { recursive: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EEXIST') throw clash();
      throw e;
    }
    const existing = await fsp.stat(target).catch(() => undefined);
    if (existing?.isDirectory()) throw clash();
  }

  /** Moves a committed temp file into place, replacing any previous version. */
  async place(temp: TempFile, bucket: string, name: string): Promise<void> {
    const target = this.objectPath(bucket, name);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(temp.path, target);
  }

  async discard(temp: TempFile | string | undefined): Promise<void> {
    if (!temp) return;
    await fsp.rm(typeof temp === 'string' ? temp : temp.path, { force: true }).catch(() => undefined);
  }

  /** Deletes an object's file and the folders it leaves empty (never the bucket folder). */
  async remove(bucket: string, name: string): Promise<void> {
    const dir = this.bucketDir(bucket);
    const file = this.objectPath(bucket, name);
    await fsp.rm(file, { force: true });
    let parent = path.dirname(file);
    while (parent !== dir && parent.startsWith(dir + path.sep)) {
      try {
        await fsp.rmdir(parent);
      } catch {
        break; // not empty (or already gone): stop climbing
      }
      parent = path.dirname(parent);
    }
  }

  async removeBucket(bucket: string): Promise<void> {
    await fsp.rm(this.bucketDir(bucket), { recursive: true, force: true });
  }
}

/** One temp file being written; `write` throws EntityTooLarge as soon as the limit is passed. */
export class TempWriter {
  readonly path: string;
  readonly limit: number;
  readonly entity: string;
  size = 0;
  private readonly handle: fsp.FileHandle;
  private readonly hash = createHash('md5');
  private closed = false;
  constructor(file: string, handle: fsp.FileHandle, limit: number, entity: string) {
    this.path = file;
    this.handle = handle;
    this.limit = limit;
    this.entity = entity;
  }

  async write(chunk: Buffer): Promise<void> {
    this.size += chunk.length;
    if (this.size > this.limit) throw errors.entityTooLarge(this.entity);
    this.hash.update(chunk);
    // Awaiting each write is the backpressure: the request is read no faster than the disk.
    let offset = 0;
    while (offset < chunk.length) {
      const { bytesWritten } = await this.handle.write(chunk, offset);
      offset += bytesWritten;
    }
  }

  async finish(): Promise<TempFile> {
    await this.close();
    return { path: this.path, size: this.size, md5: this.hash.digest('hex') };
  }

  async abort(): Promise<void> {
    await this.close().catch(() => undefined);
    await fsp.rm(this.path, { force: true }).catch(() => undefined);
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.handle.close();
  }
}

const stores = new Map<string, FileStore>();

export function fileStore(dataDir: string): FileStore {
  let store = stores.get(dataDir);
  if (!store) {
    store = new FileStore(dataDir);
    stores.set(dataDir, store);
  }
  return store;
}

const locks = new Map<string, Promise<void>>();

/**
 * Runs `fn` while holding in-process locks on the given keys (taken in sorted order, so two
 * callers locking the same pair cannot deadlock). One server process owns the data folder.
 */
export async function withKeyLocks<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
  const sorted = [...new Set(keys)].sort();
  const releases: (() => void)[] = [];
  try {
    for (const key of sorted) {
      const previous = locks.get(key) ?? Promise.resolve();
      let release!: () => void;
      const current = new Promise<void>((resolve) => (release = resolve));
      const chained = previous.then(() => current);
      locks.set(key, chained);
      releases.push(() => {
        release();
        if (locks.get(key) === chained) locks.delete(key);
      });
      await previous;
    }
    return await fn();
  } finally {
    for (const release of releases.reverse()) release();
  }
}
