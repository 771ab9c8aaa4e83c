/**
 * Offline support: the service worker at /sw.js (@vite-pwa/astro, Workbox's generateSW), built
 * with the site. What it does (docs/readers.md, "Offline"):
 *
 * - Precaches the shell only: the offline page, the icons and the JavaScript, CSS and fonts that
 *   public pages load (scripts/lib/precache.ts). No article or listing HTML, nothing only the
 *   dashboard loads, nothing from public/tinymce.
 * - Pages the reader visits are cached when fetched (NetworkFirst with a short timeout, so online
 *   readers get the fresh page), and images (CacheFirst with expiry, Storage's image URLs on the
 *   API origin included). A navigation that has neither network nor a cached copy gets /offline.
 * - The dashboard, the preview, the auth and account pages are network only (offline: /offline,
 *   never a stored copy), and API calls (/rest, /auth, /storage files that are not images) are not
 *   handled at all: the browser sends them as if there were no worker.
 * - A new worker waits until the reader accepts the update prompt (registerType 'prompt',
 *   src/browser/offline.ts), which then sends it Workbox's SKIP_WAITING message.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import AstroPWA, { type PwaOptions } from '@vite-pwa/astro';
import type { AstroIntegration } from 'astro';
import { ASSETS_DIR, publicPageSample, reachableAssets } from './precache.ts';
import { installSwBundleCache } from './sw-bundle-cache.ts';

/** Set by a warm render's process (scripts/lib/astro-build-warm.ts). */
const BUNDLE_SINCE = Symbol.for('esg-africa-news.bundle-since');

/** The page shown for a navigation the worker cannot answer (src/pages/offline.astro). */
const OFFLINE_URL = '/offline';
/** Runtime caches (Cache Storage names). */
const PAGES_CACHE = 'pages';
const IMAGES_CACHE = 'images';
const STYLES_CACHE = 'styles';

type Workbox = NonNullable<PwaOptions['workbox']>;
type ManifestTransform = NonNullable<Workbox['manifestTransforms']>[number];

/**
 * Keeps the precache to the public shell: `_astro/` files reachable from public pages and written
 * by this build; the offline page under its URL. Everything else the glob patterns matched stays.
 */
function shellManifestTransform(
  context: () => { outDir: string; since: number; assets?: Set<string> },
): ManifestTransform {
  return async (entries) => {
    const { outDir, since } = context();
    // Already followed for the worker's fingerprint in this build, or followed now.
    const assets = context().assets ?? reachableAssets(outDir, publicPageSample(outDir), since);
    const manifest = entries
      .filter((e) => !e.url.startsWith(`${ASSETS_DIR}/`) || assets.has(e.url))
      .map((e) => (e.url === 'offline/index.html' ? { ...e, url: OFFLINE_URL } : e));
    return { manifest, warnings: [] };
  };
}

/**
 * The worker's runtime routes, first match wins. Workbox serialises the match functions into
 * sw.js, so they must not use anything from this module's scope.
 */
