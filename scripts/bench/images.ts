/**
 * `npm run bench:images`: what responsive images cost, in the two modes that make renditions
 * (docs/images.md). Uploads photo-like 2400×1350 JPEGs (noise over gradients, so they compress
 * like photographs, not like flat illustrations) to the local server, then:
 *
 * - `storage`: for each srcset width, the first render time of the transformation endpoint
 *   (`/storage/v1/render/image/…`, sharp), the cached answer time and the bytes a browser
 *   accepting WebP receives, against the stored original;
 * - `build`: the build step of PUBLIC_IMAGE_TRANSFORMS=build (scripts/lib/image-renditions.ts) on
 *   pages naming the images at every srcset width: one image alone (download + four widths),
 *   the time per image over several (sharp two at a time), the time per image when the renditions
 *   are cached (a conditional request answered 304, and hard links), and the bytes per width.
 *
 * A benchmark, never a test: it asserts nothing. Figures also go to .data/bench/images.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer } from '../../supabase/local/server.ts';
import { IMAGE_QUALITY, IMAGE_WIDTHS } from '../../src/lib/site.ts';
import { pendingRendition } from '../../src/lib/image-mode.ts';
import { renderImageRenditions } from '../lib/image-renditions.ts';
import { DATA_DIR } from '../lib/paths.ts';

const ROUNDS = 5;
/** Images in the build-mode run (one alone first, then these together). */
const BUILD_IMAGES = 8;
const OUT = path.join(DATA_DIR, 'bench');

/** A deterministic photo-like test image (another seed, another photo). */
async function photo(width: number, height: number, seed = 42): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const n = (seed >> 16) % 48;
    noise[i] = Math.min(255, (x * 200) / width + n);
    noise[i + 1] = Math.min(255, (y * 180) / height + n);
    noise[i + 2] = Math.min(255, 90 + ((x + y) % 97) + n);
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-images-'));
const config = loadConfig({ port: 54349, host: '127.0.0.1', inMemory: true, databaseUrl: undefined, dataDir });
const server = await startLocalServer(config);
try {
  const admin = createClient(server.url, config.secretKey, { auth: { persistSession: false } });
  const original = await photo(2400, 1350);
  const name = 'bench/photo.jpg';
  const { error } = await admin.storage
    .from('article-images')
    .upload(name, original, { contentType: 'image/jpeg', upsert: true });
  if (error) throw new Error(`upload failed: ${error.message}`);
  const stored = admin.storage.from('article-images').getPublicUrl(name).data.publicUrl;

  const get = async (url: string) => {
    const started = performance.now();
    const res = await fetch(url, { headers: { Accept: 'image/avif,image/webp,*/*' } });
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.toString()}`);
    return { ms: performance.now() - started, bytes: body.length, type: res.headers.get('content-type') };
  };

  const rows = [];
  for (const width of IMAGE_WIDTHS) {
    const url = admin.storage
      .from('article-images')
      .getPublicUrl(name, { transform: { width, quality: IMAGE_QUALITY } }).data.publicUrl;
    const first = await get(url);
    const cached: number[] = [];
    for (let i = 0; i < ROUNDS; i++) cached.push((await get(url)).ms);
    rows.push({
      width,
      type: first.type,
      kb: Math.round(first.bytes / 102.4) / 10,
      firstRenderMs: Math.round(first.ms),
      cachedMs: Math.round(median(cached) * 10) / 10,
    });
  }
  const orig = await get(stored);
  console.log(`Original: 2400×1350 JPEG, ${Math.round(orig.bytes / 1024)} KB`);
  console.log('storage mode (the render endpoint):');
  console.table(rows);

  // The build mode: the build step on pages that name each image at every srcset width.
  const urls: string[] = [];
  for (let i = 0; i < BUILD_IMAGES + 1; i++) {
    const buildName = `bench/build-${i}.jpg`;
    const upload = await admin.storage
      .from('article-images')
      .upload(buildName, await photo(2400, 1350, 1000 + i), { contentType: 'image/jpeg', upsert: true });
    if (upload.error) throw new Error(`upload failed: ${upload.error.message}`);
    urls.push(admin.storage.from('article-images').getPublicUrl(buildName).data.publicUrl);
  }
  const site = path.join(dataDir, 'build');
  const outDir = path.join(site, 'dist');
  const cacheDir = path.join(site, 'cache');
  /** One page per image, as responsiveImage writes it (src at 800, srcset of every width). */
  const pages = (list: string[]) =>
    list.map((url, i) => {
      const file = path.join(outDir, `page-${i}-${urls.indexOf(url)}.html`);
      const srcset = IMAGE_WIDTHS.map((w) => `${pendingRendition(url, w)} ${w}w`).join(', ');
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(file, `<img src="${pendingRendition(url, 800)}" srcset="${srcset}">`);
      return file;
    });
  const step = (files: string[]) => renderImageRenditions({ outDir, cacheDir, files, mode: 'build', keepOutDir: true });
  const [firstPage] = pages(urls.slice(0, 1));
  const alone = await step([firstPage!]);
  const served = fs.readFileSync(firstPage!, 'utf8');
  const buildRows = IMAGE_WIDTHS.map((width) => {
    const file = new RegExp(`/_img/[0-9a-f]{20}-${width}\\.webp`).exec(served)![0];
    return { width, kb: Math.round(fs.statSync(path.join(outDir, file)).size / 102.4) / 10 };
  });
  const together = await step(pages(urls.slice(1)));
  const cached: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    fs.rmSync(outDir, { recursive: true, force: true });
    const again = await step(pages(urls.slice(1)));
    if (again.revalidated !== BUILD_IMAGES || again.rendered !== 0)
      throw new Error(`not cached: ${JSON.stringify(again)}`);
    cached.push(again.ms / BUILD_IMAGES);
  }
  const build = {
    oneImageAllWidthsMs: alone.ms,
    perImageAllWidthsMs: Math.round(together.ms / BUILD_IMAGES),
    cachedPerImageMs: Math.round(median(cached) * 10) / 10,
    rendersPerImage: together.rendered / BUILD_IMAGES,
    rows: buildRows,
  };
  console.log(
    `build mode: one image, all ${IMAGE_WIDTHS.length} widths ${build.oneImageAllWidthsMs} ms; ` +
      `${BUILD_IMAGES} images ${build.perImageAllWidthsMs} ms each; cached ${build.cachedPerImageMs} ms each`,
  );
  console.table(buildRows);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(
    path.join(OUT, 'images.json'),
    JSON.stringify(
      { measuredAt: new Date().toISOString(), originalKb: Math.round(orig.bytes / 1024), rows, build },
      null,
      2,
    ),
  );
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
