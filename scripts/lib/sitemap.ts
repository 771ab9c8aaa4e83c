/**
 * sitemap-index.xml and its sitemap-N.xml files, written at the end of the build from the pages
 * Astro generated. Replaces @astrojs/sitemap, which sorted the URLs with
 * `localeCompare(b, 'en', { numeric: true })`: an ICU collator made per comparison, about 1 s of
 * every build at 10,000 articles (half of what an edit's incremental build may take). The same
 * order comes from one `Intl.Collator`, and the output keeps its format: canonical URLs (no
 * trailing slash except the home page), `<lastmod>` where the page is dated, at most
 * ENTRY_LIMIT URLs a file, and the index dating each file by its newest entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { element } from '../../src/lib/build/feeds/xml.ts';
import { PLAIN_PATH } from '../../src/lib/build/sitemap-lastmod.ts';

/** Fewer than the protocol's 50,000 per file, as @astrojs/sitemap's default. */
export const ENTRY_LIMIT = 45_000;

export interface SitemapEntry {
  url: string;
  lastmod?: string;
}

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

const collator = new Intl.Collator('en', { numeric: true });

/**
 * The sitemap's entries for the generated page paths (Astro's `pages[].pathname`: '' for the
 * home page, 'about/' or 'article/x/' for the rest): HTML pages only (no feeds, JSON or redirect
 * files, no error pages), minus `exclude`, in @astrojs/sitemap's order.
 */
export function sitemapEntries(site: string, pathnames: readonly string[], options: SitemapOptions): SitemapEntry[] {
  const origin = new URL(site);
  const paths = new Set<string>();
  for (const raw of pathnames) {
    const p = `/${raw.replace(/^\/+/, '').replace(/\/+$/, '')}`;
    if (/\.[a-z0-9]+$/i.test(p) || /^\/(404|500)$/.test(p) || options.exclude.test(p)) continue;
    paths.add(p);
  }
  // Sorted as full URLs, as before (the trailing slash of directory URLs included). A path of
  // plain URL characters without dot segments is its own URL path, so only the others are
  // parsed (11,000 parses at 10,000 articles were ~40 ms of every build).
  const urls = [...paths].map((p) => {
    const url = PLAIN_PATH.test(p) ? origin.origin + p : new URL(p, origin).href;
    return { url, sortKey: p === '/' ? url : `${url}/` };
  });
  urls.sort((a, b) => collator.compare(a.sortKey, b.sortKey));
  return urls.map(({ url }) => {
    const lastmod = options.lastmod(url);
    return lastmod ? { url, lastmod } : { url };
  });
}

/** The files to write: name → XML. */
export function sitemapFiles(site: string, entries: readonly SitemapEntry[]): Map<string, string> {
  const files = new Map<string, string>();
  const index: SitemapEntry[] = [];
  for (let i = 0; i * ENTRY_LIMIT < entries.length || i === 0; i++) {
    const chunk = entries.slice(i * ENTRY_LIMIT, (i + 1) * ENTRY_LIMIT);
    const name = `sitemap-${i}.xml`;
    const body = chunk.map((e) => `<url>${element('loc', e.url)}${element('lastmod', e.lastmod)}</url>`).join('');
    files.set(
      name,
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`,
    );
    const newest = chunk.reduce<string | undefined>(
      (max, e) => (e.lastmod && (!max || Date.parse(e.lastmod) > Date.parse(max)) ? e.lastmod : max),
      undefined,
    );
    index.push({ url: new URL(name, site).href, ...(newest ? { lastmod: newest } : {}) });
  }
  const body = index.map((e) => `<sitemap>${element('loc', e.url)}${element('lastmod', e.lastmod)}</sitemap>`).join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>`;
  files.set('sitemap-index.xml', xml);
  // Crawlers and people try /sitemap.xml first; robots.txt names the index.
  files.set('sitemap.xml', xml);
  return files;
}

export function sitemap(options: SitemapOptions): AstroIntegration {
  let site = '';
  return {
    name: 'sitemap',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (!config.site) throw new Error('The sitemap needs the `site` option (SITE_URL).');
        site = new URL(config.base, config.site).href;
      },
      'astro:build:done': ({ dir, pages, logger }) => {
        const outDir = fileURLToPath(dir);
        // Files of an earlier, longer sitemap would otherwise stay behind in a kept output folder.
        for (const name of fs.readdirSync(outDir)) {
          if (/^sitemap-\d+\.xml$/.test(name)) fs.rmSync(path.join(outDir, name));
        }
        const entries = sitemapEntries(
          site,
          [...pages.map((p) => p.pathname), ...(options.morePathnames?.() ?? [])],
          options,
        );
        for (const [name, xml] of sitemapFiles(site, entries)) fs.writeFileSync(path.join(outDir, name), xml);
        logger.info(`sitemap-index.xml: ${entries.length} URLs`);
      },
    },
  };
}
