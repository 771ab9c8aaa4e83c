/**
 * Right-sized images on a project without Storage's image renderer (hosted Supabase's Free plan),
 * end to end: the local server with `imageRenderer: false` answers the render endpoint as hosted
 * does (403 FeatureNotEnabled), and the site built with PUBLIC_IMAGE_TRANSFORMS=build carries
 * its own WebP renditions (docs/images.md): the widths the pages ask for, smaller than the
 * original, named in the built HTML's srcset, served by the static host as immutable; a later
 * build reuses them, and a replaced image gets new ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { RENDITION_CACHE, readImageRefs } from '../../scripts/lib/image-refs.ts';
import { currentRelease } from '../../scripts/lib/release/releases.ts';
import { createStack, type Stack } from '../../scripts/lib/stack.ts';
import { IMAGE_WIDTHS } from '../../src/lib/site.ts';
import { makeScratchDir } from '../../scripts/lib/paths.ts';

// The builds are child processes that inherit this environment (scripts/lib/astro-build.ts).
process.env.PUBLIC_IMAGE_TRANSFORMS = 'build';

const tmp = makeScratchDir('images-build-');
const releasesDir = path.join(tmp, 'releases');
const cacheDir = path.join(tmp, 'astro-cache');
const HERO = `build-mode/photo-${Date.now()}.jpg`;
let stack: Stack;
let db: SupabaseClient;
let site: string;
let original: Buffer;
let heroUrl: string;
let slug: string;

/** A deterministic photo-like JPEG (noise over gradients compresses like a photograph). */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i += 3) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const n = (s >> 16) % 48;
    raw[i] = Math.min(255, (x * 200) / width + n);
    raw[i + 1] = Math.min(255, 60 + n + seed * 40);
    raw[i + 2] = Math.min(255, 90 + (x % 97) + n);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

beforeAll(async () => {
  original = await photo(2400, 1350, 1);
  stack = createStack({
    config: loadConfig({
      port: 0,
      host: '127.0.0.1',
      inMemory: true,
      databaseUrl: undefined,
      dataDir: path.join(tmp, 'supabase'),
      emailMinInterval: 0,
      bcryptCost: 4,
      imageRenderer: false,
    }),
    siteHost: '127.0.0.1',
    sitePort: 0,
    outDir: path.join(tmp, 'dist'),
    cacheDir,
    releasesDir,
    seed: true,
    quietBuild: true,
    // The newest published article gets a large photograph as its hero.
    afterSeed: async (server) => {
      const admin = createClient(server.url, server.config.serviceRoleKey, { auth: { persistSession: false } });
      const storage = admin.storage.from('article-images');
      const { error } = await storage.upload(HERO, original, { contentType: 'image/jpeg' });
      if (error) throw new Error(error.message);
      heroUrl = storage.getPublicUrl(HERO).data.publicUrl;
      const { data } = await admin
        .from('articles_meta')
        .select('id, slug')
        .eq('status', 'published')
        .is('archived_at', null)
        .order('published_at', { ascending: false })
        .limit(1)
        .single<{ id: number; slug: string }>();
      slug = data!.slug;
      const updated = await admin.from('articles_meta').update({ hero_image_url: heroUrl }).eq('id', data!.id);
      if (updated.error) throw new Error(updated.error.message);
    },
    log: () => {},
  });
  await stack.start();
  db = createClient(stack.server!.url, stack.server!.config.serviceRoleKey, { auth: { persistSession: false } });
  site = stack.site!.url;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The srcset of the article page's hero: [url, width] pairs. */
async function heroSrcset(): Promise<[string, number][]> {
  const html = await (await fetch(`${site}/article/${encodeURIComponent(slug)}`)).text();
  const hero = /<figure[^>]*class="[^"]*hero[^"]*"[^>]*>[\s\S]*?<img([^>]*)>/.exec(html);
  expect(hero).not.toBeNull();
  const srcset = /srcset="([^"]*)"/.exec(hero![1]!)?.[1] ?? '';
  return srcset
    .split(', ')
    .map((c) => c.split(' '))
    .map(([url, w]) => [url!, Number(w!.replace('w', ''))]);
}

