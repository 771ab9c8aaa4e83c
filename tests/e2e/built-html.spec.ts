/**
 * The prebuilt HTML as crawlers get it, read from the live release (tests/e2e/served-release.ts)
 * without running any script: every article page has its own title and description, a canonical
 * slug URL, absolute og:image with dimensions, lang en-ZA, complete NewsArticle and BreadcrumbList
 * JSON-LD, and a sanitised body; /article/{id} is a redirect rule to the slug, not a page; and no
 * draft, scheduled or archived article appears anywhere in the output. The release is pinned
 * together with the articles it was built from (public ones as anon reads them, the rest with the
 * service-role key, which sees everything), since other files publish while this one runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { E2E } from './env.ts';
import { articleFile as builtArticle, pinReleaseWithData, type Pin } from './served-release.ts';

const SITE = E2E.siteUrl;

interface Row {
  id: number;
  slug: string;
  title: string;
  status: string;
  archived_at: string | null;
  is_report: boolean;
  pdf_url: string | null;
}

const COLUMNS = 'id, slug, title, status, archived_at, is_report, pdf_url';
const config = loadConfig();
const admin = createClient(E2E.apiUrl, config.serviceRoleKey, { auth: { persistSession: false } });
const anon = createClient(E2E.apiUrl, config.anonKey, { auth: { persistSession: false } });

/** Every article, and the ids of those the public may read (published, due, not archived). */
async function articles(): Promise<{ all: Row[]; publicIds: number[] }> {
  const all = await admin.from('articles_meta').select(COLUMNS).order('id');
  const visible = await anon.from('articles_meta').select('id').order('id');
  if (all.error || visible.error) throw new Error((all.error ?? visible.error)!.message);
  return { all: all.data as Row[], publicIds: visible.data.map((r) => r.id as number) };
}

let pin: Pin & { data: Awaited<ReturnType<typeof articles>> };
let DIST: string;
test.beforeAll(async () => {
  // Waits for a quiet moment between other files' publishes (tests/e2e/served-release.ts).
  test.setTimeout(120_000);
  pin = await pinReleaseWithData(articles);
  DIST = pin.dir;
});
test.afterAll(() => pin?.remove());

const isPublic = (a: Row) => pin.data.publicIds.includes(a.id);
const allArticles = () => pin.data.all;
const articleFile = (segment: string) => builtArticle(DIST, segment);
const slugUrl = (a: Row) => `${SITE}/article/${encodeURIComponent(a.slug)}`;

/** Loads built HTML into a page with scripts off, as a crawler that does not run JavaScript. */
async function open(page: Page, file: string): Promise<void> {
  await page.setContent(fs.readFileSync(file, 'utf8'), { waitUntil: 'domcontentloaded' });
}

type Ld = Record<string, unknown>;
const types = (ld: Ld): string[] => [ld['@type']].flat() as string[];

test.use({ javaScriptEnabled: false });

