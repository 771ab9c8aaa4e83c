/**
 * Storage against hostile or broken clients: path traversal, malformed multipart and JSON,
 * disconnects mid-upload. Raw HTTP where fetch would sanitise the request, supabase-js to check
 * the server still answers afterwards.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { signedInClient, uniqueEmail } from '../support/clients.ts';

const unique = (prefix = 't'): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Plain HTTP with the path sent exactly as given (fetch would normalise `..` segments away). */
function raw(
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<{ status: number; body: string }> {
  const base = new URL(inject('apiUrl'));
  const key = inject('serviceRoleKey');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: urlPath,
        headers: { apikey: key, authorization: `Bearer ${key}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let alice: { client: SupabaseClient; userId: string };

beforeAll(async () => {
  const { client, userId } = await signedInClient(uniqueEmail('storage-robust'));
  alice = { client, userId };
});

describe('robustness', () => {
  it('rejects keys that would climb out of their bucket folder', async () => {
    // Literal dot segments are already resolved by the server's URL parsing (here into a route
    // that does not exist); everything that reaches Storage as a key must be refused.
    for (const literal of [
      '/storage/v1/object/fx-shared/a/../../escape.txt',
      '/storage/v1/object/fx-shared/a/%2e%2e/%2e%2e/escape.txt',
    ]) {
      expect((await raw('POST', literal, { 'content-type': 'text/plain' }, 'pwned')).status).toBe(404);
    }
    const attempts = [
      '/storage/v1/object/fx-shared/..%2F..%2Fescape.txt',
      '/storage/v1/object/fx-shared/a/%2e%2e%2f%2e%2e%2fescape.txt',
      '/storage/v1/object/fx-shared/a%5C..%5C..%5Cescape.txt',
      '/storage/v1/object/fx-shared/a%00b.txt',
      '/storage/v1/object/fx-shared/caf%C3%A9.txt',
    ];
    for (const attempt of attempts) {
      const res = await raw('POST', attempt, { 'content-type': 'text/plain' }, 'pwned');
      expect(res.status, attempt).toBe(400);
      expect(JSON.parse(res.body), attempt).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    const dataDir = inject('dataDir');
    expect(fs.existsSync(path.join(dataDir, 'escape.txt'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'storage', 'escape.txt'))).toBe(false);

    const viaClient = await alice.client.storage.from('fx-shared').upload('../escape.txt', 'x');
    expect(viaClient.error).not.toBeNull();
  });

  it('refuses, without leaving a row behind, keys the file store cannot hold', async () => {
    const bucket = alice.client.storage.from('fx-shared');
    const root = unique('clash');
    expect((await bucket.upload(`${root}/x`, 'file')).error).toBeNull();
    const under = await bucket.upload(`${root}/x/y.txt`, 'under a file');
    expect(under.error).toMatchObject({ statusCode: '400' });
    expect((await bucket.upload(`${root}/dir/y.txt`, 'in a folder')).error).toBeNull();
    const over = await bucket.upload(`${root}/dir`, 'over a folder');
    expect(over.error).toMatchObject({ statusCode: '400' });
    const moved = await bucket.move(`${root}/x`, `${root}/dir`);
    expect(moved.error).toMatchObject({ statusCode: '400' });
    expect((await bucket.list(root)).data!.map((e) => e.name)).toEqual(['dir', 'x']);
    expect(await (await bucket.download(`${root}/x`)).data!.text()).toBe('file');

    const long = await bucket.upload(`${root}/${'a'.repeat(256)}.txt`, 'x');
    expect(long.error).toMatchObject({ statusCode: '400' });
  });

  it('survives malformed multipart and JSON bodies', async () => {
    const boundary = '----x';
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`;
    const res = await raw(
      'POST',
      `/storage/v1/object/fx-shared/${unique('mp')}.txt`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      truncated,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: '400' });

    const noFile = `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--${boundary}--\r\n`;
    const res2 = await raw(
      'POST',
      `/storage/v1/object/fx-shared/${unique('mp')}.txt`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      noFile,
    );
    expect(JSON.parse(res2.body)).toMatchObject({ statusCode: '400', message: 'No content provided' });

    const badJson = await raw(
      'POST',
      '/storage/v1/object/list/fx-shared',
      { 'content-type': 'application/json' },
      '{"prefix":',
    );
    expect(badJson.status).toBe(400);
    expect(JSON.parse(badJson.body)).toMatchObject({ statusCode: '400' });

    const badRoute = await raw('GET', '/storage/v1/nothing-here');
    expect(badRoute.status).toBe(404);

    // Still serving.
    expect((await alice.client.storage.from('fx-shared').list('')).error).toBeNull();
  });

  it('accepts a well-formed multipart upload with fields and keeps its metadata', async () => {
    const boundary = 'b0undary';
    const name = `${unique('mp')}.txt`;
    const body =
      `preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n60\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{"k":"v"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="x.txt"\r\nContent-Type: text/markdown\r\n\r\n` +
      `line one\r\n--not-a-boundary\r\nline two\r\n--${boundary}--\r\nepilogue`;
    const res = await raw(
      'POST',
      `/storage/v1/object/fx-shared/${name}`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    );
    expect(res.status).toBe(200);
    const info = await alice.client.storage.from('fx-shared').info(name);
    expect(info.data).toMatchObject({ contentType: 'text/markdown', cacheControl: 'max-age=60', metadata: { k: 'v' } });
    const text = await (await alice.client.storage.from('fx-shared').download(name)).data!.text();
    expect(text).toBe('line one\r\n--not-a-boundary\r\nline two');
  });

  it('cleans up after a client that disconnects mid-upload', async () => {
    const base = new URL(inject('apiUrl'));
    const key = inject('serviceRoleKey');
    const name = `${unique('abort')}.txt`;
    const tmp = path.join(inject('dataDir'), 'storage-tmp');
    const pending = () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []);
    expect(pending()).toEqual([]);
    const socket = net.connect(Number(base.port), base.hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /storage/v1/object/fx-shared/${name} HTTP/1.1\r\nHost: ${base.host}\r\napikey: ${key}\r\n` +
        `Authorization: Bearer ${key}\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\npartial`,
    );
    // The upload has started when its temporary file exists; then the client goes away.
    await expect.poll(() => pending().length, { timeout: 5_000 }).toBe(1);
    socket.destroy();
    // The server notices the closed socket on its own time: the temporary file goes, nothing is stored.
    await expect.poll(pending, { timeout: 5_000 }).toEqual([]);
    expect((await alice.client.storage.from('fx-shared').exists(name)).data).toBe(false);
  });
});
