/**
 * Offline support's decisions that need no browser: which build assets the worker precaches
 * (scripts/lib/precache.ts), where the page registers it, and the message that stores the first
 * page (src/browser/offline.ts). The worker itself runs in tests/e2e/offline.spec.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPageSample, reachableAssets } from '../../scripts/lib/precache.ts';
import { runtimeCaching, workerFingerprint } from '../../scripts/lib/pwa.ts';
import { IMAGE_ACCEPT, cacheCurrentPageMessage, isWaitingUpdate, registersWorker } from '../../src/browser/offline.ts';

let root: string;
const write = (rel: string, text: string, mtimeMs?: number) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  if (mtimeMs !== undefined) fs.utimesSync(file, mtimeMs / 1000, mtimeMs / 1000);
};

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'precache-')));
  write(
    'index.html',
    '<link rel="stylesheet" href="/_astro/site.A1.css"><script type="module" src="/_astro/page.B2.js"></script>',
  );
  write(
    'article/a-story/index.html',
    '<astro-island component-url="/_astro/Toaster.C3.js" renderer-url="/_astro/client.D4.js"></astro-island>',
  );
  write('dashboard/index.html', '<script type="module" src="/_astro/App.E5.js"></script>');
  write('preview/index.html', '<script type="module" src="/_astro/Preview.F6.js"></script>');
  write('_astro/site.A1.css', '@font-face{src:url(/_astro/fonts/face.G7.woff2)}');
  write('_astro/fonts/face.G7.woff2', 'font');
  write('_astro/page.B2.js', 'import{t}from"./react.H8.js";import"./side.I9.js";');
  write('_astro/react.H8.js', 'export const t=1');
  write('_astro/side.I9.js', 'const l=()=>import(`./supabase.J0.js`);');
  write('_astro/supabase.J0.js', 'export const s=1');
  write('_astro/Toaster.C3.js', 'import{t}from"./react.H8.js";');
  write('_astro/client.D4.js', 'import{t}from"./react.H8.js";');
  write('_astro/App.E5.js', 'import{t}from"./react.H8.js";import"./editor.K1.js";');
  write('_astro/editor.K1.js', '');
  write('_astro/Preview.F6.js', '');
  write('_astro/old-build.L2.js', '', Date.now() - 3600_000);
  write('index.old.html', '<script src="/_astro/old-build.L2.js"></script>');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the precached shell', () => {
  it('samples public pages only (never the dashboard or the preview)', () => {
    const sample = publicPageSample(root).map((f) => path.relative(root, f));
    expect(sample).toContain('index.html');
    expect(sample).toContain(path.join('article', 'a-story', 'index.html'));
    expect(sample.some((f) => /dashboard|preview/.test(f))).toBe(false);
  });

  it("is what public pages load up front: their scripts' static imports, islands, styles and fonts", () => {
    const assets = reachableAssets(root, publicPageSample(root), Date.now() - 60_000);
    expect([...assets].sort()).toEqual([
      '_astro/Toaster.C3.js',
      '_astro/client.D4.js',
      '_astro/fonts/face.G7.woff2',
      '_astro/page.B2.js',
      '_astro/react.H8.js',
      '_astro/side.I9.js',
      '_astro/site.A1.css',
    ]);
  });

  it('leaves out lazy imports, dashboard-only and preview-only chunks, and files of earlier builds', () => {
    const assets = reachableAssets(root, publicPageSample(root), Date.now() - 60_000);
    for (const rel of ['supabase.J0.js', 'App.E5.js', 'editor.K1.js', 'Preview.F6.js', 'old-build.L2.js'])
      expect(assets.has(`_astro/${rel}`), rel).toBe(false);
    // Without the build-start filter the old file would be reachable (index.old.html names it).
    expect(reachableAssets(root, publicPageSample(root), 0).has('_astro/old-build.L2.js')).toBe(true);
  });
});

describe("the worker's fingerprint (an unchanged sw.js is kept, not remade)", () => {
  const options = { workbox: { globPatterns: ['_astro/**/*.js'], match: () => true } };

  it('is the same for the same assets, shell files and options', () => {
    expect(workerFingerprint(root, 0, options)).toBe(workerFingerprint(root, 0, options));
  });

  it('changes when a precached asset, the offline page or an option changes', () => {
    const before = workerFingerprint(root, 0, options);
    write('offline/index.html', '<p>offline v1</p>');
    const withOffline = workerFingerprint(root, 0, options);
    expect(withOffline).not.toBe(before);
    write('offline/index.html', '<p>offline v2</p>');
    expect(workerFingerprint(root, 0, options)).not.toBe(withOffline);
    expect(workerFingerprint(root, 0, { workbox: { globPatterns: ['_astro/**/*.js'], match: () => false } })).not.toBe(
      workerFingerprint(root, 0, options),
    );
    const beforeAsset = workerFingerprint(root, 0, options);
    write('_astro/react.H8.js', 'export const t=2');
    write('_astro/page.B2.js', 'import{t}from"./react.K1.js";import"./side.I9.js";');
    write('_astro/react.K1.js', 'export const t=2');
    expect(workerFingerprint(root, 0, options)).not.toBe(beforeAsset);
    write('_astro/page.B2.js', 'import{t}from"./react.H8.js";import"./side.I9.js";');
    fs.rmSync(path.join(root, '_astro/react.K1.js'));
    fs.rmSync(path.join(root, 'offline'), { recursive: true });
  });
});