test.describe('built article HTML', () => {
  test.beforeEach(async ({ page }) => {
    // Nothing is fetched: images and styles of the built pages are irrelevant here.
    await page.route('**/*', (route) => route.abort());
  });

  test('every published article has a complete, crawler-ready page', async ({ page }) => {
    test.setTimeout(120_000);
    const articles = allArticles().filter(isPublic);
    expect(articles.length).toBeGreaterThan(0);
    const titles = new Set<string>();
    let reports = 0;
    for (const article of articles) {
      const file = articleFile(article.slug);
      expect(fs.existsSync(file), file).toBe(true);
      await open(page, file);
      const where = article.slug;
      // One round trip per page: what a crawler reads, gathered in the page, checked here.
      const seen = await page.evaluate(() => {
        const meta = (selector: string, name = 'content') =>
          document.querySelector(selector)?.getAttribute(name) ?? null;
        const body = document.querySelectorAll('[data-article-body]');
        const root = body[0];
        return {
          lang: document.documentElement.getAttribute('lang'),
          title: document.title,
          description: meta('meta[name="description"]'),
          canonical: meta('link[rel="canonical"]', 'href'),
          ogUrl: meta('meta[property="og:url"]'),
          ogType: meta('meta[property="og:type"]'),
          ogImage: meta('meta[property="og:image"]'),
          ogImageWidth: meta('meta[property="og:image:width"]'),
          ogImageHeight: meta('meta[property="og:image:height"]'),
          publishedTime: meta('meta[property="article:published_time"]'),
          twitterCard: meta('meta[name="twitter:card"]'),
          ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
          bodies: body.length,
          forbidden: root ? root.querySelectorAll('script, style, object, embed, form').length : -1,
          handlers: root
            ? [root, ...root.querySelectorAll('*')].flatMap((el) =>
                el.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')),
              )
            : [],
          links: root
            ? [...root.querySelectorAll('[href], [src]')].map(
                (el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '',
              )
            : [],
        };
      });

      expect(seen.lang, where).toBe('en-ZA');
      expect(seen.title, where).not.toBe('');
      expect(titles.has(seen.title), `duplicate title ${seen.title}`).toBe(false);
      titles.add(seen.title);
      expect(seen.description, where).toMatch(/\S{3,}/);
      expect(seen.canonical, where).toBe(slugUrl(article));
      expect(seen.ogUrl, where).toBe(slugUrl(article));
      expect(seen.ogType, where).toBe('article');
      expect(seen.ogImage, where).toMatch(/^https?:\/\//);
      expect(seen.ogImageWidth, where).toMatch(/^[1-9]\d*$/);
      expect(seen.ogImageHeight, where).toMatch(/^[1-9]\d*$/);
      expect(seen.publishedTime, where).toMatch(/^\d{4}-/);
      expect(seen.twitterCard, where).toMatch(/^summary/);

      const docs = seen.ld.map((text) => JSON.parse(text) as Ld);
      const news = docs.find((d) => types(d).includes('NewsArticle'));
      expect(news, `${where}: NewsArticle`).toBeDefined();
      for (const field of [
        'headline',
        'description',
        'image',
        'datePublished',
        'dateModified',
        'author',
        'publisher',
        'articleSection',
        'isAccessibleForFree',
        'mainEntityOfPage',
      ]) {
        expect(news![field], `${where}: ${field}`).toBeTruthy();
      }
      expect(news!.headline).toBe(article.title);
      const author = [news!.author].flat()[0] as Ld;
      expect(author['@type'], where).toBe('Person');
      expect(author.url, where).toMatch(new RegExp(`^${SITE}/author/`));
      expect(((news!.publisher as Ld).logo as Ld).url, where).toMatch(/^https?:\/\//);
      expect((news!.mainEntityOfPage as Ld)['@id']).toBe(slugUrl(article));
      expect(types(news!).includes('Report'), `${where}: a Report exactly when it is one`).toBe(
        Boolean(article.is_report && article.pdf_url),
      );
      reports += article.is_report && article.pdf_url ? 1 : 0;
      const crumbs = docs.find((d) => types(d).includes('BreadcrumbList'));
      expect(crumbs, `${where}: BreadcrumbList`).toBeDefined();
      expect((crumbs!.itemListElement as Ld[]).at(-1)?.name).toBe(article.title);

      // The stored HTML went through the sanitiser: no scripts, no event handlers.
      expect(seen.bodies, where).toBe(1);
      expect(seen.forbidden, where).toBe(0);
      expect(seen.handlers, where).toEqual([]);
      expect(
        seen.links.filter((h) => /^\s*javascript:/i.test(h)),
        where,
      ).toEqual([]);
    }
    // The e2e fixtures publish a report (tests/e2e/fixtures.ts): the Report type was checked.
    expect(reports).toBeGreaterThan(0);
  });

  test('/article/{id} is a redirect rule and an id shard entry, never a page or a sitemap URL', async () => {
    const articles = allArticles().filter(isPublic);
    const slugs = new Set(articles.map((a) => a.slug));
    const rules = fs.readFileSync(path.join(DIST, '_redirects'), 'utf8');
    const sitemaps = fs
      .readdirSync(DIST)
      .filter((f) => /^sitemap.*\.xml$/.test(f))
      .map((f) => fs.readFileSync(path.join(DIST, f), 'utf8'))
      .join('\n');
    let checked = 0;
    for (const article of articles) {
      if (slugs.has(String(article.id))) continue; // a digits-only slug wins over the id
      expect(fs.existsSync(articleFile(String(article.id))), `no page for id ${article.id}`).toBe(false);
      expect(rules).toContain(`\n/article/${article.id} /article/${encodeURIComponent(article.slug)} 301\n`);
      const shard = JSON.parse(
        fs.readFileSync(path.join(DIST, 'article-ids', `${Math.floor(article.id / 1000)}.json`), 'utf8'),
      ) as Record<string, string>;
      expect(shard[String(article.id)]).toBe(article.slug);
      expect(sitemaps).not.toContain(`${SITE}/article/${article.id}<`);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    // Only public articles get a rule.
    const ruleCount = rules.split('\n').filter((l) => l.startsWith('/article/')).length;
    expect(ruleCount).toBe(checked);
  });

  test('no draft, scheduled or archived article appears anywhere in the build output', async () => {
    const hidden = allArticles().filter((a) => !isPublic(a));
    expect(hidden.some((a) => a.status === 'draft')).toBe(true);
    expect(hidden.some((a) => a.archived_at !== null)).toBe(true);
    const files = fs.readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => {
      return /\.(html|xml|json|txt|js|webmanifest)$/.test(f) && fs.statSync(path.join(DIST, f)).isFile();
    });
    expect(files.length).toBeGreaterThan(0);
    const patterns = hidden.map((a) => ({
      slug: a.slug,
      re: new RegExp(`(?<![\\w-])${a.slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`),
    }));
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(DIST, file), 'utf8');
      for (const { slug, re } of patterns) if (re.test(text)) found.push(`${file}: ${slug}`);
    }
    expect(found).toEqual([]);
    for (const a of hidden) expect(fs.existsSync(articleFile(a.slug)), a.slug).toBe(false);
  });
});

test.describe('built HTML text', () => {
  test('no word is glued to a link or emphasis (whitespace between text and inline elements survives)', async () => {
    const pages = fs
      .readdirSync(DIST, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.html') && !f.startsWith('_astro'));
    expect(pages.length).toBeGreaterThan(50);
    // 'our<a …>press office</a>' or '</strong>and': a letter touching an inline element's edge.
    const glued = /[\p{L}\d]<(a|strong|em|b|i|code|abbr|time)[\s>]|<\/(a|strong|em|b|i|code|abbr|time)>[\p{L}\d]/u;
    const found: string[] = [];
    for (const file of pages) {
      const main = /<main[\s\S]*<\/main>/.exec(fs.readFileSync(path.join(DIST, file), 'utf8'))?.[0] ?? '';
      const hit = glued.exec(main);
      if (hit) found.push(`${file}: …${main.slice(Math.max(0, hit.index - 30), hit.index + 30)}…`);
    }
    expect(found).toEqual([]);
  });
});

test.describe("the layout's frame", () => {
  // The footer, the partner banner, the offline component and the category menu are rendered
  // once a build and their HTML reused on every page (src/components/RenderOnce.astro). Each of
  // them writes its script where it renders: reused HTML must carry it on every page, once.
  test('every public page has one footer and one category menu, each with its script once, and no script twice', () => {
    const pages = fs
      .readdirSync(DIST, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.html') && !f.startsWith('_astro'));
    const framed = pages.filter((f) => fs.readFileSync(path.join(DIST, f), 'utf8').includes('class="site-footer"'));
    expect(framed.length).toBeGreaterThan(50);
    // Full-build pages and pages other files' publishes rendered warm, side by side.
    expect(framed.some((f) => f.startsWith('article/'))).toBe(true);
    const count = (html: string, part: string) => html.split(part).length - 1;
    const found: string[] = [];
    for (const file of framed) {
      const html = fs.readFileSync(path.join(DIST, file), 'utf8');
      const once = {
        footer: count(html, '<footer class="site-footer"'),
        menu: count(html, '<nav class="category-nav"'),
        'footer script': count(html, '/_astro/Footer.astro_astro_type_script'),
        'menu script': count(html, '/_astro/CategoryMenu.astro_astro_type_script'),
        'offline script': count(html, '/_astro/OfflineSupport.astro_astro_type_script'),
      };
      for (const [part, n] of Object.entries(once)) if (n !== 1) found.push(`${file}: ${part} ×${n}`);
      const sources = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
      for (const src of new Set(sources)) {
        if (sources.indexOf(src) !== sources.lastIndexOf(src)) found.push(`${file}: ${src} twice`);
      }
    }
    expect(found).toEqual([]);
  });
});
