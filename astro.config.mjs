// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import process from 'node:process';
import { URL } from 'node:url';

// Every value here can be overridden from the environment at build time, so the same build
// runs against the local stack (npm start, tests) or a hosted deployment.
const site = process.env.SITE_URL || 'http://127.0.0.1:4321';

export default defineConfig({
  output: 'static',
  site,
  integrations: [
    react(),
    sitemap({
      // Not for search engines: staff shells, notice pages, the internal preview page and the
      // /article/{id} redirects (their canonical is the slug page, which is listed).
      filter: (page) =>
        !/^\/(dashboard|preview|errors|test-rich-previews)(\/|$)|^\/article\/\d+\/?$/.test(new URL(page).pathname),
      // The same URLs as the pages' canonical links: no trailing slash (except the home page).
      serialize: (item) => ({
        ...item,
        url: item.url.replace(/(?<=[^/])\/$/, '').replace(/^(https?:\/\/[^/]+)$/, '$1/'),
      }),
    }),
  ],
  // Astro's build cache (incremental-build manifest + cached pages) lives beside the data, not in
  // node_modules, so it survives reinstalls; `npm run db:reset` deletes it together with dist/.
  // Separate builds (e.g. end-to-end tests) use their own cache dir via ASTRO_CACHE_DIR.
  cacheDir: process.env.ASTRO_CACHE_DIR || './.data/astro-cache',
  experimental: {
    incrementalBuild: true,
  },
});
