/**
 * The `build` image mode (PUBLIC_IMAGE_TRANSFORMS=build, docs/images.md): right-sized WebP
 * renditions made by the build, for projects whose Storage has no image renderer (hosted
 * Supabase's Free plan).
 *
 * Pages are rendered with a placeholder per image and width (src/lib/rules/images.ts,
 * `pendingRendition`). When Astro has written them (`astro:build:done`), this step reads the
 * files rendered in this build, and for each stored image they name:
 *
 * 1. revalidates the source with a conditional GET (If-None-Match / If-Modified-Since from the
 *    last build that saw it): a 304 costs no download and no sharp run;
 * 2. otherwise downloads it and renders the widths asked for with sharp (WebP, never enlarged)
 *    into the rendition cache, `<cacheDir>/image-renditions/<key>-<width>.webp`. The key hashes
 *    the source URL with its ETag and Last-Modified (or its bytes when it has neither) and the
 *    rendering settings, so a replaced image gets new names and an immutable URL never serves
 *    other bytes;
 * 3. hard-links the renditions into `<outDir>/_img/` (a copy across devices) and puts their paths
 *    in place of the placeholders. A source that cannot be fetched or is not a raster image gets
 *    its own URL instead: a page never breaks and the build never fails because of an image.
 *
 * Only pages rendered in this build are read: at 10,000 articles an edit renders ~34 pages and
 * revalidates the images on them; the rest keep the renditions they name. Which page names which
 * renditions is kept in `<cacheDir>/image-refs.json`, so a release (scripts/lib/release/work-dir.ts) keeps
 * the renditions some page still names and prunes the others.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sharp, { type Metadata } from 'sharp';
import {
  PENDING_RENDITION,
  RENDITIONS_DIR,
  announceBuildStep,
  parsePending,
  renditionPath,
  type ImageMode,
} from '../../src/lib/image-mode.ts';
import { IMAGE_QUALITY } from '../../src/lib/site.ts';
import {
  IMAGE_REFS,
  RENDITION_CACHE,
  readImageRefs,
  writeAtomic,
  writeImageRefs,
  type ImageRefs,
} from './image-refs.ts';

/** Part of every key: bump when renditions are made differently (sharp options, format). */
const RENDER_VERSION = 1;
/** Storage's own source limits for its renderer. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const MAX_SOURCE_PIXELS = 50_000_000;
const FETCH_TIMEOUT_MS = 20_000;
/** Sources revalidated or downloaded at once (mostly waiting on the network). */
const CONCURRENCY = 8;
/** sharp runs at once: libvips has threads of its own, and the machine has two cores. */
const RENDERS_AT_ONCE = 2;
/** Files that can name images: pages and the JSON / XML endpoints. */
const TEXT_FILES = /\.(html|json|xml|txt)$/i;

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

export interface RenditionOptions {
  /** The build's output folder. */
  outDir: string;
  /** The build's cache folder (the rendition cache and the refs live there). */
  cacheDir: string;
  /** Absolute paths of the files rendered in this build. */
  files: readonly string[];
  mode: ImageMode;
  /**
   * A release build keeps its output folder: the refs of pages not rendered now stay. A plain
   * build rewrote all of it, so the refs are this build's only.
   */
  keepOutDir: boolean;
  /** Extra headers for the source requests (none needed for public objects). */
  fetchHeaders?: Record<string, string>;
  log?: (line: string) => void;
}

