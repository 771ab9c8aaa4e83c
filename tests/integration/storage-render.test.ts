/**
 * Storage image transformations (`/render/image/…`) through supabase-js: getPublicUrl and
 * download with `transform`, createSignedUrl with `transform`; sizes and resize modes, output
 * formats, parameter validation, visibility (the download routes' rules), HTTP caching and the
 * on-disk rendition cache. Buckets come from tests/fixtures/migrations/99990102000000_storage_fixtures.sql.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { apiUrl, signedInClient, uniqueEmail } from '../support/clients.ts';

const unique = (prefix = 't'): string => `${prefix}-${randomUUID().slice(0, 8)}`;

type Rgb = [number, number, number];
const GREEN: Rgb = [0, 200, 0];
const RED: Rgb = [220, 0, 0];
const BLUE: Rgb = [0, 0, 220];
const YELLOW: Rgb = [230, 220, 0];

/** A w×h image of vertical stripes of the given colours (400×200 = four 100 px bands by default). */
async function stripes(
  format: 'png' | 'jpeg' = 'png',
  colours: Rgb[] = [GREEN, RED, BLUE, YELLOW],
  width = 400,
  height = 200,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  const band = width / colours.length;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = colours[Math.min(colours.length - 1, Math.floor(x / band))]!;
      raw.set(c, (y * width + x) * 3);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format, { quality: 95 })
    .toBuffer();
}

async function describeImage(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  return { format: m.format, width: m.width, height: m.height, compression: m.compression };
}

