/**
 * Sitemaps and feeds as crawlers fetch them: well-formed XML (parsed by the browser's own
 * DOMParser) that lists exactly the published, non-archived articles.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { E2E } from './env.ts';

const anon = createClient(E2E.apiUrl, loadConfig().anonKey, { auth: { persistSession: false } });

async function published(): Promise<{ slug: string; published_at: string; updated_at: string }[]> {
  const { data, error } = await anon
    .from('articles_meta')
    .select('slug, published_at, updated_at')
    .eq('status', 'published')
    .is('archived_at', null)
    // Only what is live: an article scheduled ahead is not on the site yet.
    .lte('published_at', new Date().toISOString())
    // The site's order (src/lib/build/data/fetch-site-data.ts), ties included.
    .order('published_at', { ascending: false })
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw new Error(error.message);
  return data;
}

/** Fetches a path from the site and parses it as XML in the page; fails on a parse error. */
async function xmlTexts(page: Page, path: string, selector: string): Promise<string[]> {
  await page.goto('/');
  return page.evaluate(
    async ([p, sel]) => {
      const text = await (await fetch(p!)).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error(`${p} is not well-formed XML`);
      return [...doc.getElementsByTagNameNS('*', sel!)].map((n) => n.textContent ?? '');
    },
    [path, selector],
  );
}

/**
 * Runs a comparison of the served site with the database until it holds. Other test files publish
 * while these run, and the served files catch up with the database one build later (a few
 * seconds, more on a busy machine), so a single comparison can catch a change between the two.
 */
async function untilCaughtUp(compare: () => Promise<void>): Promise<void> {
  test.setTimeout(90_000);
  await expect(compare).toPass({ timeout: 60_000 });
}

const articleUrls = (slugs: string[]) => slugs.map((s) => `${E2E.siteUrl}/article/${s}`).sort();

test('sitemap.xml lists every published article by its canonical URL, and no id redirect', async ({ page }) => {
  await untilCaughtUp(async () => {
    const index = await xmlTexts(page, '/sitemap-index.xml', 'loc');
    expect(index.length).toBeGreaterThan(0);
    const locs = (await Promise.all(index.map((u) => xmlTexts(page, new URL(u).pathname, 'loc')))).flat();
    const articles = locs.filter((u) => u.startsWith(`${E2E.siteUrl}/article/`)).sort();
    expect(articles).toEqual(articleUrls((await published()).map((a) => a.slug)));
    expect(locs.some((u) => /\/(dashboard|preview|errors|search)\b/.test(u))).toBe(false);
  });
});

test('/sitemap.xml, the conventional address, serves the sitemap index', async ({ request }) => {
  // The two requests are not one atomic read: another file's publish can swap in a release (with
  // a newer index lastmod) between them, so the comparison runs until both come from one release.
  await untilCaughtUp(async () => {
    const alias = await request.get('/sitemap.xml');
    expect(alias.status()).toBe(200);
    expect(alias.headers()['content-type']).toMatch(/xml/);
    const aliasText = await alias.text();
    expect(aliasText).toContain('<sitemapindex');
    expect(aliasText).toBe(await (await request.get('/sitemap-index.xml')).text());
  });
});

test('sitemap.xml dates each article by its last change and leaves undated pages undated', async ({ page }) => {
  await untilCaughtUp(async () => {
    const index = await xmlTexts(page, '/sitemap-index.xml', 'loc');
    const entries = (
      await Promise.all(
        index.map((u) =>
          page.evaluate(async (p) => {
            const doc = new DOMParser().parseFromString(await (await fetch(p)).text(), 'application/xml');
            return [...doc.getElementsByTagNameNS('*', 'url')].map((n) => ({
              loc: n.getElementsByTagNameNS('*', 'loc')[0]?.textContent ?? '',
              lastmod: n.getElementsByTagNameNS('*', 'lastmod')[0]?.textContent ?? null,
            }));
          }, new URL(u).pathname),
        ),
      )
    ).flat();
    const byLoc = new Map(entries.map((e) => [e.loc, e.lastmod]));
    const articles = await published();
    for (const a of articles) {
      const expected = new Date(Math.max(Date.parse(a.updated_at), Date.parse(a.published_at))).toISOString();
      expect(byLoc.get(`${E2E.siteUrl}/article/${a.slug}`), a.slug).toBe(expected);
    }
    // The seed's edit history is real: not every article was last changed at the same moment.
    expect(new Set(articles.map((a) => byLoc.get(`${E2E.siteUrl}/article/${a.slug}`))).size).toBeGreaterThan(10);
    const newest = articles
      .map((a) => byLoc.get(`${E2E.siteUrl}/article/${a.slug}`)!)
      .sort()
      .at(-1);
    expect(byLoc.get(`${E2E.siteUrl}/`)).toBe(newest);
    expect(byLoc.get(`${E2E.siteUrl}/about`)).toBeNull();
  });
});

test('the news sitemap lists exactly the articles of the last 48 hours', async ({ page }) => {
  await untilCaughtUp(async () => {
    const since = Date.now() - 48 * 3_600_000;
    const recent = (await published()).filter((a) => Date.parse(a.published_at) >= since).map((a) => a.slug);
    expect(recent.length).toBeGreaterThan(0);
    expect((await xmlTexts(page, '/news-sitemap.xml', 'loc')).sort()).toEqual(articleUrls(recent));
  });
});

test('the RSS feed carries the newest published articles, newest first', async ({ page }) => {
  await untilCaughtUp(async () => {
    const links = await xmlTexts(page, '/rss.xml', 'guid');
    const newest = (await published()).slice(0, links.length).map((a) => `${E2E.siteUrl}/article/${a.slug}`);
    expect(links.length).toBeGreaterThan(0);
    expect(links).toEqual(newest);
  });
});

test('robots.txt points crawlers to both sitemaps', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${E2E.siteUrl}/sitemap-index.xml`);
  expect(robots).toContain(`Sitemap: ${E2E.siteUrl}/news-sitemap.xml`);
  expect(robots).toContain('Disallow: /dashboard');
});