describe('registration and routes', () => {
  it('registers on public pages, never on the dashboard or the preview', () => {
    for (const p of ['/', '/article/a-story', '/category/energy', '/login', '/offline'])
      expect(registersWorker(p), p).toBe(true);
    for (const p of ['/dashboard', '/dashboard/articles/1', '/preview', '/preview/'])
      expect(registersWorker(p), p).toBe(false);
    expect(registersWorker('/dashboards-guide')).toBe(true);
  });

  it('prompts only for a worker that installed while an older one controls the page', () => {
    expect(isWaitingUpdate('installed', true)).toBe(true);
    // The first install: nothing to refresh.
    expect(isWaitingUpdate('installed', false)).toBe(false);
    for (const state of ['installing', 'activating', 'activated', 'redundant'] as const)
      expect(isWaitingUpdate(state, true), state).toBe(false);
  });

  it('asks the worker to store the first page as a page request, without its fragment, and its images', () => {
    expect(cacheCurrentPageMessage('http://x.test/article/a#comments')).toEqual({
      type: 'CACHE_URLS',
      payload: { urlsToCache: [['http://x.test/article/a', { headers: { accept: 'text/html' } }]] },
    });
    const img = 'http://api.test/storage/v1/render/image/public/media/a.jpg?width=800&quality=75';
    expect(cacheCurrentPageMessage('http://x.test/', [img, img]).payload.urlsToCache).toEqual([
      ['http://x.test/', { headers: { accept: 'text/html' } }],
      [img, { mode: 'no-cors', headers: { accept: IMAGE_ACCEPT } }],
    ]);
  });

  it('stores images asked for by the page (no-cors, an image Accept) in the image cache', () => {
    const images = runtimeCaching()[2]!;
    const src = 'http://api.test/storage/v1/render/image/public/media/a.jpg?width=800';
    const request = new Request(src, { mode: 'no-cors', headers: { accept: IMAGE_ACCEPT } });
    const match =
      typeof images.urlPattern === 'function' &&
      images.urlPattern({ url: new URL(src), request, sameOrigin: false, event: {} as never });
    expect(Boolean(match)).toBe(true);
  });

  it('sends staff, preview, auth and account pages to the network only, before the page cache', () => {
    const [networkOnly, pages, images] = runtimeCaching();
    const nav = (pathname: string) => {
      const url = new URL(`http://x.test${pathname}`);
      const request = new Request(url, { headers: { accept: 'text/html' } });
      const match = (route: typeof networkOnly) =>
        typeof route!.urlPattern === 'function' &&
        Boolean(route!.urlPattern({ url, request, sameOrigin: true, event: {} as never }));
      return { networkOnly: match(networkOnly), pages: match(pages) };
    };
    for (const p of [
      '/dashboard',
      '/dashboard/x',
      '/preview',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/email-not-verified',
      '/verify-email',
      '/profile',
      '/bookmarks',
    ])
      expect(nav(p).networkOnly, p).toBe(true);
    for (const p of ['/', '/article/a-story', '/category/energy', '/about', '/login-help'])
      expect(nav(p).networkOnly, p).toBe(false);
    expect(nav('/article/a-story').pages).toBe(true);
    expect(networkOnly!.handler).toBe('NetworkOnly');
    expect(pages!.handler).toBe('NetworkFirst');
    expect(images!.handler).toBe('CacheFirst');
    // An API call (not a page, not an image) matches no route: the worker does not handle it.
    const api = new Request('http://api.test/rest/v1/articles');
    for (const route of runtimeCaching()) {
      const m =
        typeof route.urlPattern === 'function' &&
        route.urlPattern({ url: new URL(api.url), request: api, sameOrigin: false, event: {} as never });
      expect(Boolean(m)).toBe(false);
    }
  });
});