/** Every file of the live release whose name matches `pattern`, with its text. */
function releaseTexts(pattern: RegExp): [string, string][] {
  const dir = currentRelease(releasesDir)!.dir;
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(dir, file), fs.readFileSync(file, 'utf8')];
    });
}

async function edit(values: Record<string, unknown>): Promise<void> {
  const { error } = await db.from('articles_meta').update(values).eq('slug', slug);
  expect(error).toBeNull();
  const record = await stack.worker!.buildNow('test edit');
  expect(record.error).toBeUndefined();
}

describe('a Free-plan project (no image renderer) built with PUBLIC_IMAGE_TRANSFORMS=build', () => {
  it('has no renderer: the render endpoint answers as hosted Storage does on the Free plan', async () => {
    const res = await fetch(`${heroUrl.replace('/object/public/', '/render/image/public/')}?width=400`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ statusCode: '403', error: 'FeatureNotEnabled' });
  });

  it('names its own renditions in the hero srcset, of every width, WebP, smaller than the original', async () => {
    const candidates = await heroSrcset();
    expect(candidates.map(([, w]) => w)).toEqual(IMAGE_WIDTHS);
    const sizes: number[] = [];
    for (const [url, width] of candidates) {
      expect(url).toMatch(/^\/_img\/[0-9a-f]{20}-\d+\.webp$/);
      const res = await fetch(`${site}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(bytes.length).toBeLessThan(original.length / 4);
      sizes.push(bytes.length);
    }
    // Wider renditions cost more: the phone's 400 px one is the smallest.
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
  });

  it('leaves no placeholder and no render URL in any page or endpoint of the release', () => {
    const texts = releaseTexts(/\.(html|json|xml)$/);
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter(([, t]) => t.includes('/_img/~')).map(([f]) => f)).toEqual([]);
    expect(texts.filter(([, t]) => t.includes('/storage/v1/render/')).map(([f]) => f)).toEqual([]);
    // The trending fragment's thumbnails are renditions too.
    const trending = texts.find(([f]) => f === 'trending.json')![1];
    const images = (JSON.parse(trending) as { items: { image: string | null }[] }).items.map((i) => i.image);
    expect(images.some((i) => i && /^\/_img\/[0-9a-f]{20}-400\.webp$/.test(i))).toBe(true);
  });

  it('reuses the cached renditions in a later build of the page, without rendering them again', async () => {
    const before = await heroSrcset();
    const cached = path.join(cacheDir, RENDITION_CACHE, path.basename(before[0]![0]));
    const mtime = fs.statSync(cached).mtimeMs;
    await edit({ title: `Build-mode images ${Date.now()}` });
    expect(await heroSrcset()).toEqual(before);
    expect(fs.statSync(cached).mtimeMs).toBe(mtime);
    const refs = readImageRefs(cacheDir).pages;
    expect(Object.values(refs).some((names) => names.includes(before[0]![0].slice(1)))).toBe(true);
  });

  it('gives a replaced image (same URL, new bytes) new renditions once its pages are built again', async () => {
    const before = await heroSrcset();
    const oldBytes = Buffer.from(await (await fetch(`${site}${before[1]![0]}`)).arrayBuffer());
    const replacement = await photo(2400, 1350, 3);
    const { error } = await db.storage
      .from('article-images')
      .upload(HERO, replacement, { contentType: 'image/jpeg', upsert: true });
    expect(error).toBeNull();
    await edit({ title: `Build-mode images, new photo ${Date.now()}` });
    const after = await heroSrcset();
    expect(after.map(([, w]) => w)).toEqual(IMAGE_WIDTHS);
    expect(after[0]![0]).not.toBe(before[0]![0]);
    const res = await fetch(`${site}${after[1]![0]}`);
    expect(res.status).toBe(200);
    const newBytes = Buffer.from(await res.arrayBuffer());
    expect((await sharp(newBytes).metadata()).width).toBe(after[1]![1]);
    expect(newBytes.equals(oldBytes)).toBe(false);
  });
});