export function runtimeCaching(): NonNullable<Workbox['runtimeCaching']> {
  return [
    {
      // Staff, preview, auth and account pages: always from the network, never stored.
      urlPattern: ({ request, url, sameOrigin }) =>
        sameOrigin &&
        (request.mode === 'navigate' || request.headers.get('accept') === 'text/html') &&
        /^\/(dashboard|preview|login|register|forgot-password|reset-password|email-not-verified|verify-email|profile|bookmarks)(\/|$)/.test(
          url.pathname,
        ),
      handler: 'NetworkOnly',
      options: { precacheFallback: { fallbackURL: OFFLINE_URL } },
    },
    {
      // Every other page of the site (articles, listings, company pages) once visited. The page
      // itself asks for the first page it was loaded on (before the worker existed) with
      // `accept: text/html` (src/browser/offline.ts).
      urlPattern: ({ request, sameOrigin }) =>
        sameOrigin && (request.mode === 'navigate' || request.headers.get('accept') === 'text/html'),
      handler: 'NetworkFirst',
      options: {
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 3,
        expiration: { maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true },
        cacheableResponse: { statuses: [200] },
        precacheFallback: { fallbackURL: OFFLINE_URL },
      },
    },
    {
      // Images of any origin: the site's own, Storage's renditions and public objects on the API
      // origin (no-cors, so opaque: status 0), and images editors linked from elsewhere. Also the
      // first page's images, which the page asks for with an image Accept (src/browser/offline.ts).
      urlPattern: ({ request }) =>
        request.destination === 'image' || (request.headers.get('accept') ?? '').startsWith('image/'),
      handler: 'CacheFirst',
      options: {
        cacheName: IMAGES_CACHE,
        expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
        cacheableResponse: { statuses: [0, 200] },
      },
    },
    {
      // Stylesheets and fonts of earlier builds, for pages cached before an update replaced the
      // precache (fingerprinted names: never stale).
      urlPattern: ({ request, url, sameOrigin }) =>
        sameOrigin &&
        url.pathname.startsWith('/_astro/') &&
        (request.destination === 'style' || request.destination === 'font'),
      handler: 'CacheFirst',
      options: {
        cacheName: STYLES_CACHE,
        expiration: { maxEntries: 30, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true },
        cacheableResponse: { statuses: [200] },
      },
    },
  ];
}

/** The browsers sw.js is compiled for: Vite 8's `baseline-widely-available`, as browserslist queries. */
const WORKER_TARGETS = ['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4', 'ios_saf >= 16.4'];

/** Files outside `_astro/` that the precache lists (the globPatterns below). */
const SHELL_FILES = ['offline/index.html', 'favicon.svg', 'logo.svg', 'logo.png'];

/**
 * Everything sw.js is made from: the worker's options (functions by their source), the
 * precached assets (content-hashed names) and the other precached files' bytes. Workbox's output
 * is a pure function of these, so an equal fingerprint means an identical sw.js.
 */