/** The step itself: resolves the placeholders in `files` (see the module comment). */
export async function renderImageRenditions(options: RenditionOptions): Promise<RenditionStats> {
  const started = performance.now();
  const { outDir, cacheDir, mode } = options;
  const stats: RenditionStats = {
    sources: 0,
    revalidated: 0,
    downloaded: 0,
    rendered: 0,
    fallbacks: 0,
    filesRead: 0,
    filesRewritten: 0,
    ms: 0,
  };
  const refs: ImageRefs = options.keepOutDir ? readImageRefs(cacheDir) : { version: 1, pages: {} };
  const relOf = (file: string) => path.relative(outDir, file).split(path.sep).join('/');

  // 1. The placeholders in this build's files.
  const pending: { file: string; rel: string; text: string }[] = [];
  const wanted = new Map<string, Set<number>>();
  for (const file of options.files) {
    const rel = relOf(file);
    delete refs.pages[rel];
    if (mode !== 'build' || !TEXT_FILES.test(file)) continue;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    stats.filesRead++;
    if (!text.includes(`/${RENDITIONS_DIR}/~`)) continue;
    let found = false;
    for (const m of text.matchAll(PENDING_RENDITION)) {
      const { sourceUrl, width } = parsePending(m);
      if (!wanted.has(sourceUrl)) wanted.set(sourceUrl, new Set());
      wanted.get(sourceUrl)!.add(width);
      found = true;
    }
    if (found) pending.push({ file, rel, text });
  }

  // 2. One resolution per source: revalidate, or download and render.
  const cache = new RenditionCache(path.join(cacheDir, RENDITION_CACHE), options.fetchHeaders);
  const keys = new Map<string, string | null>();
  const sources = [...wanted.entries()];
  stats.sources = sources.length;
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const [url, widths] = sources[next++]!;
      keys.set(
        url,
        await cache.resolve(
          url,
          [...widths].sort((a, b) => a - b),
          stats,
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sources.length) }, worker));
  if (sources.length > 0) cache.save();

  // 3. Renditions into the output, paths into the pages.
  const published = new Set<string>();
  for (const page of pending) {
    const named = new Set<string>();
    const json = page.file.toLowerCase().endsWith('.json');
    const text = page.text.replace(PENDING_RENDITION, (...m: string[]) => {
      const { sourceUrl, width } = parsePending(m);
      const key = keys.get(sourceUrl);
      // The source URL in place of the placeholder, written as the file's syntax needs it.
      if (!key) return json ? JSON.stringify(sourceUrl).slice(1, -1) : escapeMarkup(sourceUrl);
      const served = renditionPath(key, width);
      named.add(served.slice(1));
      if (!published.has(served)) {
        cache.publish(key, width, path.join(outDir, served));
        published.add(served);
      }
      return served;
    });
    fs.writeFileSync(page.file, text);
    stats.filesRewritten++;
    if (named.size > 0) refs.pages[page.rel] = [...named].sort();
  }
  if (mode === 'build' || Object.keys(refs.pages).length > 0 || fs.existsSync(path.join(cacheDir, IMAGE_REFS))) {
    writeImageRefs(cacheDir, refs);
  }
  stats.ms = Math.round(performance.now() - started);
  return stats;
}

/** The rendition cache: files named by key and width, and what each source was when last read. */
class RenditionCache {
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

/** A URL as HTML / XML attribute or text content: `&`, quotes and angle brackets escaped. */
function escapeMarkup(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
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

/**
 * The step as an Astro integration: runs when every page is written, before the integrations
 * after it (the sitemap, the service worker) read the output. List it before `site-data`, whose
 * `astro:build:done` writes the route manifest, so a failure here leaves the last manifest.
 */
export function imageRenditions(options: { mode: ImageMode; cacheDir: string; keepOutDir: boolean }): AstroIntegration {
  return {
    name: 'image-renditions',
    hooks: {
      // The pages render placeholders only when this step will replace them (src/lib/rules/images.ts).
      'astro:build:start': () => announceBuildStep(options.mode === 'build'),
      'astro:build:done': async ({ dir, assets, logger }) => {
        const files = new Set<string>();
        for (const urls of assets.values()) for (const url of urls) files.add(fileURLToPath(url));
        const stats = await renderImageRenditions({
          outDir: fileURLToPath(dir),
          cacheDir: path.resolve(options.cacheDir),
          files: [...files],
          mode: options.mode,
          keepOutDir: options.keepOutDir,
        });
        if (options.mode === 'build') {
          logger.info(
            `images: ${stats.sources} sources on ${stats.filesRewritten} files, ${stats.revalidated} unchanged, ` +
              `${stats.downloaded} downloaded, ${stats.rendered} renditions made, ${stats.fallbacks} left as stored, ${stats.ms} ms`,
          );
        }
      },
    },
  };
}
