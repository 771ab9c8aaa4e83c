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
 * renditions is kept in `<cacheDir>/image-refs.json`, so a release
 * (scripts/lib/release/work-dir.ts) keeps the renditions some page still names and prunes the
 * others.
 *
 * This file reads the pages and puts the renditions' paths in them; the cache (revalidation,
 * download, sharp, the links into `_img/`) is scripts/lib/image-rendition-cache.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  PENDING_RENDITION,
  RENDITIONS_DIR,
  announceBuildStep,
  parsePending,
  renditionPath,
  type ImageMode,
} from '../../src/lib/image-mode.ts';
import { RenditionCache, type RenditionStats } from './image-rendition-cache.ts';
import { IMAGE_REFS, RENDITION_CACHE, readImageRefs, writeImageRefs, type ImageRefs } from './image-refs.ts';

/** Sources revalidated or downloaded at once (mostly waiting on the network). */
const CONCURRENCY = 8;
/** Files that can name images: pages and the JSON / XML endpoints. */
const TEXT_FILES = /\.(html|json|xml|txt)$/i;

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

/** A URL as HTML / XML attribute or text content: `&`, quotes and angle brackets escaped. */
function escapeMarkup(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
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
