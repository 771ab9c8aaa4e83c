/**
 * The rendition cache of the `build` image mode (scripts/lib/image-renditions.ts runs the step):
 * WebP renditions in `<cacheDir>/image-renditions/<key>-<width>.webp`, and in its `index.json`
 * what each source was (ETag, Last-Modified) when last read, so the next build revalidates with a
 * conditional GET and downloads and renders only what changed. A source that cannot be fetched,
 * is too large or is not a raster image resolves to null: its own URL is used.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_QUALITY } from '../../src/lib/site.ts';
import { writeAtomic } from './image-refs.ts';

/** Part of every key: bump when renditions are made differently (sharp options, format). */
const RENDER_VERSION = 1;
/** Storage's own source limits for its renderer. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const MAX_SOURCE_PIXELS = 50_000_000;
const FETCH_TIMEOUT_MS = 20_000;
/** sharp runs at once: libvips has threads of its own, and the machine has two cores. */
const RENDERS_AT_ONCE = 2;

/** What a source was when it was last read. */
export interface SourceVersion {
  etag: string | null;
  lastModified: string | null;
}

/**
 * A source's rendition key: the source URL and its version (ETag and Last-Modified; the bytes'
 * hash when it has neither) with the rendering settings. 20 hex characters.
 */
export function renditionKey(sourceUrl: string, version: SourceVersion, bytes?: Uint8Array): string {
  const identity =
    version.etag || version.lastModified
      ? `etag=${version.etag ?? ''}|modified=${version.lastModified ?? ''}`
      : `sha256=${createHash('sha256')
          .update(bytes ?? new Uint8Array())
          .digest('hex')}`;
  return createHash('sha256')
    .update(`v${RENDER_VERSION}|webp|q${IMAGE_QUALITY}|${sourceUrl}|${identity}`)
    .digest('hex')
    .slice(0, 20);
}

interface SourceEntry extends SourceVersion {
  /** null: the source is not an image this step renders (its URL is used). */
  key: string | null;
  /** Widths in the cache under `key`. */
  widths: number[];
}

interface CacheIndex {
  version: 1;
  sources: Record<string, SourceEntry>;
}

export interface RenditionStats {
  /** Distinct stored images named by the pages of this build. */
  sources: number;
  /** Answered 304: nothing downloaded, nothing rendered. */
  revalidated: number;
  /** Downloaded (new, changed, or renditions missing from the cache). */
  downloaded: number;
  /** Files sharp wrote into the cache. */
  rendered: number;
  /** Sources left as their own URL (unreachable, not an image, too large). */
  fallbacks: number;
  /** Files of this build read, and those whose placeholders were replaced. */
  filesRead: number;
  filesRewritten: number;
  ms: number;
}

/** The rendition cache: files named by key and width, and what each source was when last read. */
export class RenditionCache {
  private readonly dir: string;
  private readonly fetchHeaders: Record<string, string>;
  private readonly index: CacheIndex;
  private readonly indexFile: string;
  private readonly renders = new Semaphore(RENDERS_AT_ONCE);

  constructor(dir: string, fetchHeaders: Record<string, string> = {}) {
    this.dir = dir;
    this.fetchHeaders = fetchHeaders;
    this.indexFile = path.join(dir, 'index.json');
    this.index = readIndex(this.indexFile);
  }

  file(key: string, width: number): string {
    return path.join(this.dir, `${key}-${width}.webp`);
  }

  save(): void {
    writeAtomic(this.indexFile, JSON.stringify(this.index));
  }

  /** Links (or copies) a cached rendition to `target`, unless a file of that name is there. */
  publish(key: string, width: number, target: string): void {
    if (fs.existsSync(target)) return;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.linkSync(this.file(key, width), target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return;
      fs.copyFileSync(this.file(key, width), target);
    }
  }

  /** The key whose renditions of `url` at `widths` are in the cache, or null for the URL itself. */
  async resolve(url: string, widths: number[], stats: RenditionStats): Promise<string | null> {
    try {
      const key = await this.resolveOrThrow(url, widths, stats);
      if (!key) stats.fallbacks++;
      return key;
    } catch {
      stats.fallbacks++;
      return null;
    }
  }

  private has(key: string, widths: number[]): boolean {
    return widths.every((w) => fs.existsSync(this.file(key, w)));
  }

