/**
 * Storage uploads and downloads through the real supabase-js client against the local server:
 * multipart and raw bodies, upsert, size and mime limits, public URLs with HTTP caching,
 * ranges and HEAD. Buckets come from tests/fixtures/migrations/99990102000000_storage_fixtures.sql;
 * RLS and the other object operations are in storage-objects.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, signedInClient, uniqueEmail } from '../support/clients.ts';

const unique = (prefix = 't'): string => `${prefix}-${randomUUID().slice(0, 8)}`;

function errorFields(error: unknown): { status?: number; statusCode?: string; message?: string } {
  const e = error as { status?: number; statusCode?: string; message?: string } | null;
  return { status: e?.status, statusCode: e?.statusCode, message: e?.message };
}

/** Bytes with a PNG signature; Storage trusts the declared type, the signature is for realism. */
function pngBytes(size = 64): Buffer {
  const b = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
}

async function user(): Promise<{ client: SupabaseClient; userId: string }> {
  const { client, userId } = await signedInClient(uniqueEmail('storage'));
  return { client, userId };
}

let alice: { client: SupabaseClient; userId: string };

beforeAll(async () => {
  alice = await user();
});

describe('upload', () => {
  it('uploads a Blob as multipart and downloads the same bytes and type', async () => {
    const path = `${unique('blob')}/hello.txt`;
    const blob = new Blob(['hello storage'], { type: 'text/plain' });
    const up = await alice.client.storage.from('fx-shared').upload(path, blob);
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `fx-shared/${path}` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await alice.client.storage.from('fx-shared').download(path);
    expect(down.error).toBeNull();
    expect(await down.data!.text()).toBe('hello storage');
    expect(down.data!.type).toBe('text/plain');
  });

  it('accepts names with spaces and punctuation, and serves them at their public URL', async () => {
    const path = `${unique('odd')}/My Report (final), v2 & more.pdf`;
    const bucket = alice.client.storage.from('fx-docs');
    expect((await bucket.upload(path, Buffer.from('%PDF-1.7'), { contentType: 'application/pdf' })).error).toBeNull();
    const res = await fetch(bucket.getPublicUrl(path).data.publicUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7');
    const listed = await bucket.list(path.split('/')[0]);
    expect(listed.data!.map((e) => e.name)).toEqual(['My Report (final), v2 & more.pdf']);
  });

  it('uploads a raw Buffer with its content type and reports info and existence', async () => {
    const path = `${unique('raw')}.png`;
    const bytes = pngBytes(300);
    const up = await alice.client.storage
      .from('fx-shared')
      .upload(path, bytes, { contentType: 'image/png', cacheControl: '120', metadata: { caption: 'a dot' } });
    expect(up.error).toBeNull();

    const info = await alice.client.storage.from('fx-shared').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, bucketId: 'fx-shared', size: 300, contentType: 'image/png' });
    expect(info.data!.cacheControl).toBe('max-age=120');
    expect(info.data!.metadata).toEqual({ caption: 'a dot' });
    expect(info.data!.etag).toMatch(/^"[0-9a-f]{32}"$/);

    expect((await alice.client.storage.from('fx-shared').exists(path)).data).toBe(true);
    expect((await alice.client.storage.from('fx-shared').exists(`${path}.missing`)).data).toBe(false);
  });

  it('stores owner, owner_id and Storage metadata on the row', async () => {
    const path = `${alice.userId}/${unique('meta')}.txt`;
    expect(
      (await alice.client.storage.from('fx-private').upload(path, 'abc', { contentType: 'text/plain' })).error,
    ).toBeNull();
    const listed = await alice.client.storage.from('fx-private').list(alice.userId, { search: path.split('/')[1] });
    expect(listed.error).toBeNull();
    expect(listed.data![0]!.metadata).toMatchObject({
      size: 3,
      mimetype: 'text/plain',
      contentLength: 3,
      httpStatusCode: 200,
    });
    expect(listed.data![0]!.metadata!.eTag).toBe('"900150983cd24fb0d6963f7d28e17f72"'); // md5("abc")
  });

  it('refuses to overwrite without upsert and overwrites with it', async () => {
    const path = `${unique('dup')}.txt`;
    const bucket = alice.client.storage.from('fx-shared');
    expect((await bucket.upload(path, 'first')).error).toBeNull();

    const again = await bucket.upload(path, 'second');
    expect(errorFields(again.error)).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    });
    expect(await (await bucket.download(path)).data!.text()).toBe('first');

    const upsert = await bucket.upload(path, 'third', { upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('third');

    const updated = await bucket.update(path, new Blob(['fourth'], { type: 'text/plain' }));
    expect(updated.error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('fourth');
  });

  it('enforces the bucket size limit for raw and multipart bodies (413)', async () => {
    const big = pngBytes(1024 * 1024 + 10);
    const raw = await alice.client.storage
      .from('fx-public')
      .upload(`${unique('big')}.png`, big, { contentType: 'image/png' });
    expect(errorFields(raw.error)).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });

    const multipart = await alice.client.storage
      .from('fx-public')
      .upload(`${unique('big')}.png`, new Blob([new Uint8Array(big)], { type: 'image/png' }));
    expect(errorFields(multipart.error)).toMatchObject({ status: 400, statusCode: '413' });

    const fits = await alice.client.storage
      .from('fx-public')
      .upload(`${unique('ok')}.png`, pngBytes(1024 * 1024), { contentType: 'image/png' });
    expect(fits.error).toBeNull();
  });

  it('enforces allowed mime types (415), with type/* wildcards', async () => {
    const text = await alice.client.storage
      .from('fx-public')
      .upload(`${unique('t')}.txt`, 'plain', { contentType: 'text/plain' });
    expect(errorFields(text.error)).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    });

    const jpeg = await alice.client.storage
      .from('fx-public')
      .upload(`${unique('j')}.jpg`, pngBytes(), { contentType: 'image/jpeg' });
    expect(jpeg.error).toBeNull();

    const pdfBucket = alice.client.storage.from('fx-docs');
    expect(
      (await pdfBucket.upload(`${unique('d')}.pdf`, Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' })).error,
    ).toBeNull();
    const png = await pdfBucket.upload(
      `${unique('d')}.png`,
      new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }),
    );
    expect(errorFields(png.error)).toMatchObject({ statusCode: '415' });
  });

  it('refuses uploads from anon and with a bad JWT (403 in the body)', async () => {
    const anon = await anonClient()
      .storage.from('fx-shared')
      .upload(`${unique('anon')}.txt`, 'x');
    expect(errorFields(anon.error)).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });

    const bad = await anonClient()
      .storage.from('fx-shared')
      .upload(`${unique('bad')}.txt`, 'x', { headers: { Authorization: 'Bearer not.a.jwt' } });
    expect(errorFields(bad.error)).toMatchObject({ status: 400, statusCode: '403' });
  });
});

