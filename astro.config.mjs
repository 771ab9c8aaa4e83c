// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import { createClient } from '@supabase/supabase-js';
import path from 'node:path';
import process from 'node:process';
import { loadEnv } from 'vite';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from './src/lib/local-stack.ts';
import { fileURLToPath } from 'node:url';
import { preloadSiteData, preloadedSiteData } from './src/lib/build/data/fetch-site-data.ts';
import {
  ROUTE_MANIFEST,
  buildFingerprint,
  finishRouteManifest,
  forgetRouteManifest,
  startRouteManifest,
} from './src/lib/build/routes/route-manifest.ts';
import { lastmodChanges, lastmodFor, lastmodIndexFromSiteData, lastmodPath } from './src/lib/build/sitemap-lastmod.ts';
import { tinymceIntegration } from './scripts/lib/copy-tinymce.ts';
import { imageRenditions } from './scripts/lib/image-renditions.ts';
import { parseImageMode } from './src/lib/image-mode.ts';
import { sitemap } from './scripts/lib/sitemap.ts';
import { offlineSupport } from './scripts/lib/pwa.ts';
import { WEB_FONT_FACES, webFontFile } from './scripts/lib/web-fonts.ts';

// Every value here can be overridden from the environment at build time, so the same build
// runs against the local stack (npm start, tests) or a hosted deployment.
const site = process.env.SITE_URL || 'http://127.0.0.1:4321';

// The API the pages are built from (process env first, then .env files, as Astro resolves them).
const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };
const apiUrl = env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;
// The publishable key; a deployment that still sets the legacy anon key keeps working.
const publishableKey =
  env.PUBLIC_SUPABASE_PUBLISHABLE_KEY || env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_SUPABASE_PUBLISHABLE_KEY;
const cacheDir = process.env.ASTRO_CACHE_DIR || './.data/astro-cache';
/** A release build (scripts/lib/release/): the output folder is kept and pruned by the caller. */
const keepOutDir = process.env.ASTRO_KEEP_OUT_DIR === '1';
/**
 * Where responsive images come from (docs/images.md). In `build` mode the build renders them
 * (scripts/lib/image-renditions.ts) from the pages it renders, so Astro's own page cache, which
 * restores pages without rendering them, is not used.
 */
const imageMode = parseImageMode(env.PUBLIC_IMAGE_TRANSFORMS);
/** Each keyed page's cacheKey as release builds left it (src/lib/build/routes/route-manifest.ts). */
const routeManifest = path.resolve(cacheDir, ROUTE_MANIFEST);

/**
 * The build's one read of the site data starts with the build, beside Vite's bundling, and the
 * pages use it (src/lib/build/data/fetch-site-data.ts). When they are written, the sitemap's lastmod
 * dates come from the same data. A failed read fails the build.
 * @type {import('./src/lib/build/sitemap-lastmod.ts').LastmodIndex}
 */
let lastmods = new Map();
/**
 * Release builds hand Astro only the keyed pages whose data changed
 * (src/lib/build/routes/route-manifest.ts); the sitemap still lists every page, these included.
 * @type {string[]}
 */
let keyedPathnames = [];
/** @type {import('astro').AstroIntegration} */
const siteData = {
  name: 'site-data',
  hooks: {
    'astro:build:start': ({ logger }) => {
      if (keepOutDir) {
        const fingerprint = buildFingerprint(path.dirname(fileURLToPath(import.meta.url)), {
          site,
          apiUrl,
          publishableKey,
          ...Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('PUBLIC_'))),
        });
        const { previous } = startRouteManifest(routeManifest, fingerprint);
        if (!previous) logger.info('pages: no manifest from the same code and settings, rendering every page');
      } else {
        // A plain build empties and rewrites the output folder, perhaps with other settings: the
        // next release build into it must not trust the keys of the last one.
        forgetRouteManifest(routeManifest);
      }
      const client = createClient(apiUrl, publishableKey, { auth: { persistSession: false, autoRefreshToken: false } });
      preloadSiteData(client, apiUrl, {
        // Release builds keep the article rows beside Astro's cache and read only changed ones.
        rowCache: keepOutDir ? path.resolve(cacheDir, 'site-data-rows.v8') : undefined,
        onArticleRows: ({ read, reused }) => logger.info(`articles: ${read} read, ${reused} kept from the last build`),
      });
    },
    'astro:build:done': async ({ logger }) => {
      const data = await preloadedSiteData();
      if (data) lastmods = lastmodIndexFromSiteData(data);
      const routes = finishRouteManifest();
      if (routes) {
        keyedPathnames = routes.pathnames;
        logger.info(`pages: ${routes.rendered} keyed rendered, ${routes.unchanged} unchanged`);
      }
    },
  },
};

