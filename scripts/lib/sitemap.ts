/**
 * sitemap-index.xml and its sitemap-N.xml files, written by @astrojs/sitemap at the end of the
 * build, configured for this site: canonical URLs (no trailing slash except the home page),
 * `<lastmod>` where the page is dated (src/lib/build/sitemap-lastmod.ts), only the pages meant for
 * search engines, the pages release builds did not render this time, and /sitemap.xml as a copy of
 * the index.
 *
 * @astrojs/sitemap 3.7.4 sorts the URLs with `localeCompare(b, 'en', { numeric: true })`, which
 * makes an ICU collator per comparison: ~1 s of every build at 10,000 articles. The repository
 * carries a one-line patch (scripts/patches/, applied by `npm install` through patch-package) that
 * sorts with one `Intl.Collator` instead: the same order, ~1 % of the time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import astroSitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';

export interface SitemapOptions {
  /** Paths (with a leading slash, no trailing one) that are not for search engines. */
  exclude: RegExp;
  /** The page's lastmod (ISO), or undefined when it is not dated. */
  lastmod: (url: string) => string | undefined;
  /**
   * Page paths to list besides those Astro generated in this build: release builds render only
   * the keyed pages that changed (src/lib/build/routes/route-manifest.ts) and give all of them here.
   */
  morePathnames?: () => readonly string[];
}

/** Feeds, JSON and other files Astro generates beside the pages: not pages, not in the sitemap. */
const FILE = /\.[a-z0-9]+$/i;

/**
 * Whether a page URL as Astro lists it (`home` + 'about/') belongs in the sitemap. The URLs all
 * start with `home` (the site and its base), so the path is cut out without parsing 11,000 URLs.
 */
export function isSitemapPage(home: string, url: string, exclude: RegExp): boolean {
  if (!url.startsWith(home)) return false;
  const p = `/${url.slice(home.length).replace(/\/+$/, '')}`;
  return !FILE.test(p) && !/^\/(404|500)$/.test(p) && !exclude.test(p);
}

/** The canonical form of a page URL: no trailing slash, except the home page's. */
export function canonicalPageUrl(home: string, url: string): string {
  return url === home ? url : url.replace(/\/+$/, '');
}

export function sitemap(options: SitemapOptions): AstroIntegration[] {
  let home = '';
  /** Read by @astrojs/sitemap when the build is done, so it is filled just before. */
  const customPages: string[] = [];
  const before: AstroIntegration = {
    name: 'sitemap-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (!config.site) throw new Error('The sitemap needs the `site` option (SITE_URL).');
        home = new URL(config.base, config.site).href;
      },
      'astro:build:done': ({ dir }) => {
        customPages.splice(
          0,
          customPages.length,
          // In the form Astro gives its pages ('article/x/'), so the two lists merge without duplicates.
          ...(options.morePathnames?.() ?? []).map((p) => {
            const inner = p.replace(/^\/+|\/+$/g, '');
            return inner ? `${home}${inner}/` : home;
          }),
        );
        // Files of an earlier, longer sitemap would otherwise stay behind in a kept output folder.
        const outDir = fileURLToPath(dir);
        for (const name of fs.readdirSync(outDir)) {
          if (/^sitemap-\d+\.xml$/.test(name)) fs.rmSync(path.join(outDir, name));
        }
      },
    },
  };
  const after: AstroIntegration = {
    name: 'sitemap-alias',
    hooks: {
      // Crawlers and people try /sitemap.xml first; robots.txt names the index.
      'astro:build:done': ({ dir }) => {
        const outDir = fileURLToPath(dir);
        fs.copyFileSync(path.join(outDir, 'sitemap-index.xml'), path.join(outDir, 'sitemap.xml'));
      },
    },
  };
  return [
    before,
    astroSitemap({
      customPages,
      filter: (url) => isSitemapPage(home, url, options.exclude),
      serialize: (item) => {
        const url = canonicalPageUrl(home, item.url);
        const lastmod = options.lastmod(url);
        return lastmod ? { url, lastmod } : { url };
      },
      // Plain <urlset>: the pages carry no news, image, video or alternate-language entries.
      namespaces: { news: false, xhtml: false, image: false, video: false },
    }),
    after,
  ];
}