describe('public URLs', () => {
  const path = `${unique('pub')}/photo.png`;
  const bytes = pngBytes(2000);
  let publicUrl: string;
  /** Before the upload, to the second (Last-Modified's precision). */
  let uploadedFrom: number;

  beforeAll(async () => {
    uploadedFrom = Math.floor(Date.now() / 1000) * 1000;
    const up = await alice.client.storage.from('fx-public').upload(path, bytes, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    publicUrl = alice.client.storage.from('fx-public').getPublicUrl(path).data.publicUrl;
  });

  it('serves bytes, type and caching headers without an API key', async () => {
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe('2000');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    // The upload's time: between just before it and now.
    const modified = new Date(res.headers.get('last-modified')!).getTime();
    expect(modified).toBeGreaterThanOrEqual(uploadedFrom);
    expect(modified).toBeLessThanOrEqual(Date.now());
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 304 to If-None-Match and If-Modified-Since', async () => {
    const first = await fetch(publicUrl);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const cached = await fetch(publicUrl, { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    const stale = await fetch(publicUrl, { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const since = await fetch(publicUrl, { headers: { 'If-Modified-Since': first.headers.get('last-modified')! } });
    expect(since.status).toBe(304);
  });

  it('serves byte ranges (206) and refuses unsatisfiable ones (416)', async () => {
    const res = await fetch(publicUrl, { headers: { Range: 'bytes=0-7' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 0-7/2000');
    expect(res.headers.get('content-length')).toBe('8');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);

    const tail = await fetch(publicUrl, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 1990-1999/2000');
    await tail.arrayBuffer();

    const bad = await fetch(publicUrl, { headers: { Range: 'bytes=5000-6000' } });
    expect(bad.status).toBe(416);
    expect(await bad.json()).toMatchObject({ statusCode: '416', error: 'invalid_range' });
  });

  it('answers HEAD with headers only', async () => {
    const res = await fetch(publicUrl, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('2000');
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('sets Content-Disposition for ?download', async () => {
    const url = alice.client.storage.from('fx-public').getPublicUrl(path, { download: 'my photo.png' }).data.publicUrl;
    const res = await fetch(url);
    await res.arrayBuffer();
    expect(res.headers.get('content-disposition')).toBe(
      "attachment; filename=my%20photo.png; filename*=UTF-8''my%20photo.png",
    );
  });

  it('answers missing objects and private buckets with 400 and a 404 body', async () => {
    const missing = await fetch(
      alice.client.storage.from('fx-public').getPublicUrl(`${unique('none')}.png`).data.publicUrl,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });

    const privatePath = `${alice.userId}/${unique('secret')}.txt`;
    expect((await alice.client.storage.from('fx-private').upload(privatePath, 'secret')).error).toBeNull();
    const priv = await fetch(alice.client.storage.from('fx-private').getPublicUrl(privatePath).data.publicUrl);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
  });
});
