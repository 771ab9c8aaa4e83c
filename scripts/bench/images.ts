/**
 * `npm run bench:images`: what responsive images cost, measured on the local server's image
 * transformation endpoint (`/storage/v1/render/image/…`). Uploads a photo-like 2400×1350 JPEG
 * (noise over gradients, so it compresses like a photograph, not like a flat illustration), then
 * for each srcset width prints the first render time (sharp), the cached answer time and the
 * bytes a browser accepting WebP receives, against the stored original. A benchmark, never a
 * test: it asserts nothing. Figures also go to .data/bench/images.json.
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
import { DATA_DIR } from '../lib/paths.ts';

const ROUNDS = 5;
const OUT = path.join(DATA_DIR, 'bench');

/** A deterministic photo-like test image. */
async function photo(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  let seed = 42;
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
  const admin = createClient(server.url, config.serviceRoleKey, { auth: { persistSession: false } });
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
  console.table(rows);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(
    path.join(OUT, 'images.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), originalKb: Math.round(orig.bytes / 1024), rows }, null, 2),
  );
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