async function pixel(bytes: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const near = (actual: Rgb, expected: Rgb) => actual.every((v, i) => Math.abs(v - expected[i]!) < 50);

/** A PNG that declares its size but holds (almost) no pixel data: enough for the limit checks. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(url, { method, headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

const renderUrl = (access: string, bucket: string, name: string, query = '') =>
  `${apiUrl()}/storage/v1/render/image/${access}/${bucket}/${name}${query ? `?${query}` : ''}`;

/** The folder holding one object's renditions (see supabase/local/storage/render.ts). */
const cacheDir = (bucket: string, name: string) =>
  path.join(inject('dataDir'), 'storage-render', bucket, createHash('sha256').update(name).digest('hex'));

const ACCEPT_WEBP = { Accept: 'image/avif,image/webp,image/apng,*/*;q=0.8' };

function errorFields(error: unknown): { status?: number; statusCode?: string; message?: string } {
  const e = error as { status?: number; statusCode?: string; message?: string } | null;
  return { status: e?.status, statusCode: e?.statusCode, message: e?.message };
}

let alice: { client: SupabaseClient; userId: string };
let bob: { client: SupabaseClient; userId: string };
let source: Buffer;

beforeAll(async () => {
  alice = await signedInClient(uniqueEmail('render'));
  bob = await signedInClient(uniqueEmail('render'));
  source = await stripes();
});

describe('public renditions (getPublicUrl with transform)', () => {
  const name = `${unique('pub')}/stripes.png`;
  const publicUrl = (transform: Record<string, unknown>) =>
    alice.client.storage.from('fx-public').getPublicUrl(name, { transform }).data.publicUrl;

  beforeAll(async () => {
    const up = await alice.client.storage
      .from('fx-public')
      .upload(name, source, { contentType: 'image/png', cacheControl: '3600' });
    expect(up.error).toBeNull();
  });

  it('builds /render/image/public URLs and keeps the aspect ratio for width or height alone', async () => {
    const url = publicUrl({ width: 100 });
    expect(url).toBe(renderUrl('public', 'fx-public', name, 'width=100'));
    const byWidth = await get(url);
    expect(byWidth.res.status).toBe(200);
    expect(byWidth.res.headers.get('content-type')).toBe('image/png');
    expect(await describeImage(byWidth.body)).toMatchObject({ format: 'png', width: 100, height: 50 });

    const byHeight = await get(publicUrl({ height: 50 }));
    expect(await describeImage(byHeight.body)).toMatchObject({ width: 100, height: 50 });
  });

  it('covers (crops the overflow) by default, contains and fills on request', async () => {
    const cover = (await get(publicUrl({ width: 100, height: 100 }))).body;
    expect(await describeImage(cover)).toMatchObject({ width: 100, height: 100 });
    // The middle 200×200 survives: red on the left edge, blue on the right.
    expect(near(await pixel(cover, 5, 50), RED)).toBe(true);
    expect(near(await pixel(cover, 94, 50), BLUE)).toBe(true);
    const explicitCover = (await get(publicUrl({ width: 100, height: 100, resize: 'cover' }))).body;
    expect(explicitCover.equals(cover)).toBe(true);

    const contain = (await get(publicUrl({ width: 100, height: 100, resize: 'contain' }))).body;
    expect(await describeImage(contain)).toMatchObject({ width: 100, height: 50 });
    expect(near(await pixel(contain, 5, 25), GREEN)).toBe(true);

    const fill = (await get(publicUrl({ width: 100, height: 100, resize: 'fill' }))).body;
    expect(await describeImage(fill)).toMatchObject({ width: 100, height: 100 });
    // Stretched, nothing cropped: green on the left edge, yellow on the right.
    expect(near(await pixel(fill, 5, 50), GREEN)).toBe(true);
    expect(near(await pixel(fill, 94, 50), YELLOW)).toBe(true);
  });

  it('never enlarges a raster image (imgproxy default)', async () => {
    const wide = await get(publicUrl({ width: 800 }));
    expect(await describeImage(wide.body)).toMatchObject({ width: 400, height: 200 });
    const box = await get(publicUrl({ width: 1000, height: 100 }));
    expect(await describeImage(box.body)).toMatchObject({ width: 400, height: 100 });
  });

  it('answers WebP to clients that accept it, the source format with format=origin, AVIF on request', async () => {
    const webp = await get(publicUrl({ width: 100 }), ACCEPT_WEBP);
    expect(webp.res.headers.get('content-type')).toBe('image/webp');
    expect(webp.res.headers.get('vary')).toMatch(/accept/i);
    expect(await describeImage(webp.body)).toMatchObject({ format: 'webp', width: 100, height: 50 });

    const origin = await get(publicUrl({ width: 100, format: 'origin' }), ACCEPT_WEBP);
    expect(origin.res.headers.get('content-type')).toBe('image/png');
    expect((await describeImage(origin.body)).format).toBe('png');

    const avif = await get(renderUrl('public', 'fx-public', name, 'width=100&format=avif'));
    expect(avif.res.headers.get('content-type')).toBe('image/avif');
    expect(await describeImage(avif.body)).toMatchObject({ format: 'heif', compression: 'av1', width: 100 });

    const webpAsked = await get(renderUrl('public', 'fx-public', name, 'width=100&format=webp'));
    expect(webpAsked.res.headers.get('content-type')).toBe('image/webp');
  });

  it('sends the stored Cache-Control, a rendition ETag, Content-Length, 304s and HEAD', async () => {
    const url = publicUrl({ width: 120 });
    const first = await get(url);
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.res.headers.get('cache-control')).toBe('max-age=3600');
    expect(first.res.headers.get('content-length')).toBe(String(first.body.length));
    expect(first.res.headers.get('last-modified')).toBeTruthy();

    const again = await get(url, { 'If-None-Match': etag });
    expect(again.res.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.res.headers.get('etag')).toBe(etag);

    const head = await get(url, {}, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.res.headers.get('content-length')).toBe(String(first.body.length));
    expect(head.res.headers.get('etag')).toBe(etag);

    // Another size, another output format: other ETags, and a stale tag gets the full image.
    const other = await get(publicUrl({ width: 121 }), { 'If-None-Match': etag });
    expect(other.res.status).toBe(200);
    expect(other.res.headers.get('etag')).not.toBe(etag);
    const webp = await get(url, { ...ACCEPT_WEBP, 'If-None-Match': etag });
    expect(webp.res.status).toBe(200);
    expect(webp.res.headers.get('etag')).not.toBe(etag);
  });

  it('renders once: the second request is served from the rendition cache', async () => {
    const url = publicUrl({ width: 90 });
    const first = await get(url);
    const dir = cacheDir('fx-public', name);
    const file = fs.readdirSync(dir).find((f) => f.includes('.w90-h--q80-origin.'));
    expect(file).toBeDefined();
    const cached = path.join(dir, file!);
    expect(fs.readFileSync(cached).equals(first.body)).toBe(true);
    const mtime = fs.statSync(cached).mtimeMs;

    const second = await get(url);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.res.headers.get('etag')).toBe(first.res.headers.get('etag'));
    expect(fs.statSync(cached).mtimeMs).toBe(mtime);

    // Proof that sharp did not run again: a doctored cache file is what gets served.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    fs.writeFileSync(cached, marker);
    try {
      expect((await get(url)).body.equals(marker)).toBe(true);
    } finally {
      fs.writeFileSync(cached, first.body);
    }
  });

  it('refuses invalid options with a 400 in Storage error shape', async () => {
    const cases: [string, string][] = [
      ['width=0', 'querystring/width must be >= 1'],
      ['width=2501', 'querystring/width must be <= 2500'],
      ['width=1.5', 'querystring/width must be integer'],
      ['height=abc', 'querystring/height must be integer'],
      ['width=100&quality=19', 'querystring/quality must be >= 20'],
      ['width=100&quality=101', 'querystring/quality must be <= 100'],
      ['width=100&resize=stretch', 'querystring/resize must be equal to one of the allowed values'],
      ['width=100&format=gif', 'querystring/format must be equal to one of the allowed values'],
    ];
    for (const [query, message] of cases) {
      const { res, body } = await get(renderUrl('public', 'fx-public', name, query));
      expect(res.status, query).toBe(400);
      expect(JSON.parse(body.toString()), query).toEqual({
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'Bad Request',
        message,
      });
    }
    expect((await get(renderUrl('public', 'fx-public', name, 'width=2500&quality=20'))).res.status).toBe(200);
  });

  it('answers a missing object like the download route', async () => {
    const missing = `${name}.missing.png`;
    const render = await get(renderUrl('public', 'fx-public', missing, 'width=10'));
    const plain = await get(`${apiUrl()}/storage/v1/object/public/fx-public/${missing}`);
    expect(render.res.status).toBe(plain.res.status);
    expect(JSON.parse(render.body.toString())).toEqual(JSON.parse(plain.body.toString()));
  });
});

