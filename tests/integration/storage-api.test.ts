/**
 * Storage beyond plain objects, through supabase-js: signed URLs (download and upload, valid,
 * tampered and expired) and the bucket API with its role rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../supabase/local/auth/jwt.ts';
import { anonClient, serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';

const unique = (prefix = 't'): string => `${prefix}-${randomUUID().slice(0, 8)}`;

function errorFields(error: unknown): { status?: number; statusCode?: string; message?: string } {
  const e = error as { status?: number; statusCode?: string; message?: string } | null;
  return { status: e?.status, statusCode: e?.statusCode, message: e?.message };
}

let alice: { client: SupabaseClient; userId: string };

beforeAll(async () => {
  const { client, userId } = await signedInClient(uniqueEmail('storage-api'));
  alice = { client, userId };
});

describe('signed URLs', () => {
  const file = `${unique('signed')}/report.pdf`;
  const bytes = Buffer.from('%PDF-1.4 signed content');
  const bucket = () => alice.client.storage.from('fx-shared');

  beforeAll(async () => {
    expect((await bucket().upload(file, bytes, { contentType: 'application/pdf' })).error).toBeNull();
  });

  it('serves the file without an API key while the token is valid', async () => {
    const { data, error } = await bucket().createSignedUrl(file, 60);
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('expires')).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const ranged = await fetch(data!.signedUrl, { headers: { Range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('%PDF');
  });

  it('refuses tampered, foreign and expired tokens', async () => {
    const { data } = await bucket().createSignedUrl(file, 60);
    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;

    const tampered = new URL(url);
    tampered.searchParams.set('token', token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA'));
    const bad = await fetch(tampered);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    const other = new URL(url.href.replace('report.pdf', 'other.pdf'));
    const foreign = await fetch(other);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ code: 'InvalidSignature' });

    const past = Math.floor(Date.now() / 1000) - 10;
    const expiredToken = signJwt(
      { url: `fx-shared/${file}`, scope: 'download', iat: past - 60, exp: past },
      inject('jwtSecret'),
    );
    const expired = new URL(url);
    expired.searchParams.set('token', expiredToken);
    const res = await fetch(expired);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'ExpiredToken' });

    // A user's access token is not a signed URL, even though it has the same signer.
    const session = (await alice.client.auth.getSession()).data.session!;
    const asToken = new URL(url);
    asToken.searchParams.set('token', session.access_token);
    expect((await fetch(asToken)).status).toBe(400);
  });

  it('signs several paths and reports the ones the caller cannot see', async () => {
    const missing = `${unique('missing')}.pdf`;
    const { data, error } = await bucket().createSignedUrls([file, missing], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ path: file, error: null });
    expect(data![1]).toMatchObject({
      path: missing,
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    });
    expect((await fetch(data![0]!.signedUrl!)).status).toBe(200);
  });

  it('only signs objects the caller can read', async () => {
    const denied = await anonClient().storage.from('fx-shared').createSignedUrl(file, 60);
    expect(errorFields(denied.error)).toMatchObject({ status: 400, statusCode: '404' });
  });

  it('uploads through a signed upload URL', async () => {
    const target = `${unique('upload')}/via-token.txt`;
    const signed = await bucket().createSignedUploadUrl(target);
    expect(signed.error).toBeNull();
    const up = await anonClient()
      .storage.from('fx-shared')
      .uploadToSignedUrl(target, signed.data!.token, new Blob(['signed upload'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: target, fullPath: `fx-shared/${target}` });
    expect(await (await bucket().download(target)).data!.text()).toBe('signed upload');
    const reuse = await anonClient().storage.from('fx-shared').uploadToSignedUrl(target, signed.data!.token, 'again');
    expect(errorFields(reuse.error)).toMatchObject({ statusCode: '409' });
    const denied = await anonClient()
      .storage.from('fx-shared')
      .createSignedUploadUrl(`${unique('x')}.txt`);
    expect(errorFields(denied.error)).toMatchObject({ statusCode: '403' });
  });
});

describe('buckets', () => {
  it('creates, reads, updates, empties and deletes a bucket as service role', async () => {
    const admin = serviceClient().storage;
    const id = unique('fx-tmp');
    const created = await admin.createBucket(id, { public: false, fileSizeLimit: '2MB', allowedMimeTypes: ['text/*'] });
    expect(created).toEqual({ data: { name: id }, error: null });
    expect(errorFields((await admin.createBucket(id)).error)).toMatchObject({
      statusCode: '409',
      message: 'The resource already exists',
    });

    const got = await admin.getBucket(id);
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: false,
      file_size_limit: 2_000_000,
      allowed_mime_types: ['text/*'],
    });
    expect((await admin.listBuckets()).data!.map((b) => b.id)).toContain(id);

    expect((await admin.updateBucket(id, { public: true, fileSizeLimit: 100 })).data).toEqual({
      message: 'Successfully updated',
    });
    expect((await admin.getBucket(id)).data).toMatchObject({
      public: true,
      file_size_limit: 100,
      allowed_mime_types: ['text/*'],
    });

    expect((await admin.from(id).upload('a/b.txt', 'hello')).error).toBeNull();
    const tooBig = await admin.from(id).upload('big.txt', 'x'.repeat(101));
    expect(errorFields(tooBig.error)).toMatchObject({ statusCode: '413' });

    const notEmpty = await admin.deleteBucket(id);
    expect(errorFields(notEmpty.error)).toMatchObject({ status: 400, statusCode: '409' });
    expect((await admin.emptyBucket(id)).error).toBeNull();
    expect((await admin.from(id).list('a')).data).toEqual([]);
    expect((await admin.deleteBucket(id)).data).toEqual({ message: 'Successfully deleted' });
    expect(errorFields((await admin.getBucket(id)).error)).toMatchObject({
      statusCode: '404',
      message: 'Bucket not found',
    });
    expect(fs.existsSync(path.join(inject('dataDir'), 'storage', id))).toBe(false);
  });

  it('refuses bucket management to anon and signed-in users without policies', async () => {
    const anonCreate = await anonClient().storage.createBucket(unique('fx-anon'));
    expect(errorFields(anonCreate.error)).toMatchObject({ status: 400, statusCode: '403' });
    const userCreate = await alice.client.storage.createBucket(unique('fx-user'));
    expect(errorFields(userCreate.error)).toMatchObject({ statusCode: '403' });
    // Reads go through RLS on storage.buckets: private buckets stay invisible (the app's own
    // migration may let everyone see public ones).
    const visible = (await anonClient().storage.listBuckets()).data!.map((b) => b.id);
    expect(visible).not.toContain('fx-private');
    expect(visible).not.toContain('fx-shared');
    expect(errorFields((await anonClient().storage.getBucket('fx-private')).error)).toMatchObject({
      statusCode: '404',
    });
    const emptyId = unique('fx-empty');
    expect((await serviceClient().storage.createBucket(emptyId)).error).toBeNull();
    expect(errorFields((await alice.client.storage.deleteBucket(emptyId)).error)).toMatchObject({ statusCode: '404' });
    expect((await serviceClient().storage.getBucket(emptyId)).data).toMatchObject({ id: emptyId });
    expect((await serviceClient().storage.deleteBucket(emptyId)).error).toBeNull();
    expect(errorFields((await alice.client.storage.deleteBucket('fx-shared')).error)).toMatchObject({
      statusCode: '409',
    });
    const empty = await alice.client.storage.emptyBucket('fx-shared');
    expect(errorFields(empty.error)).toMatchObject({
      status: 403,
      statusCode: '403',
      message: 'Access denied: Invalid role',
    });
  });

  it('validates bucket names, size limits and mime types', async () => {
    const admin = serviceClient().storage;
    expect(errorFields((await admin.createBucket('bad/name')).error)).toMatchObject({
      statusCode: '400',
      message: 'Bucket name invalid',
    });
    expect(
      errorFields((await admin.createBucket(unique('fx-b'), { public: false, fileSizeLimit: '2 parsecs' })).error),
    ).toMatchObject({
      statusCode: '400',
    });
    expect(
      errorFields((await admin.createBucket(unique('fx-b'), { public: false, fileSizeLimit: '10GB' })).error),
    ).toMatchObject({
      statusCode: '413',
    });
    expect(
      errorFields((await admin.createBucket(unique('fx-b'), { public: false, allowedMimeTypes: ['nonsense'] })).error),
    ).toMatchObject({
      statusCode: '415',
    });
  });
});