/**
 * `client:interaction` (src/browser/client-interaction.ts): an island's JavaScript loads on the
 * first touch, click, focus or key inside it, and the click or submit that woke it is replayed.
 * @type {import('astro').AstroIntegration}
 */
const interactionDirective = {
  name: 'client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/browser/client-interaction.ts' });
    },
  },
};

/**
 * The two faces of the type system (src/styles/tokens.css has the scale), self-hosted through the
 * local provider. Each is one variable woff2 cut at build time (scripts/lib/web-fonts.ts) to the
 * characters of English and of African languages' names and places, weights 400–800, upright
 * only (italics are synthesised), ~30 KB each; made once per checkout into .data/fonts. The
 * fallbacks are faces with metric overrides defined in tokens.css for the fonts phones and Linux
 * actually have (Liberation, Noto, Roboto) as well as Times New Roman and Arial, so the swap does
 * not move the text.
 */
const [headlineFont, textFont] = await Promise.all([
  webFontFile(WEB_FONT_FACES.headline),
  webFontFile(WEB_FONT_FACES.text),
]);

export default defineConfig({
  output: 'static',
  fonts: [
    {
      provider: fontProviders.local(),
      name: WEB_FONT_FACES.headline.family,
      cssVariable: '--font-headline-face',
      display: 'swap',
      fallbacks: ['Headline fallback', 'Headline fallback Noto', 'Georgia', 'serif'],
      optimizedFallbacks: false,
      options: {
        variants: [
          {
            src: [headlineFont],
            weight: WEB_FONT_FACES.headline.weight,
            style: 'normal',
          },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: WEB_FONT_FACES.text.family,
      cssVariable: '--font-text-face',
      display: 'swap',
      fallbacks: ['Text fallback', 'Text fallback Roboto', 'Text fallback Noto', 'system-ui', 'sans-serif'],
      optimizedFallbacks: false,
      options: {
        variants: [
          {
            src: [textFont],
            weight: WEB_FONT_FACES.text.weight,
            style: 'normal',
          },
        ],
      },
    },
  ],
  site,
  // Four pages in flight: with one, the build thread sat idle while each page's folder and file
  // were written through the thread pool (9.6 of 35 s of a 10,000-article build, profiled).
  build: { concurrency: 4 },
  integrations: [
    // Islands rendered with React's renderToString, not a web stream each: ~15 % less CPU on the
    // build's main thread in a full build at 10,000 articles (six islands a page; docs/performance.md).
    // The same markup but for `prefix` on an island, which hydration uses only for useId(), so
    // the islands do not use it (eslint.config.js).
    react({ experimentalDisableStreaming: true }),
    interactionDirective,
    // The article editor's runtime, copied to public/tinymce (git-ignored) for the dashboard.
    tinymceIntegration,
    // Before site-data: a failure here must leave the last route manifest in place.
    imageRenditions({ mode: imageMode, cacheDir, keepOutDir }),
    siteData,
    ...sitemap({
      // Not for search engines: staff shells, notice pages, the internal preview page, search
      // results and the account pages. Dated pages carry their lastmod (src/lib/build/sitemap-lastmod.ts).
      exclude:
        /^\/(dashboard|preview|errors|test-rich-previews|search|verify-email|login|register|forgot-password|reset-password|email-not-verified|profile|bookmarks|offline)(\/|$)/,
      lastmod: (url) => lastmodFor(lastmods, url),
      lastmodChanges: () => lastmodChanges(lastmods),
      lastmodPath,
      morePathnames: () => keyedPathnames,
    }),
    // The offline service worker at /sw.js (scripts/lib/pwa.ts).
    ...offlineSupport(),
  ],
  // Astro 7 strips whitespace by JSX rules by default, which joins a word and a link that starts
  // the next source line ("our<a>press office</a>"); HTML-aware compression keeps that space.
  compressHTML: true,
  // The build cache (the route manifest, the kept article rows, sw.js's fingerprint) lives beside
  // the data, not in node_modules, so it survives reinstalls; `npm run db:reset` deletes it
  // together with dist/. Separate builds (e.g. end-to-end tests) use their own cache dir via
  // ASTRO_CACHE_DIR.
  cacheDir,
  experimental: {
    // A plain `npm run build` uses Astro's own page cache. Release builds do not need it: they
    // hand Astro only the pages whose key changed (src/lib/build/routes/route-manifest.ts), and the
    // rest stay in the kept output folder. Nor does a build that renders images (see imageMode).
    incrementalBuild: !keepOutDir && imageMode !== 'build',
  },
  // Release builds (scripts/lib/release/: npm start, the publish worker) keep the output folder,
  // so unchanged pages stay in place rather than being copied back from the cache (~4 s instead
  // of ~27 s at 10,000 articles), and prune what stopped existing themselves. A plain
  // `npm run build` empties it as usual.
  vite: {
    build: { emptyOutDir: !keepOutDir },
  },
});
