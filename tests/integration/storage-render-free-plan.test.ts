/**
 * The local server as a project without Storage's image renderer (hosted Supabase's Free plan):
 * `imageRenderer: false` (STORAGE_IMAGE_RENDERER=off). Every `/render/image/…` request is
 * answered as hosted Storage's tenant-feature hook answers it, 403 FeatureNotEnabled in Storage's
 * error shape, before authentication, parameters or the object are looked at; the object routes
 * are untouched. The renderer-on mode is storage-render.test.ts, on the shared server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';

const FEATURE_NOT_ENABLED = {
  statusCode: '403',
  code: 'FeatureNotEnabled',
  error: 'FeatureNotEnabled',
  message: 'feature not enabled for this tenant',
};

let dataDir: string;
let config: ServerConfig;
let server: LocalServer;
let admin: SupabaseClient;
const name = `free-plan/${Date.now()}.png`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'free-plan-'));
  config = loadConfig({
    port: 0,
    inMemory: true,
    databaseUrl: undefined,
    dataDir,
    bcryptCost: 4,
    imageRenderer: false,
  });
  server = await startLocalServer(config);
  admin = createClient(server.url, config.serviceRoleKey, { auth: { persistSession: false } });
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const { error } = await admin.storage.from('article-images').upload(name, png, { contentType: 'image/png' });
  expect(error).toBeNull();
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function expectNotEnabled(res: Response): Promise<void> {
  expect(res.status).toBe(403);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual(FEATURE_NOT_ENABLED);
}

describe('a project without the image renderer (hosted Free plan)', () => {
  it('is what STORAGE_IMAGE_RENDERER=off configures; the renderer is on by default', () => {
    const saved = process.env.STORAGE_IMAGE_RENDERER;
    try {
      delete process.env.STORAGE_IMAGE_RENDERER;
      expect(loadConfig().imageRenderer).toBe(true);
      process.env.STORAGE_IMAGE_RENDERER = 'off';
      expect(loadConfig().imageRenderer).toBe(false);
      process.env.STORAGE_IMAGE_RENDERER = 'on';
      expect(loadConfig().imageRenderer).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.STORAGE_IMAGE_RENDERER;
      else process.env.STORAGE_IMAGE_RENDERER = saved;
    }
  });

  it('answers a public rendition URL (as supabase-js builds it) 403 FeatureNotEnabled', async () => {
    const url = admin.storage.from('article-images').getPublicUrl(name, { transform: { width: 32, quality: 75 } })
      .data.publicUrl;
    expect(url).toContain('/storage/v1/render/image/public/article-images/');
    await expectNotEnabled(await fetch(url, { headers: { Accept: 'image/webp,*/*' } }));
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(403);
  });

  it('refuses before it validates parameters, authenticates or looks the object up', async () => {
    const base = `${server.url}/storage/v1/render/image`;
    // Past the API gateway (an API key), whatever the caller may or may not read.
    const anon = { headers: { apikey: config.anonKey } };
    await expectNotEnabled(await fetch(`${base}/public/article-images/${name}?width=abc`));
    await expectNotEnabled(await fetch(`${base}/public/article-images/no-such-file.png?width=10`));
    await expectNotEnabled(await fetch(`${base}/public/no-such-bucket/x.png`));
    await expectNotEnabled(await fetch(`${base}/authenticated/article-images/${name}?width=10`, anon));
    await expectNotEnabled(
      await fetch(`${base}/authenticated/article-images/${name}?width=10`, {
        headers: { Authorization: `Bearer ${config.serviceRoleKey}`, apikey: config.serviceRoleKey },
      }),
    );
    await expectNotEnabled(await fetch(`${base}/sign/article-images/${name}?token=nonsense`, anon));
  });

  it('still signs a URL with a transform (an object route), which then answers 403 too', async () => {
    const { data, error } = await admin.storage
      .from('article-images')
      .createSignedUrl(name, 60, { transform: { width: 16 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/render/image/sign/');
    await expectNotEnabled(await fetch(data!.signedUrl));
    const download = await admin.storage.from('article-images').download(name, { transform: { width: 16 } });
    expect(download.data).toBeNull();
    expect(download.error).not.toBeNull();
  });

  it('serves the stored object itself as before, and unknown render routes stay 404', async () => {
    const original = admin.storage.from('article-images').getPublicUrl(name).data.publicUrl;
    const res = await fetch(original);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(64);
    const unknown = await fetch(`${server.url}/storage/v1/render/video/public/article-images/${name}`, {
      headers: { apikey: config.anonKey },
    });
    expect(unknown.status).toBe(404);
  });
});