describe('quality and source formats', () => {
  it('applies quality to JPEG output and keeps JPEG with format=origin', async () => {
    const name = `${unique('jpeg')}/photo.jpg`;
    const bucket = alice.client.storage.from('fx-public');
    expect((await bucket.upload(name, await stripes('jpeg'), { contentType: 'image/jpeg' })).error).toBeNull();
    const url = (quality: number) => bucket.getPublicUrl(name, { transform: { width: 300, quality } }).data.publicUrl;
    const low = await get(url(20));
    const high = await get(url(100));
    expect(low.res.headers.get('content-type')).toBe('image/jpeg');
    expect(await describeImage(low.body)).toMatchObject({ format: 'jpeg', width: 300, height: 150 });
    expect(low.body.length).toBeLessThan(high.body.length);
  });

  it('rasterises SVG sources to PNG at the size asked for', async () => {
    const name = `${unique('svg')}/logo.svg`;
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="red"/></svg>';
    const bucket = alice.client.storage.from('fx-public');
    expect((await bucket.upload(name, Buffer.from(svg), { contentType: 'image/svg+xml' })).error).toBeNull();
    const out = await get(bucket.getPublicUrl(name, { transform: { width: 200 } }).data.publicUrl);
    expect(out.res.headers.get('content-type')).toBe('image/png');
    expect(await describeImage(out.body)).toMatchObject({ format: 'png', width: 200, height: 100 });
  });

  it('applies EXIF orientation, and renders the first frame of an animated GIF as a GIF', async () => {
    const bucket = alice.client.storage.from('fx-public');
    const rotated = `${unique('exif')}/portrait.jpg`;
    // Stored 400×200 landscape, displayed as 200×400 portrait (orientation 6 = rotate 90°).
    const jpeg = await sharp(await stripes('jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await bucket.upload(rotated, jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    const upright = await get(bucket.getPublicUrl(rotated, { transform: { width: 100 } }).data.publicUrl);
    expect(await describeImage(upright.body)).toMatchObject({ format: 'jpeg', width: 100, height: 200 });

    // Two frames, striped then blue: the rendition is the first frame, still a GIF.
    const gifName = `${unique('gif')}/anim.gif`;
    const frames = await Promise.all(
      [await stripes(), await stripes('png', [BLUE])].map((f) => sharp(f).raw().toBuffer()),
    );
    const gif = await sharp(Buffer.concat(frames), { raw: { width: 400, height: 400, channels: 3, pageHeight: 200 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    expect((await bucket.upload(gifName, gif, { contentType: 'image/gif' })).error).toBeNull();
    const out = await get(bucket.getPublicUrl(gifName, { transform: { height: 20 } }).data.publicUrl);
    expect(out.res.headers.get('content-type')).toBe('image/gif');
    expect(await describeImage(out.body)).toMatchObject({ format: 'gif', width: 40, height: 20 });
    expect((await sharp(out.body).metadata()).pages ?? 1).toBe(1);
    expect(near(await pixel(out.body, 2, 10), GREEN)).toBe(true);
  });

  it('answers non-image objects with a 400 ImageProcessingError, and keeps serving', async () => {
    const pdf = `${unique('doc')}/report.pdf`;
    const docs = alice.client.storage.from('fx-docs');
    expect(
      (await docs.upload(pdf, Buffer.from('%PDF-1.7 not an image'), { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const res = await get(docs.getPublicUrl(pdf, { transform: { width: 100 } }).data.publicUrl);
    expect(res.res.status).toBe(400);
    expect(JSON.parse(res.body.toString())).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'The source image is invalid or unsupported for rendering',
    });

    const text = `${unique('txt')}/notes.png`;
    const shared = alice.client.storage.from('fx-shared');
    expect((await shared.upload(text, Buffer.from('just text'), { contentType: 'image/png' })).error).toBeNull();
    const down = await shared.download(text, { transform: { width: 100 } });
    expect(down.data).toBeNull();
    expect(errorFields(down.error)).toMatchObject({ status: 400, statusCode: '400' });

    expect((await get(docs.getPublicUrl(pdf).data.publicUrl)).res.status).toBe(200);
  });

  it('refuses sources over 50 megapixels and over 25 MB', async () => {
    const shared = alice.client.storage.from('fx-shared');
    const huge = `${unique('huge')}/huge.png`;
    expect((await shared.upload(huge, pngHeaderOnly(10_000, 6_000), { contentType: 'image/png' })).error).toBeNull();
    const pixels = await shared.download(huge, { transform: { width: 100 } });
    expect(errorFields(pixels.error)).toMatchObject({ status: 400, statusCode: '400' });
    expect(pixels.error!.message).toBe('The source image resolution is too large to process');

    const heavy = `${unique('heavy')}/heavy.png`;
    const bytes = Buffer.concat([pngHeaderOnly(100, 100), Buffer.alloc(26 * 1024 * 1024)]);
    expect((await shared.upload(heavy, bytes, { contentType: 'image/png' })).error).toBeNull();
    const size = await shared.download(heavy, { transform: { width: 100 } });
    expect(errorFields(size.error)).toMatchObject({ status: 400, statusCode: '400' });
    expect(size.error!.message).toBe('The source image file is too large to process');
  });
});

describe('visibility', () => {
  it('refuses a private bucket on the public route exactly like the public download route', async () => {
    const name = `${unique('priv')}/stripes.png`;
    expect(
      (await alice.client.storage.from('fx-shared').upload(name, source, { contentType: 'image/png' })).error,
    ).toBeNull();
    const render = await get(renderUrl('public', 'fx-shared', name, 'width=100'));
    const plain = await get(`${apiUrl()}/storage/v1/object/public/fx-shared/${name}`);
    expect(render.res.status).toBe(400);
    expect(render.res.status).toBe(plain.res.status);
    expect(JSON.parse(render.body.toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('renders through the caller RLS on the authenticated route (download with transform)', async () => {
    const name = `${alice.userId}/${unique('own')}.png`;
    const mine = alice.client.storage.from('fx-private');
    expect((await mine.upload(name, source, { contentType: 'image/png' })).error).toBeNull();

    const own = await mine.download(name, { transform: { width: 100, height: 100, resize: 'contain' } });
    expect(own.error).toBeNull();
    expect(own.data!.type).toBe('image/png');
    expect(await describeImage(Buffer.from(await own.data!.arrayBuffer()))).toMatchObject({ width: 100, height: 50 });

    // Bob's policies hide Alice's folder: the same answer as his plain download.
    const theirs = bob.client.storage.from('fx-private');
    const refused = await theirs.download(name, { transform: { width: 100 } });
    const plain = await theirs.download(name);
    expect(refused.data).toBeNull();
    expect(errorFields(refused.error)).toEqual(errorFields(plain.error));

    // Without a JWT the authenticated route refuses, like /object/authenticated.
    const anon = await get(renderUrl('authenticated', 'fx-private', name, 'width=100'));
    const anonPlain = await get(`${apiUrl()}/storage/v1/object/authenticated/fx-private/${name}`);
    expect(anon.res.status).toBe(anonPlain.res.status);
    expect(anon.res.status).toBeGreaterThanOrEqual(400);
  });
});

describe('signed renditions (createSignedUrl with transform)', () => {
  const name = `${unique('signed')}/stripes.png`;
  const bucket = () => alice.client.storage.from('fx-shared');
  // Like hosted Storage, signed URLs need no API key: the token is the permission.
  const noApiKey = {};

  beforeAll(async () => {
    expect((await bucket().upload(name, source, { contentType: 'image/png' })).error).toBeNull();
  });

  it('signs the transformations into a /render/image/sign/ URL; the query cannot change them', async () => {
    const { data, error } = await bucket().createSignedUrl(name, 60, {
      transform: { width: 100, height: 100, resize: 'contain' },
    });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/fx-shared/');
    const out = await get(data!.signedUrl, noApiKey);
    expect(out.res.status).toBe(200);
    expect(out.res.headers.get('expires')).toBeTruthy();
    expect(out.res.headers.get('cache-control')).toBeNull();
    expect(await describeImage(out.body)).toMatchObject({ format: 'png', width: 100, height: 50 });

    const tampered = await get(`${data!.signedUrl}&width=300&height=300&resize=fill`, noApiKey);
    expect(tampered.body.equals(out.body)).toBe(true);
  });

  it('keeps the source format for format origin and converts for clients accepting WebP', async () => {
    const origin = await bucket().createSignedUrl(name, 60, { transform: { width: 50, format: 'origin' } });
    const asOrigin = await get(origin.data!.signedUrl, { ...noApiKey, ...ACCEPT_WEBP });
    expect(await describeImage(asOrigin.body)).toMatchObject({ format: 'png', width: 50 });

    const auto = await bucket().createSignedUrl(name, 60, { transform: { width: 50 } });
    const asWebp = await get(auto.data!.signedUrl, { ...noApiKey, ...ACCEPT_WEBP });
    expect(await describeImage(asWebp.body)).toMatchObject({ format: 'webp', width: 50 });
  });

  it('accepts a plain download token on the render route, and refuses bad options at signing', async () => {
    const plain = await bucket().createSignedUrl(name, 60);
    expect(plain.data!.signedUrl).toContain('/object/sign/');
    const url = plain.data!.signedUrl.replace('/object/sign/', '/render/image/sign/');
    expect(await describeImage((await get(url, noApiKey)).body)).toMatchObject({ width: 400, height: 200 });

    const bad = await bucket().createSignedUrl(name, 60, { transform: { width: 3000 } });
    expect(bad.data).toBeNull();
    expect(errorFields(bad.error)).toMatchObject({
      status: 400,
      statusCode: '400',
      message: 'body/transform/width must be <= 2500',
    });

    const forged = url.replace(/token=[^&]+/, 'token=not.a.jwt');
    expect((await get(forged, noApiKey)).res.status).toBe(400);
  });
});

describe('re-uploads and concurrency', () => {
  it('never serves a rendition of the previous bytes after an upsert', async () => {
    const name = `${unique('swap')}/picture.png`;
    const bucket = alice.client.storage.from('fx-public');
    expect((await bucket.upload(name, source, { contentType: 'image/png' })).error).toBeNull();
    const url = bucket.getPublicUrl(name, { transform: { width: 100 } }).data.publicUrl;
    const before = await get(url);
    expect(await describeImage(before.body)).toMatchObject({ width: 100, height: 50 });

    const square = await stripes('png', [BLUE, BLUE], 200, 200);
    expect((await bucket.upload(name, square, { contentType: 'image/png', upsert: true })).error).toBeNull();
    const after = await get(url, { 'If-None-Match': before.res.headers.get('etag')! });
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
    expect(await describeImage(after.body)).toMatchObject({ width: 100, height: 100 });
    expect(near(await pixel(after.body, 5, 5), BLUE)).toBe(true);

    // Only the current source's renditions stay in the cache.
    const files = fs.readdirSync(cacheDir('fx-public', name));
    expect(files).toHaveLength(1);
  });

  it('renders one rendition once under concurrent requests, with no temp files left', async () => {
    const name = `${unique('race')}/stripes.png`;
    const bucket = alice.client.storage.from('fx-public');
    expect((await bucket.upload(name, source, { contentType: 'image/png' })).error).toBeNull();
    const url = bucket.getPublicUrl(name, { transform: { width: 137, height: 61 } }).data.publicUrl;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    for (const a of answers) {
      expect(a.res.status).toBe(200);
      expect(a.body.equals(answers[0]!.body)).toBe(true);
    }
    expect(await describeImage(answers[0]!.body)).toMatchObject({ width: 137, height: 61 });
    const files = fs.readdirSync(cacheDir('fx-public', name));
    expect(files).toHaveLength(1);
    expect(files[0]).not.toMatch(/^\.tmp-/);
  });
});
