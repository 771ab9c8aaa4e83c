/**
 * The `build` image mode's build step (scripts/lib/image-renditions.ts, its cache in
 * image-rendition-cache.ts) against a small HTTP server standing in for Storage's public object
 * route (ETag, Last-Modified, 304 on a matching If-None-Match): renditions of the asked widths, WebP, smaller than the source, named by the
 * source's version; a second build revalidates without rendering; a replaced source gets new
 * names; anything that cannot be rendered keeps its own URL.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RENDITION_CACHE, readImageRefs } from '../../scripts/lib/image-refs.ts';
import { renditionKey } from '../../scripts/lib/image-rendition-cache.ts';
import { renderImageRenditions, type RenditionOptions } from '../../scripts/lib/image-renditions.ts';
import { pendingRendition } from '../../src/lib/image-mode.ts';

/** A photo-like JPEG: noise over gradients compresses like a photograph. */
async function photo(width: number, height: number, seed = 7): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = Math.min(255, ((i / 3) % width) / 8 + ((s >> 16) % 64));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Source {
  body: Buffer;
  type: string;
  etag: string;
}
const sources = new Map<string, Source>();
const requests: { path: string; conditional: boolean; status: number }[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const source = sources.get(req.url ?? '');
    const conditional = req.headers['if-none-match'] !== undefined;
    let status = 200;
    if (!source) status = 404;
    else if (req.headers['if-none-match'] === source.etag) status = 304;
    requests.push({ path: req.url ?? '', conditional, status });
    if (status === 404) return res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not_found"}');
    const headers = { ETag: source!.etag, 'Last-Modified': 'Tue, 24 Nov 2026 10:00:00 GMT' };
    if (status === 304) return res.writeHead(304, headers).end();
    res
      .writeHead(200, { ...headers, 'Content-Type': source!.type, 'Content-Length': source!.body.length })
      .end(source!.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

let tmp: string;
let outDir: string;
let cacheDir: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'renditions-'));
  outDir = path.join(tmp, 'dist');
  cacheDir = path.join(tmp, 'cache');
  sources.clear();
  requests.length = 0;
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const url = (name: string) => `${origin}/storage/v1/object/public/article-images/${name}`;
const objectPath = (name: string) => `/storage/v1/object/public/article-images/${name}`;

/** A page naming `name` at `widths` as responsiveImage does (srcset + src). */
function page(rel: string, name: string, widths = [400, 800, 1200, 1600]): string {
  const srcset = widths.map((w) => `${pendingRendition(url(name), w)} ${w}w`).join(', ');
  const file = path.join(outDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    `<img src="${pendingRendition(url(name), 800)}" srcset="${srcset}" width="1600" height="900">`,
  );
  return file;
}

const run = (files: string[], extra: Partial<RenditionOptions> = {}) =>
  renderImageRenditions({ outDir, cacheDir, files, mode: 'build', keepOutDir: true, ...extra });

const named = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/\/_img\/([0-9a-f]{20})-(\d+)\.webp/g)];

