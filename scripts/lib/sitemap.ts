/**
 * sitemap-index.xml and its sitemap-N.xml files, written at the end of the build, configured for
 * this site: canonical URLs (no trailing slash except the home page), `<lastmod>` where the page
 * is dated (src/lib/build/sitemap-lastmod.ts), only the pages meant for search engines, the pages
 * release builds did not render this time, and /sitemap.xml as a copy of the index.
 *
 * The pages listed and the files are @astrojs/sitemap 3.7's (its `astro:build:done`, for this
 * site's settings: no i18n, `build.format: 'directory'`), but made here by sitemap-files.ts, which
 * remembers the last build's order and elements: a warm render (scripts/lib/astro-build-warm.ts)
 * at 100,000 articles spent ~1.3 s in @astrojs/sitemap sorting, serialising and streaming 112,000
 * URLs to change a few. The order is the one @astrojs/sitemap sorts by (scripts/patches/), with
 * URLs it holds equal ordered by code points.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { createSitemapFiles, type SitemapEntry } from './sitemap-files.ts';

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
  /**
   * How the lastmods changed since a version of them (src/lib/build/sitemap-lastmod.ts,
   * lastmodChanges): this one's version and, when it was made from the one before, that one's and
   * the paths (`pathOf` of a URL) whose lastmod changed. When the build before used that version
   * and lists the same URLs, only those URLs are looked up again and their elements compared.
   */
  lastmodChanges?: () =>
    { version: number; since?: number | undefined; paths?: ReadonlySet<string> | undefined } | undefined;
  /** The path lastmodChanges names for a URL. */
  lastmodPath?: (url: string) => string;
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

/** 404 and 500, which @astrojs/sitemap leaves out of the pages Astro reports. */
const STATUS_PAGE = /^\/?(404|500)\/?$/;

