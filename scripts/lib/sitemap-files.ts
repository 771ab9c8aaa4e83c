/**
 * The sitemap's files (scripts/lib/sitemap.ts): `sitemap-N.xml` of at most 10,000 URLs each and
 * `sitemap-index.xml`, byte for byte as @astrojs/sitemap 3.7 writes them through the `sitemap`
 * package (tests/unit/sitemap.test.ts compares the two), but remembered between the builds of one
 * process: the warm renderer (scripts/lib/astro-build-warm.ts) builds many times, and at 100,000
 * articles a publish changes a few of 112,000 URLs. The order of the last build is kept and the
 * new URLs merged in, each URL's `<url>` element is made again only when its URL or lastmod
 * changed, and a file is written only when its text did (and touched otherwise, so the release
 * step counts it as this build's). The package's streams took ~1 s of every publish there.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One URL of the sitemap: as the pages give it, and its lastmod (ISO) when it is dated. */
export interface SitemapEntry {
  url: string;
  lastmod?: string | undefined;
}

/**
 * URLs per file, as @astrojs/sitemap's `entryLimit` (its default is 45,000; the protocol allows
 * 50,000). A publish changes the lastmod of a few URLs, and each file holding one is made and
 * written again and dated anew in the index, so a crawler fetches it again: at 100,000 articles a
 * 45,000-URL file was 5 MB joined, written and fetched again at every publish, one of 10,000 is 1.1 MB.
 */
const ENTRY_LIMIT = 10_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NS}">`;
const URLSET_CLOSE = '</urlset>';
const INDEX_OPEN = `${XML_DECLARATION}<sitemapindex xmlns="${NS}">`;
const INDEX_CLOSE = '</sitemapindex>';

/** What the `sitemap` package removes from text: characters XML 1.0 does not allow. */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uD800-\uDFFF\p{NChar}]/gu;

/** Element text as the `sitemap` package escapes it (its `text()`). */
function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(INVALID_XML, '');
}

