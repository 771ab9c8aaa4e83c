/**
 * Issue 13, storage: raw HTTP against /storage/v1 as readers, authors and anon. Each attack is
 * judged by what is stored afterwards (service-role listing, bytes at the public URL) and by the
 * files on disk under the server's data folder.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { apiUrl, serviceClient } from '../support/clients.ts';
import { buildWorld, type World } from '../support/world.ts';

const PUBLIC_BUCKETS = ['article-images', 'event-images', 'article-pdfs', 'avatars'];
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946000101', 'hex'), Buffer.alloc(64)]);
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>',
);
const html = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');

let w: World;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function tokenOf(client: World['clients']['reader']): Promise<string> {
  return (await client.auth.getSession()).data.session?.access_token ?? inject('anonKey');
}

async function put(
  token: string,
  bucket: string,
  rawPath: string,
  body: Buffer,
  contentType: string,
  upsert = false,
): Promise<Response> {
  return fetch(`${apiUrl()}/storage/v1/object/${bucket}/${rawPath}`, {
    method: 'POST',
    headers: {
      apikey: inject('anonKey'),
      Authorization: `Bearer ${token}`,
      'content-type': contentType,
      'x-upsert': String(upsert),
    },
    body: new Uint8Array(body),
  });
}

/** Names in a bucket under a prefix, as the service role sees them. */
async function storedNames(bucket: string, search: string): Promise<string[]> {
  const { data, error } = await serviceClient().storage.from(bucket).list('', { search, limit: 1000 });
  expect(error).toBeNull();
  return data!.map((e) => e.name);
}