/** The URL @astrojs/sitemap gives a page Astro wrote, by its pathname. */
function pageUrlOf(config: AstroConfig): (pathname: string) => string {
  const site = new URL(config.base, config.site);
  const base = site.pathname.endsWith('/') ? site.pathname : `${site.pathname}/`;
  return (pathname) => new URL(base + pathname.replace(/^\//, ''), site).href;
}

/** The pages Astro wrote that @astrojs/sitemap lists (not 404 and 500). */
const listedPages = (pages: readonly { pathname: string }[]) => pages.filter((p) => !STATUS_PAGE.test(p.pathname));

/**
 * The page URLs @astrojs/sitemap starts from: the pages Astro wrote (`pageHrefs`, from
 * listedPages and pageUrlOf), the static page routes and `customPages`, each once, in that order.
 */
function pageUrls(
  config: AstroConfig,
  pageHrefs: readonly string[],
  routes: readonly IntegrationResolvedRoute[],
  customPages: readonly string[],
): string[] {
  const site = new URL(config.base, config.site);
  const urls = [...pageHrefs];
  const routeUrl = (r: IntegrationResolvedRoute) => {
    if (!r.pathname || STATUS_PAGE.test(r.pathname)) return;
    const url = new URL(
      site.pathname.endsWith('/')
        ? site.pathname + r.generate(r.pathname).substring(1)
        : site.pathname + r.generate(r.pathname),
      site,
    ).href;
    urls.push(
      config.trailingSlash !== 'never' && config.build.format === 'directory' && !url.endsWith('/') ? `${url}/` : url,
    );
  };
  for (const r of routes) {
    if (r.type !== 'page') continue;
    routeUrl(r);
    for (const fallback of r.fallbackRoutes ?? []) routeUrl(fallback);
  }
  return [...new Set([...urls, ...customPages])];
}

export function sitemap(options: SitemapOptions): AstroIntegration[] {
  let config: AstroConfig | undefined;
  let home = '';
  let routes: readonly IntegrationResolvedRoute[] = [];
  const files = createSitemapFiles();
  /**
   * Last build's work per page path and URL, for the next (a process that builds many times, at
   * 100,000 articles: 112,000 paths): path → URL as Astro gives pages, and URL → canonical URL
   * (null: not in the sitemap).
   */
  let urlByPath = new Map<string, string>();
  let canonicalByUrl = new Map<string, string | null>();
  /**
   * The last build's list, in order, and what it was made from: when a build's keyed pages are
   * the same list (route-manifest.ts hands the same array when no page came or went) and the
   * routes and Astro's pages without a key (unkeyedPages) are the ones they were, the URLs and
   * their order are too.
   */
  let last:
    { custom: readonly string[]; customUrls: Set<string>; pages: string; routes: unknown; urls: string[] } | undefined;
  /**
   * What of Astro's `pages` the sitemap's URL list depends on besides `more`: the pathnames of the
   * listed pages whose URL is not one of `more`'s (`customUrls`), i.e. the pages without a cache
   * key. A warm render writes only the keyed pages whose key changed, a different few at each
   * publish; all are in `more`, so the list and its order are the last build's (urlOrder is a
   * total order) and not sorted again.
   */
  const unkeyedPages = (listed: readonly { pathname: string }[], hrefs: readonly string[], customUrls: Set<string>) =>
    listed
      .filter((_, i) => !customUrls.has(hrefs[i]!))
      .map((p) => p.pathname)
      .join('\n');
  /**
   * The last build's entries (for `last.urls`), the lastmods' version they were made with, and the
   * positions of the URLs each lastmod path dates.
   */
  let lastEntries:
    { urls: string[]; entries: SitemapEntry[]; version: number; byPath: Map<string, number[]> } | undefined;
  /**
   * Entries of `urls`; `changed`: the positions that may differ from the last build's; `next`:
   * what to keep once they are written.
   */
  function entriesOf(urls: string[]): { entries: SitemapEntry[]; changed?: number[]; next?: typeof lastEntries } {
    const lastmodOf = options.lastmod;
    const changes = options.lastmodChanges?.();
    const pathOf = options.lastmodPath;
    const before = lastEntries;
    if (!changes || !pathOf) return { entries: urls.map((url) => ({ url, lastmod: lastmodOf(url) })) };
    if (before?.urls === urls && changes.since === before.version && changes.paths) {
      const entries = before.entries.slice();
      const changed: number[] = [];
      for (const p of changes.paths) {
        for (const i of before.byPath.get(p) ?? []) {
          entries[i] = { url: urls[i]!, lastmod: lastmodOf(urls[i]!) };
          changed.push(i);
        }
      }
      return { entries, changed, next: { ...before, entries, version: changes.version } };
    }
    const entries: SitemapEntry[] = new Array<SitemapEntry>(urls.length);
    const byPath = new Map<string, number[]>();
    for (let i = 0; i < urls.length; i++) {
      const url = urls[i]!;
      entries[i] = { url, lastmod: lastmodOf(url) };
      const p = pathOf(url);
      const at = byPath.get(p);
      if (at) at.push(i);
      else byPath.set(p, [i]);
    }
    return { entries, next: { urls, entries, version: changes.version, byPath } };
  }
  /** The sitemap's canonical URLs, in order, of the keyed pages `more` and Astro's `pages`; kept in `last`. */
  function sortedUrls(more: readonly string[], pages: readonly { pathname: string }[]): string[] {
    // In the form Astro gives its pages ('article/x/'), so the two lists merge without duplicates.
    const nextUrlByPath = new Map<string, string>();
    const custom = more.map((p) => {
      let url = urlByPath.get(p);
      if (url === undefined) {
        const inner = p.replace(/^\/+|\/+$/g, '');
        url = inner ? `${home}${inner}/` : home;
      }
      nextUrlByPath.set(p, url);
      return url;
    });
    urlByPath = nextUrlByPath;
    const nextCanonical = new Map<string, string | null>();
    const canonical = (url: string): string | null => {
      let c = canonicalByUrl.get(url);
      if (c === undefined) c = isSitemapPage(home, url, options.exclude) ? canonicalPageUrl(home, url) : null;
      nextCanonical.set(url, c);
      return c;
    };
    const listed = listedPages(pages);
    const pageUrl = pageUrlOf(config!);
    const hrefs = listed.map((p) => pageUrl(p.pathname));
    const urls = pageUrls(config!, hrefs, routes, custom).filter((url) => canonical(url) !== null);
    canonicalByUrl = nextCanonical;
    const sorted = files.sort(urls).map((raw) => nextCanonical.get(raw)!);
    const customUrls = new Set(custom);
    last = { custom: more, customUrls, pages: unkeyedPages(listed, hrefs, customUrls), routes, urls: sorted };
    return sorted;
  }
  /** The last build's URL list when `more`, the routes and the pages without a key are the same. */
  function keptUrls(more: readonly string[], pages: readonly { pathname: string }[]): string[] | undefined {
    if (!last || last.custom !== more || last.routes !== routes) return undefined;
    const listed = listedPages(pages);
    const pageUrl = pageUrlOf(config!);
    const hrefs = listed.map((p) => pageUrl(p.pathname));
    return unkeyedPages(listed, hrefs, last.customUrls) === last.pages ? last.urls : undefined;
  }
  return [
    {
      name: 'sitemap',
      hooks: {
        'astro:routes:resolved': ({ routes: resolved }) => {
          routes = resolved;
        },
        'astro:config:done': ({ config: done }) => {
          if (!done.site) throw new Error('The sitemap needs the `site` option (SITE_URL).');
          config = done;
          home = new URL(done.base, done.site).href;
        },
        'astro:build:done': ({ dir, pages, logger }) => {
          const more = options.morePathnames?.() ?? [];
          const urls = keptUrls(more, pages) ?? sortedUrls(more, pages);
          const outDir = fileURLToPath(dir);
          const { entries, changed, next } = entriesOf(urls);
          // Kept only once written: a write that failed leaves the files as they were before.
          lastEntries = undefined;
          if (entries.length === 0) {
            logger.warn('No pages found: no sitemap written.');
            return;
          }
          const { written } = files.write(outDir, { hostname: home, base: config!.base }, entries, changed);
          lastEntries = next;
          // Crawlers and people try /sitemap.xml first; robots.txt names the index.
          fs.copyFileSync(path.join(outDir, 'sitemap-index.xml'), path.join(outDir, 'sitemap.xml'));
          logger.info(`sitemap: ${entries.length} URLs, ${written} file(s) written anew`);
        },
      },
    },
  ];
}