export function workerFingerprint(
  outDir: string,
  since: number,
  options: unknown,
  assets: Set<string> = reachableAssets(outDir, publicPageSample(outDir), since),
): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(options, (_k, v: unknown) => (typeof v === 'function' ? String(v) : v)));
  hash.update(JSON.stringify([...assets].sort()));
  for (const file of SHELL_FILES) {
    const full = path.join(outDir, file);
    hash.update(`\0${file}\0`);
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The API object vite-plugin-pwa exposes on its plugin (what @vite-pwa/astro itself calls). */
interface PwaApi {
  generateSW(): Promise<void>;
}

/** The integrations to add to astro.config.mjs: build bookkeeping, then @vite-pwa/astro. */
export function offlineSupport(): AstroIntegration[] {
  const context: { outDir: string; since: number; assets?: Set<string> } = { outDir: path.resolve('dist'), since: 0 };
  let cacheDir = '';
  let api: PwaApi | undefined;
  let generateSW: PwaApi['generateSW'] | undefined;
  /**
   * The options as they were before the first sw.js of this process: vite-plugin-pwa adds to
   * them when it makes one (`sw.js` to globIgnores, `method` to each runtime route), and a warm
   * render (scripts/lib/astro-build-warm.ts) makes many in one process.
   */
  let optionsText: string | undefined;
  const bookkeeping: AstroIntegration = {
    name: 'offline-precache-context',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        // The client build's vite-plugin-pwa instance, found as @vite-pwa/astro finds it.
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'offline-worker-api',
                configResolved(resolved) {
                  if (resolved.build.ssr) return;
                  const found = resolved.plugins.find((p) => p.name === 'vite-plugin-pwa') as { api?: PwaApi };
                  if (found?.api) api = found.api;
                },
              },
            ],
          },
        });
        // The worker and its precache go to the real output folder. Left to itself the plugin
        // takes the last Vite build's folder, which for an `--outDir` outside the project was
        // `.astro/`: sw.js was missing from such builds (the benchmarks', the worker's).
        // Runs before @vite-pwa/astro's own setup, which copies these options.
        options.outDir = fileURLToPath(config.outDir);
      },
      'astro:config:done': ({ config }) => {
        context.outDir = fileURLToPath(config.outDir);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': () => {
        // A second of slack for file systems with coarse timestamps. A warm render
        // (scripts/lib/astro-build-warm.ts) writes no bundle: its assets are the last full
        // build's, written since the time it left here.
        const bundleSince = (globalThis as { [BUNDLE_SINCE]?: number })[BUNDLE_SINCE];
        context.since = bundleSince ?? Date.now() - 1000;
      },
      'astro:build:done': ({ logger }) => {
        // Runs before @vite-pwa/astro's hook. Making sw.js (Workbox, Rollup, Terser) takes
        // ~1.5 s, most of an edit's rebuild on a small site; when nothing it is made from
        // changed, the one already in the kept output folder is the same file, so keep it
        // (touched, so the release step sees it as this build's).
        if (!api) return;
        generateSW ??= api.generateSW.bind(api);
        const sw = path.join(context.outDir, 'sw.js');
        const stamp = path.join(cacheDir, 'sw-fingerprint.json');
        context.assets = reachableAssets(context.outDir, publicPageSample(context.outDir), context.since);
        optionsText ??= JSON.stringify(options, (_k, v: unknown) => (typeof v === 'function' ? String(v) : v));
        const fingerprint = workerFingerprint(context.outDir, context.since, optionsText, context.assets);
        let previous: { fingerprint?: string; sha256?: string } = {};
        try {
          previous = JSON.parse(fs.readFileSync(stamp, 'utf8')) as typeof previous;
        } catch {
          // first build with this cache
        }
        const unchanged = previous.fingerprint === fingerprint && fs.existsSync(sw) && sha256Of(sw) === previous.sha256;
        if (unchanged) {
          const now = new Date();
          fs.utimesSync(sw, now, now);
          api.generateSW = async () => {};
          logger.info('sw.js unchanged (same assets and shell), kept');
          return;
        }
        const make = generateSW;
        // Workbox's bundling made once, not every build (scripts/lib/sw-bundle-cache.ts).
        installSwBundleCache();
        api.generateSW = async () => {
          await make();
          const ignores = options.workbox?.globIgnores;
          if (ignores) options.workbox!.globIgnores = [...new Set(ignores)];
          fs.mkdirSync(cacheDir, { recursive: true });
          const sha256 = sha256Of(sw);
          fs.writeFileSync(stamp, JSON.stringify({ fingerprint, sha256 }) + '\n');
        };
      },
    },
  };
  const options: PwaOptions = {
    strategies: 'generateSW',
    registerType: 'prompt',
    // Registered by src/browser/offline.ts (navigator.serviceWorker) after load, public pages only.
    injectRegister: false,
    // An offline worker, not an installable app: no web app manifest.
    manifest: false,
    filename: 'sw.js',
    workbox: {
      // Multi-page site: no app-shell fallback for every navigation (runtimeCaching decides).
      navigateFallback: null,
      globPatterns: [`${ASSETS_DIR}/**/*.{js,css,woff2}`, 'offline/index.html', 'favicon.svg', 'logo.svg', 'logo.png'],
      globIgnores: ['tinymce/**', 'dashboard/**', 'preview/**'],
      manifestTransforms: [shellManifestTransform(() => context)],
      runtimeCaching: runtimeCaching(),
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
      // One file (no workbox-<hash>.js beside it): one URL to serve with no-cache.
      inlineWorkboxRuntime: true,
      // Workbox compiles its runtime with Babel for these browsers. Its default, Chrome 56, has it
      // transform code for browsers that never register the worker: the module script that does
      // (src/browser/offline.ts) is built untranspiled (Astro's client build targets esnext).
      // ~0.4 s less CPU per sw.js, which every full build makes on its critical path.
      babelPresetEnvTargets: WORKER_TARGETS,
      sourcemap: false,
      disableDevLogs: true,
    },
  };
  const pwa = AstroPWA(options);
  return [bookkeeping, pwa];
}