function rawPost(rawPath: string, token: string, body: Buffer): Promise<number> {
  const { hostname, port } = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: rawPath,
        headers: {
          apikey: inject('anonKey'),
          Authorization: `Bearer ${token}`,
          'content-type': 'image/png',
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every file under a folder, recursively (relative paths). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

beforeAll(async () => {
  w = await buildWorld();
});

describe('public buckets do not hand out their object names', () => {
  it('anon, readers and authors list nothing; the public URL serves a file whose name is known', async () => {
    const admin = serviceClient();
    const names: Record<string, string> = {};
    for (const bucket of PUBLIC_BUCKETS) {
      const [body, type] = bucket === 'article-pdfs' ? [pdf, 'application/pdf'] : [png, 'image/png'];
      const name = `listing-${stamp()}/secret-report.${bucket === 'article-pdfs' ? 'pdf' : 'png'}`;
      expect((await admin.storage.from(bucket).upload(name, body, { contentType: type })).error).toBeNull();
      names[bucket] = name;
    }
    for (const actor of ['anon', 'reader', 'reader2'] as const) {
      const token = await tokenOf(w.clients[actor]);
      for (const bucket of PUBLIC_BUCKETS) {
        for (const prefix of ['', names[bucket]!.split('/')[0]!]) {
          const res = await fetch(`${apiUrl()}/storage/v1/object/list/${bucket}`, {
            method: 'POST',
            headers: {
              apikey: inject('anonKey'),
              Authorization: `Bearer ${token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ prefix, limit: 1000, offset: 0, sortBy: { column: 'name', order: 'asc' } }),
          });
          const text = await res.text();
          expect(text, `${actor} ${bucket} "${prefix}"`).not.toContain('secret-report');
          expect(text, `${actor} ${bucket} "${prefix}"`).not.toContain('listing-');
        }
      }
    }
    for (const bucket of PUBLIC_BUCKETS) {
      const res = await fetch(`${apiUrl()}/storage/v1/object/public/${bucket}/${names[bucket]}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bucket === 'article-pdfs' ? pdf : png);
    }
  });

  it('a user still sees their own avatar files (the profile page upserts them)', async () => {
    const own = `${w.ids.reader}-avatar-${stamp()}.png`;
    expect(
      (await w.clients.reader.storage.from('avatars').upload(own, png, { contentType: 'image/png' })).error,
    ).toBeNull();
    const again = await w.clients.reader.storage
      .from('avatars')
      .upload(own, jpeg, { contentType: 'image/jpeg', upsert: true });
    expect(again.error).toBeNull();
    const listed = await w.clients.reader.storage.from('avatars').list('', { search: own });
    expect(listed.data!.map((e) => e.name)).toEqual([own]);
    const theirs = await w.clients.reader2.storage.from('avatars').list('', { search: own });
    expect(theirs.data).toEqual([]);
  });
});

describe('avatars', () => {
  it("another user's avatar path cannot be written, in either naming scheme, nor overwritten", async () => {
    const victimFile = `${w.ids.reader}-avatar-${stamp()}.png`;
    expect(
      (await w.clients.reader.storage.from('avatars').upload(victimFile, png, { contentType: 'image/png' })).error,
    ).toBeNull();
    const attacker = await tokenOf(w.clients.reader2);
    const fresh = `${w.ids.reader}-avatar-${stamp()}.png`;
    const folder = `${w.ids.reader}/${stamp()}.png`;
    for (const [p, upsert] of [
      [fresh, false],
      [folder, false],
      [victimFile, true],
    ] as const) {
      const res = await put(attacker, 'avatars', p, jpeg, 'image/jpeg', upsert);
      expect(res.ok, p).toBe(false);
    }
    expect(await storedNames('avatars', fresh)).toEqual([]);
    expect((await serviceClient().storage.from('avatars').list(w.ids.reader)).data).toEqual([]);
    const served = await fetch(`${apiUrl()}/storage/v1/object/public/avatars/${victimFile}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('HTML or SVG with script is refused however it is declared or named; a real image is accepted', async () => {
    const token = await tokenOf(w.clients.reader);
    const attempts: [string, Buffer, string][] = [
      ['svg', svg, 'image/svg+xml'],
      ['jpg', svg, 'image/jpeg'],
      ['png', svg, 'image/png'],
      ['webp', svg, 'image/webp'],
      ['jpg', html, 'image/jpeg'],
      ['html', html, 'text/html'],
      ['jpg', html, 'image/JPEG'],
      ['jpg', Buffer.concat([Buffer.from([0xff, 0xd8]), html]), 'image/jpeg'],
    ];
    for (const [ext, body, type] of attempts) {
      const name = `${w.ids.reader}-avatar-${stamp()}.${ext}`;
      const res = await put(token, 'avatars', name, body, type);
      expect(res.ok, `${type} as .${ext}`).toBe(false);
      expect(await storedNames('avatars', name), `${type} as .${ext}`).toEqual([]);
      const served = await fetch(`${apiUrl()}/storage/v1/object/public/avatars/${name}`);
      expect(served.status).not.toBe(200);
      await served.body?.cancel();
    }
    // Multipart (what storage-js sends for a File) is sniffed too.
    const name = `${w.ids.reader}-avatar-${stamp()}.jpg`;
    const file = new Blob([svg], { type: 'image/jpeg' });
    const viaClient = await w.clients.reader.storage.from('avatars').upload(name, file);
    expect(viaClient.error).not.toBeNull();
    expect(await storedNames('avatars', name)).toEqual([]);

    // A GIF (not allowed for avatars) declared image/png is refused as well.
    const gifName = `${w.ids.reader}-avatar-${stamp()}.png`;
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    expect((await put(token, 'avatars', gifName, gif, 'image/png')).ok).toBe(false);
    expect(await storedNames('avatars', gifName)).toEqual([]);

    const good = `${w.ids.reader}-avatar-${stamp()}.jpg`;
    expect((await put(token, 'avatars', good, jpeg, 'image/jpeg')).status).toBe(200);
    expect(await storedNames('avatars', good)).toEqual([good]);
  });

  it('files over the bucket limit are refused and not stored', async () => {
    const token = await tokenOf(w.clients.reader);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const name = `${w.ids.reader}-avatar-${stamp()}.png`;
    const res = await put(token, 'avatars', name, big, 'image/png');
    expect(res.ok).toBe(false);
    expect(await storedNames('avatars', name)).toEqual([]);
    // Streamed without a Content-Length: cut off while streaming.
    const streamed = `${w.ids.reader}-avatar-${stamp()}.png`;
    const chunked = await fetch(`${apiUrl()}/storage/v1/object/avatars/${streamed}`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), Authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.ok).toBe(false);
    expect(await storedNames('avatars', streamed)).toEqual([]);
  });
});

describe('path traversal', () => {
  it('../, encoded dots and slashes, and backslashes are refused and nothing lands outside the bucket', async () => {
    const dataDir = inject('dataDir');
    const before = new Set(filesUnder(dataDir));
    const token = await tokenOf(w.clients.reader);
    const me = w.ids.reader;
    const variants = [
      `../${me}-avatar-escape1.png`,
      `${me}/../../${me}-avatar-escape2.png`,
      `%2e%2e%2f${me}-avatar-escape3.png`,
      `..%2f..%2f${me}-avatar-escape4.png`,
      `${me}%2f..%2f..%2f..%2fescape5.png`,
      `%2e%2e/${me}-avatar-escape6.png`,
      `..%5c${me}-avatar-escape7.png`,
      `${me}\\..\\..\\escape8.png`,
      `%2e%2e%5c%2e%2e%5cescape9.png`,
      `${me}/%2e%2e/%2e%2e/escape10.png`,
      `${me}//escape12.png`,
    ];
    for (const v of variants) {
      // node:http sends the path as written; fetch would resolve "../" and "%2e%2e/" first.
      const status = await rawPost(`/storage/v1/object/avatars/${v}`, token, png);
      expect(status === 200, v).toBe(false);
    }
    // A single encoded dot is resolved by URL parsing like any HTTP stack does ("a/%2e/b" is
    // "a/b"): it stays in the caller's own folder.
    expect(await rawPost(`/storage/v1/object/avatars/${me}/%2e/escape13.png`, token, png)).toBe(200);
    const added = filesUnder(dataDir).filter((f) => !before.has(f));
    expect(added.filter((f) => /escape/.test(f))).toEqual([path.join('storage', 'avatars', me, 'escape13.png')]);
    // Nothing outside the data folder either (its parent holds the other runs' folders).
    // Above the data folder: where "../" chains would land (its parent and grandparent).
    for (const dir of [path.dirname(dataDir), path.dirname(path.dirname(dataDir))]) {
      const escaped = fs.readdirSync(dir).filter((f) => /escape\d+\.png$/.test(f));
      expect(escaped, dir).toEqual([]);
    }
    const rows = await serviceClient().storage.from('avatars').list('', { search: 'escape', limit: 1000 });
    expect(rows.data).toEqual([]);
    const inFolder = await serviceClient().storage.from('avatars').list(me, { limit: 1000 });
    expect(inFolder.data!.map((e) => e.name)).toEqual(['escape13.png']);
  });
});

describe('article media', () => {
  it('nobody but the uploader or an admin overwrites an article image (x-upsert)', async () => {
    const name = `${stamp()}-hero.png`;
    const original = await w.clients.author.storage
      .from('article-images')
      .upload(name, png, { contentType: 'image/png' });
    expect(original.error).toBeNull();
    for (const actor of ['anon', 'reader', 'author2'] as const) {
      const res = await put(await tokenOf(w.clients[actor]), 'article-images', name, jpeg, 'image/jpeg', true);
      expect(res.ok, actor).toBe(false);
      await res.body?.cancel();
      const served = await fetch(`${apiUrl()}/storage/v1/object/public/article-images/${name}`);
      expect(Buffer.from(await served.arrayBuffer()), actor).toEqual(png);
    }
    // The uploader and an admin may.
    const byOwner = await put(await tokenOf(w.clients.author), 'article-images', name, jpeg, 'image/jpeg', true);
    expect(byOwner.status).toBe(200);
    const byAdmin = await put(await tokenOf(w.clients.admin), 'article-images', name, png, 'image/png', true);
    expect(byAdmin.status).toBe(200);
    const served = await fetch(`${apiUrl()}/storage/v1/object/public/article-images/${name}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('a reader cannot upload article media at all', async () => {
    const name = `${stamp()}-reader.png`;
    const res = await put(await tokenOf(w.clients.reader), 'article-images', name, png, 'image/png');
    expect(res.ok).toBe(false);
    expect(await storedNames('article-images', name)).toEqual([]);
  });
});
