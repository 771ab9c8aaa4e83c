/** HTTP behaviour of the static host (scripts/lib/static-server.ts) that browsers and CDNs rely on. */
import { expect, test } from '@playwright/test';
import { E2E } from './env.ts';

test('HTML revalidates with ETag and is compressed for clients that accept it', async ({ request }) => {
  const first = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(first.headers()['cache-control']).toBe('no-cache');
  expect(first.headers()['last-modified']).toBeTruthy();
  expect(first.headers()['content-encoding']).toBe('gzip');
  // A page also varies on the reader's data-saver choice (the header, or the toggle's cookie).
  expect(first.headers()['vary']).toBe('Accept-Encoding, Save-Data, Cookie');
  let etag = first.headers()['etag']!;
  expect(etag).toMatch(/^W\/".+"$/);
  // Other specs publish while this runs, and each build rewrites the home page: a 200 is right
  // only when the page changed in between (a new ETag); then ask again with the new one.
  let again = await request.get('/', { headers: { 'If-None-Match': etag } });
  for (let tries = 1; again.status() === 200 && tries < 5; tries++) {
    expect(again.headers()['etag']).not.toBe(etag);
    etag = again.headers()['etag']!;
    again = await request.get('/', { headers: { 'If-None-Match': etag } });
  }
  expect(again.status()).toBe(304);
  const head = await request.head('/404.html');
  expect(head.status()).toBe(200);
  expect(await head.body()).toHaveLength(0);
});

test('fingerprinted assets are cached for a year and served compressed', async ({ request }) => {
  // Every build emits the site stylesheet; the served home page links the one of its release.
  const home = await (await request.get('/')).text();
  const asset = /href="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1];
  expect(asset).toBeDefined();
  const res = await request.fetch(asset!, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers()['content-type']).toBe('text/css; charset=utf-8');
  expect(res.headers()['content-encoding']).toBe('br');
  expect(res.headers()['vary']).toBe('Accept-Encoding');
});

test('paths outside the site root are never served', async () => {
  for (const attempt of [
    '/../package.json',
    '/..%2fpackage.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/a/../../package.json',
  ]) {
    // fetch() would normalise the dots away; a raw request line keeps them.
    const status = await rawStatus(attempt);
    expect([400, 404], attempt).toContain(status);
  }
  const ok = await fetch(`${E2E.siteUrl}/sitemap-index.xml`);
  expect(ok.status).toBe(200);
  expect(ok.headers.get('content-type')).toBe('application/xml; charset=utf-8');
});

async function rawStatus(requestPath: string): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = net.connect(E2E.sitePort, E2E.host, () => {
      socket.write(`GET ${requestPath} HTTP/1.1\r\nHost: ${E2E.host}\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}