describe('renditionKey', () => {
  const version = { etag: '"abc"', lastModified: 'Tue, 24 Nov 2026 10:00:00 GMT' };
  it('is stable for one source version and changes with the URL, the ETag or Last-Modified', () => {
    const key = renditionKey('https://x/a.jpg', version);
    expect(key).toMatch(/^[0-9a-f]{20}$/);
    expect(renditionKey('https://x/a.jpg', { ...version })).toBe(key);
    expect(renditionKey('https://x/b.jpg', version)).not.toBe(key);
    expect(renditionKey('https://x/a.jpg', { ...version, etag: '"abd"' })).not.toBe(key);
    expect(renditionKey('https://x/a.jpg', { ...version, lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' })).not.toBe(
      key,
    );
  });
  it('hashes the bytes of a source that has neither', () => {
    const none = { etag: null, lastModified: null };
    const a = renditionKey('https://x/a.jpg', none, new Uint8Array([1, 2, 3]));
    expect(renditionKey('https://x/a.jpg', none, new Uint8Array([1, 2, 3]))).toBe(a);
    expect(renditionKey('https://x/a.jpg', none, new Uint8Array([1, 2, 4]))).not.toBe(a);
  });
});

describe('renderImageRenditions', () => {
  it('writes WebP renditions of the asked widths, smaller than the source, and names them in the page', async () => {
    const original = await photo(2000, 1125);
    sources.set(objectPath('hero.jpg'), { body: original, type: 'image/jpeg', etag: '"v1"' });
    const file = page('article/a/index.html', 'hero.jpg');
    const stats = await run([file]);
    expect(stats).toMatchObject({
      sources: 1,
      downloaded: 1,
      revalidated: 0,
      rendered: 4,
      fallbacks: 0,
      filesRewritten: 1,
    });
    const html = fs.readFileSync(file, 'utf8');
    expect(html).not.toContain('/_img/~');
    const refs = named(file);
    expect(new Set(refs.map((m) => m[2]))).toEqual(new Set(['400', '800', '1200', '1600']));
    for (const [served, , width] of refs) {
      const bytes = fs.readFileSync(path.join(outDir, served));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Number(width));
      expect(bytes.length).toBeLessThan(original.length);
    }
    expect(readImageRefs(cacheDir).pages['article/a/index.html']).toEqual(
      [...new Set(refs.map((m) => m[0].slice(1)))].sort(),
    );
  });

  it('revalidates on the next build (a 304) and links the cached renditions without rendering', async () => {
    sources.set(objectPath('hero.jpg'), { body: await photo(1000, 563), type: 'image/jpeg', etag: '"v1"' });
    const first = page('a.html', 'hero.jpg');
    await run([first]);
    const before = named(first).map((m) => m[0]);
    fs.rmSync(outDir, { recursive: true });
    const again = page('b.html', 'hero.jpg');
    requests.length = 0;
    const stats = await run([again]);
    expect(stats).toMatchObject({ sources: 1, revalidated: 1, downloaded: 0, rendered: 0 });
    expect(requests).toEqual([{ path: objectPath('hero.jpg'), conditional: true, status: 304 }]);
    expect(named(again).map((m) => m[0])).toEqual(before);
    // A hard link to the cache: no copy of the bytes.
    const served = named(again)[0]![0];
    const cached = path.join(cacheDir, RENDITION_CACHE, path.basename(served));
    expect(fs.statSync(path.join(outDir, served)).ino).toBe(fs.statSync(cached).ino);
  });

  it('never enlarges: widths past the source are the source width, rendered once', async () => {
    sources.set(objectPath('small.jpg'), { body: await photo(600, 338), type: 'image/jpeg', etag: '"s"' });
    const file = page('a.html', 'small.jpg');
    const stats = await run([file]);
    expect(stats.rendered).toBe(4);
    for (const [served, , width] of named(file)) {
      expect((await sharp(path.join(outDir, served)).metadata()).width).toBe(Math.min(600, Number(width)));
    }
  });

  it('gives a replaced source new names and drops its old renditions from the cache', async () => {
    sources.set(objectPath('hero.jpg'), { body: await photo(1000, 563, 1), type: 'image/jpeg', etag: '"v1"' });
    const file = page('a.html', 'hero.jpg');
    await run([file]);
    const oldNames = named(file).map((m) => m[1]);
    sources.set(objectPath('hero.jpg'), { body: await photo(1000, 563, 2), type: 'image/jpeg', etag: '"v2"' });
    page('a.html', 'hero.jpg');
    const stats = await run([file]);
    expect(stats).toMatchObject({ revalidated: 0, downloaded: 1, rendered: 4 });
    const newNames = named(file).map((m) => m[1]);
    expect(new Set(newNames).size).toBe(1);
    expect(newNames[0]).not.toBe(oldNames[0]);
    const cache = fs.readdirSync(path.join(cacheDir, RENDITION_CACHE));
    expect(cache.filter((f) => f.startsWith(oldNames[0]!))).toEqual([]);
    expect(cache.filter((f) => f.startsWith(newNames[0]!))).toHaveLength(4);
  });

  it('leaves a missing, unreachable or non-image source as its own URL, and the page whole', async () => {
    sources.set(objectPath('doc.pdf'), {
      body: Buffer.from('%PDF-1.4 not an image'),
      type: 'application/pdf',
      etag: '"p"',
    });
    sources.set(objectPath('broken.jpg'), { body: Buffer.from('not a jpeg'), type: 'image/jpeg', etag: '"b"' });
    const files = [page('a.html', 'missing.jpg'), page('b.html', 'doc.pdf'), page('c.html', 'broken.jpg')];
    const dead = path.join(outDir, 'd.html');
    fs.writeFileSync(
      dead,
      `<img src="${pendingRendition('http://127.0.0.1:1/storage/v1/object/public/b/x.jpg', 400)}">`,
    );
    const stats = await run([...files, dead]);
    expect(stats).toMatchObject({ sources: 4, fallbacks: 4, rendered: 0 });
    expect(fs.readFileSync(files[0]!, 'utf8')).toContain(`src="${url('missing.jpg')}"`);
    expect(fs.readFileSync(files[1]!, 'utf8')).toContain(`srcset="${url('doc.pdf')} 400w`);
    expect(fs.readFileSync(files[2]!, 'utf8')).not.toContain('/_img/');
    expect(fs.readFileSync(dead, 'utf8')).toBe('<img src="http://127.0.0.1:1/storage/v1/object/public/b/x.jpg">');
    expect(readImageRefs(cacheDir).pages).toEqual({});
    // Written as the file's syntax needs it: escaped in markup, a valid string in JSON.
    const odd = `${url('missing')}/a&b"c.jpg`;
    const json = path.join(outDir, 'e.json');
    fs.writeFileSync(json, JSON.stringify({ image: pendingRendition(odd, 400) }));
    const markup = path.join(outDir, 'f.html');
    fs.writeFileSync(markup, `<img src="${pendingRendition(odd, 400)}">`);
    await run([json, markup]);
    expect(JSON.parse(fs.readFileSync(json, 'utf8'))).toEqual({ image: odd });
    expect(fs.readFileSync(markup, 'utf8')).toBe(`<img src="${odd.replace('&', '&#38;').replace('"', '&#34;')}">`);
    // The non-image is remembered with its version: the next build only revalidates it.
    requests.length = 0;
    page('b.html', 'doc.pdf');
    expect(await run([files[1]!])).toMatchObject({ revalidated: 1, downloaded: 0, fallbacks: 1 });
  });

  it('forgets the refs of pages rendered without renditions, keeps the others in a release build', async () => {
    sources.set(objectPath('hero.jpg'), { body: await photo(800, 450), type: 'image/jpeg', etag: '"v1"' });
    const a = page('a.html', 'hero.jpg');
    const b = page('b.html', 'hero.jpg');
    await run([a, b]);
    fs.writeFileSync(a, '<p>no image now</p>');
    await run([a]);
    expect(Object.keys(readImageRefs(cacheDir).pages)).toEqual(['b.html']);
    // A plain build (output emptied) keeps only its own pages' refs; other modes name none.
    page('c.html', 'hero.jpg');
    await run([path.join(outDir, 'c.html')], { keepOutDir: false });
    expect(Object.keys(readImageRefs(cacheDir).pages)).toEqual(['c.html']);
    await run([path.join(outDir, 'c.html')], { mode: 'storage' });
    expect(readImageRefs(cacheDir).pages).toEqual({});
  });
});