  private async resolveOrThrow(url: string, widths: number[], stats: RenditionStats): Promise<string | null> {
    const entry = this.index.sources[url];
    const conditional: Record<string, string> = {};
    if (entry?.etag) conditional['If-None-Match'] = entry.etag;
    if (entry?.lastModified) conditional['If-Modified-Since'] = entry.lastModified;
    let res = await this.fetch(url, conditional);
    if (res.status === 304 && entry) {
      stats.revalidated++;
      if (entry.key === null || this.has(entry.key, widths)) return entry.key;
      // The source is unchanged but a width is new or the cache lost a file: render from the bytes.
      res = await this.fetch(url, {});
    }
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    stats.downloaded++;
    const version: SourceVersion = { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
    const bytes = await readLimited(res, MAX_SOURCE_BYTES);
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const key = renditionKey(url, version, bytes ?? undefined);
    let rendered: number[] | null = null;
    if (bytes && type.startsWith('image/')) {
      const missing = widths.filter((w) => !fs.existsSync(this.file(key, w)));
      rendered = missing.length === 0 ? [] : await this.render(bytes, key, missing);
      stats.rendered += rendered?.length ?? 0;
    }
    if (entry?.key && entry.key !== key) this.drop(entry.key, entry.widths);
    if (rendered === null) {
      this.index.sources[url] = { ...version, key: null, widths: [] };
      return null;
    }
    const kept = entry?.key === key ? entry.widths : [];
    this.index.sources[url] = { ...version, key, widths: [...new Set([...kept, ...widths])].sort((a, b) => a - b) };
    return key;
  }

  private async fetch(url: string, headers: Record<string, string>): Promise<Response> {
    return fetch(url, {
      headers: { Accept: 'image/*', ...this.fetchHeaders, ...headers },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  }

  /**
   * WebP renditions of `bytes` at `widths` (aspect ratio kept, never wider than the source, EXIF
   * orientation applied, an animation's first frame), or null when this is not a raster image
   * sharp reads (vector images stay as they are: they scale without renditions).
   */
  private async render(bytes: Uint8Array, key: string, widths: number[]): Promise<number[] | null> {
    await this.renders.acquire();
    try {
      return await this.renderNow(bytes, key, widths);
    } finally {
      this.renders.release();
    }
  }

  private async renderNow(bytes: Uint8Array, key: string, widths: number[]): Promise<number[] | null> {
    const input = { failOn: 'error', limitInputPixels: MAX_SOURCE_PIXELS } as const;
    let meta: Metadata;
    try {
      meta = await sharp(bytes, input).metadata();
    } catch {
      return null;
    }
    const sourceWidth = (meta.orientation ?? 1) >= 5 ? (meta.pageHeight ?? meta.height) : meta.width;
    if (!sourceWidth || meta.format === 'svg') return null;
    fs.mkdirSync(this.dir, { recursive: true });
    // Widths at or above the source's width are the same image: rendered once, linked.
    const byEffective = new Map<number, string>();
    for (const width of widths) {
      const effective = Math.min(width, sourceWidth);
      const target = this.file(key, width);
      const same = byEffective.get(effective);
      if (same) {
        fs.rmSync(target, { force: true });
        fs.linkSync(same, target);
        continue;
      }
      let data: Buffer;
      try {
        data = await sharp(bytes, { ...input, autoOrient: true })
          .resize({ width: effective, withoutEnlargement: true })
          .webp({ quality: IMAGE_QUALITY })
          .toBuffer();
      } catch {
        return null;
      }
      writeAtomic(target, data);
      byEffective.set(effective, target);
    }
    return widths;
  }

  /** Removes a replaced source's old renditions from the cache (pages and releases keep their links). */
  private drop(key: string, widths: number[]): void {
    for (const w of widths) fs.rmSync(this.file(key, w), { force: true });
  }
}

class Semaphore {
  private waiting: (() => void)[] = [];
  private free: number;
  constructor(free: number) {
    this.free = free;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

function readIndex(file: string): CacheIndex {
  try {
    const index = JSON.parse(fs.readFileSync(file, 'utf8')) as CacheIndex;
    if (index?.version === 1 && index.sources && typeof index.sources === 'object') return index;
  } catch {
    // none yet, or unreadable: every source is read again
  }
  return { version: 1, sources: {} };
}

/** The response body, or null when it is larger than `limit` bytes. */
async function readLimited(res: Response, limit: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await res.body?.cancel();
    return null;
  }
  const data = new Uint8Array(await res.arrayBuffer());
  return data.length > limit ? null : data;
}