/** An ISO date as the `sitemap` package writes a lastmod; an invalid one is an error there too. */
function isoDate(value: string, url: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid lastmod "${value}" for URL "${url}"`);
  return date.toISOString();
}

/** One `<url>` element: the URL resolved against `hostname`, as the `sitemap` package does. */
function urlElement(entry: SitemapEntry, hostname: string): string {
  const loc = new URL(entry.url, hostname).toString();
  const lastmod = entry.lastmod ? `<lastmod>${xmlText(isoDate(entry.lastmod, loc))}</lastmod>` : '';
  return `<url><loc>${xmlText(loc)}</loc>${lastmod}</url>`;
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * The sitemap's order: @astrojs/sitemap's (an English collation with numbers compared as
 * numbers: `/category/x/2` before `/category/x/10`), then by code points for URLs it holds equal,
 * so that the order is one whatever order the URLs came in.
 */
export function urlOrder(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The latest of a file's lastmods, as @astrojs/sitemap dates each file in the index. */
function latest(entries: readonly SitemapEntry[]): string | undefined {
  let max: number | undefined;
  for (const { lastmod } of entries) {
    if (!lastmod) continue;
    const time = new Date(lastmod).getTime();
    if (!Number.isNaN(time) && (max === undefined || time > max)) max = time;
  }
  return max === undefined ? undefined : new Date(max).toISOString();
}

export interface SitemapFiles {
  /** `urls` (unique) in the sitemap's order (urlOrder). */
  sort(urls: readonly string[]): string[];
  /**
   * Writes `entries` (in order) into `outDir` as `sitemap-N.xml` files and `sitemap-index.xml`
   * (the site's `hostname`, its base included, and its `base` path, as @astrojs/sitemap takes
   * them), removes the files of a longer sitemap, and returns how many files it wrote anew.
   * `changed`: the positions that may differ from the last call's entries, when every other
   * entry is the last call's at the same place (the caller knows which lastmods changed); then
   * only those are compared.
   */
  write(
    outDir: string,
    site: { hostname: string; base: string },
    entries: readonly SitemapEntry[],
    changed?: readonly number[],
  ): { files: number; written: number };
}

/** `limit`: URLs per file (ENTRY_LIMIT; smaller in tests). */
export function createSitemapFiles(limit = ENTRY_LIMIT): SitemapFiles {
  /** The last build's URLs in order, and as a set. */
  let lastOrder: string[] = [];
  let lastSet = new Set<string>();
  /** Each URL's element as last made: URL (as given) → lastmod and element. */
  let elements = new Map<string, { lastmod: string | undefined; xml: string }>();
  /**
   * The last build's entries and elements by position, and each file's lastmod: at a publish
   * that adds or removes no page, the same URL is at the same place, so a file none of whose
   * elements changed is neither joined nor compared again (~12 MB of text at 112,000 URLs).
   */
  let lastEntries: readonly SitemapEntry[] = [];
  let lastXml: string[] = [];
  let lastLatest: (string | undefined)[] = [];
  /** The text of each file as last written, by path; the hostname they were made for. */
  const written = new Map<string, string>();
  let madeFor = '';

  function sort(urls: readonly string[]): string[] {
    const now = new Set(urls);
    const added = urls.filter((u) => !lastSet.has(u)).sort(urlOrder);
    // The last order without the URLs that went, merged with the new ones: the order a sort of
    // them all gives, since urlOrder is a total order.
    const kept = lastOrder.filter((u) => now.has(u));
    const order: string[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length && j < added.length)
      order.push(urlOrder(kept[i]!, added[j]!) <= 0 ? kept[i++]! : added[j++]!);
    while (i < kept.length) order.push(kept[i++]!);
    while (j < added.length) order.push(added[j++]!);
    lastOrder = order;
    lastSet = now;
    return order;
  }

  function writeIfChanged(file: string, text: string): boolean {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (written.get(file) === text && stat?.size === Buffer.byteLength(text)) {
      const now = new Date();
      fs.utimesSync(file, now, now);
      return false;
    }
    fs.writeFileSync(file, text);
    written.set(file, text);
    return true;
  }

  function write(
    outDir: string,
    { hostname, base }: { hostname: string; base: string },
    entries: readonly SitemapEntry[],
    changedAt?: readonly number[],
  ) {
    if (hostname !== madeFor) {
      elements = new Map();
      written.clear();
      lastEntries = [];
      lastXml = [];
      lastLatest = [];
      madeFor = hostname;
    }
    let moved = entries.length !== lastEntries.length;
    // Positions to compare: only the changed ones when the caller knows them.
    const only = changedAt && !moved && lastXml.length === entries.length ? changedAt : undefined;
    const xml: string[] = only ? lastXml.slice() : new Array<string>(entries.length);
    /** The files (by number) with an element that is not the last build's, when `only`. */
    const dirty = new Set<number>();
    const count = only ? only.length : entries.length;
    for (let k = 0; k < count; k++) {
      const i = only ? only[k]! : k;
      const entry = entries[i]!;
      const before = lastEntries[i];
      if (before?.url === entry.url && before.lastmod === entry.lastmod) {
        xml[i] = lastXml[i]!;
        continue;
      }
      if (before?.url !== entry.url) moved = true;
      let element = elements.get(entry.url);
      if (!element || element.lastmod !== entry.lastmod) {
        element = { lastmod: entry.lastmod, xml: urlElement(entry, hostname) };
        elements.set(entry.url, element);
      }
      xml[i] = element.xml;
      if (only && xml[i] !== lastXml[i]) dirty.add(Math.floor(i / limit));
    }
    // Only the URLs of this build: a URL that went is forgotten.
    if (moved) elements = new Map(entries.map((entry, i) => [entry.url, { lastmod: entry.lastmod, xml: xml[i]! }]));
    fs.mkdirSync(outDir, { recursive: true });
    const files = Math.ceil(entries.length / limit);
    let index = INDEX_OPEN;
    let changed = 0;
    const latests: (string | undefined)[] = [];
    for (let n = 0; n < files; n++) {
      const from = n * limit;
      const to = Math.min(entries.length, from + limit);
      const file = path.join(outDir, `sitemap-${n}.xml`);
      let same = Math.min(lastXml.length, from + limit) === to && written.has(file);
      if (only) same &&= !dirty.has(n);
      else for (let i = from; same && i < to; i++) same = xml[i] === lastXml[i];
      const text = same ? written.get(file)! : URLSET_OPEN + xml.slice(from, to).join('') + URLSET_CLOSE;
      if (writeIfChanged(file, text)) changed++;
      const publicPath = path.posix.normalize(`${base.endsWith('/') ? base : `${base}/`}./sitemap-${n}.xml`);
      const loc = new URL(publicPath, hostname).toString();
      const lastmod = same ? lastLatest[n] : latest(entries.slice(from, to));
      latests.push(lastmod);
      index += `<sitemap><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
    }
    lastEntries = entries;
    lastXml = xml;
    lastLatest = latests;
    // Files of an earlier, longer sitemap would otherwise stay behind in a kept output folder.
    for (const name of fs.readdirSync(outDir)) {
      const m = /^sitemap-(\d+)\.xml$/.exec(name);
      if (m && Number(m[1]) >= files) {
        fs.rmSync(path.join(outDir, name));
        written.delete(path.join(outDir, name));
      }
    }
    if (files > 0 && writeIfChanged(path.join(outDir, 'sitemap-index.xml'), index + INDEX_CLOSE)) changed++;
    return { files, written: changed };
  }

  return { sort, write };
}
