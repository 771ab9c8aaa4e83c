/**
 * The article page as a reader's browser sees it (§2 "Article page contents"): header, hero,
 * byline, breadcrumb and tags, the report viewer, the id-to-slug redirect, the share control's
 * copy confirmation, the trending side column and the comments placeholder. The seeded articles
 * are found through the API with the anon key, as the build reads them.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { LABELS } from '../../src/lib/messages/reader.ts';
import { E2E } from './env.ts';
import { axe } from './axe.ts';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SKIPPED = ['Latest News', 'Current News'];

interface ArticleRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  published_at: string | null;
  created_at: string;
  hero_image_url: string | null;
  image_reference: string | null;
  author_id: string | null;
  is_report: boolean;
  pdf_url: string | null;
  show_edited_tag: boolean;
}
interface Category {
  id: number;
  name: string;
  slug: string;
}
interface Seeded {
  articles: ArticleRow[];
  categoriesOf: (a: ArticleRow) => Category[];
  authors: Map<string, { username: string; display_name: string | null }>;
}

let seeded: Promise<Seeded> | undefined;

/** Published, non-archived articles (newest first), their categories and the public authors. */
function load(): Promise<Seeded> {
  seeded ??= (async () => {
    const api = createClient(E2E.apiUrl, loadConfig().anonKey, { auth: { persistSession: false } });
    const [articles, links, categories, authors] = await Promise.all([
      api
        .from('articles_meta')
        .select(
          'id, title, slug, excerpt, published_at, created_at, hero_image_url, image_reference, author_id, is_report, pdf_url, show_edited_tag',
        )
        .eq('status', 'published')
        .is('archived_at', null)
        .order('published_at', { ascending: false, nullsFirst: false })
        .order('created_at', { ascending: false })
        .order('id', { ascending: false }),
      api.from('article_categories').select('article_id, category_id, display_order').order('display_order'),
      api.from('categories').select('id, name, slug'),
      api.from('profiles').select('id, username, display_name').in('role', ['author', 'admin']),
    ]);
    for (const r of [articles, links, categories, authors]) expect(r.error).toBeNull();
    const byId = new Map((categories.data as Category[]).map((c) => [c.id, c]));
    const linkRows = links.data as { article_id: number; category_id: number }[];
    return {
      articles: articles.data as ArticleRow[],
      categoriesOf: (a) => linkRows.filter((l) => l.article_id === a.id).map((l) => byId.get(l.category_id)!),
      authors: new Map(
        (authors.data as { id: string; username: string; display_name: string | null }[]).map((p) => [p.id, p]),
      ),
    };
  })();
  return seeded;
}

const enZA = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});
const path = (a: Pick<ArticleRow, 'slug'>) => `/article/${encodeURIComponent(a.slug)}`;

/** A regular article whose first category is skipped in the breadcrumb, with hero, credit and author. */
async function typicalArticle(): Promise<{ data: Seeded; article: ArticleRow }> {
  const data = await load();
  const article = data.articles.find(
    (a) =>
      !a.is_report &&
      a.hero_image_url &&
      a.image_reference &&
      a.author_id &&
      data.authors.has(a.author_id) &&
      SKIPPED.includes(data.categoriesOf(a)[0]?.name ?? ''),
  );
  expect(article, 'a seeded article filed under Latest News first').toBeDefined();
  return { data, article: article! };
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('article page', () => {
  test('shows title, date, author, breadcrumb, tags and the hero with its credit', async ({ page }) => {
    const { data, article } = await typicalArticle();
    await page.setViewportSize(DESKTOP);
    const response = await page.goto(path(article));
    expect(response?.status()).toBe(200);
    const main = page.locator('main');
    const title = main.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(article.title);
    await expect(title).toHaveCSS('-webkit-line-clamp', '3');

    const date = article.published_at ?? article.created_at;
    const time = main.locator('.article-meta time');
    await expect(time).toHaveText(enZA.format(new Date(date)));
    await expect(time).toHaveAttribute('datetime', new Date(date).toISOString());

    const author = data.authors.get(article.author_id!)!;
    const byline = main.locator('.article-meta a[rel="author"]');
    await expect(byline).toHaveAttribute('href', `/author/${author.username}`);
    await expect(byline).toHaveText(author.display_name ?? author.username);
    await expect(byline.locator('img')).toHaveAttribute('src', /\S/);

    const categories = data.categoriesOf(article);
    const crumb = categories.find((c) => !SKIPPED.includes(c.name))!;
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', crumb.name, article.title]);
    await expect(breadcrumb.getByRole('link', { name: crumb.name })).toHaveAttribute('href', `/category/${crumb.slug}`);
    for (const skipped of SKIPPED) await expect(breadcrumb).not.toContainText(skipped);

    const tags = main.getByRole('region', { name: 'Tags' }).getByRole('link');
    await expect(tags).toHaveText(categories.map((c) => c.name));
    expect(await tags.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      categories.map((c) => `/category/${c.slug}`),
    );

    const hero = main.locator('figure.hero img');
    // Responsive sizes from Storage's render endpoint: the browser picks the 800 px rendition for
    // the 50rem main column at 1280 px, and receives WebP.
    const object = new URL(article.hero_image_url!).pathname.replace('/object/public/', '/render/image/public/');
    const srcset = (await hero.getAttribute('srcset')) ?? '';
    expect(srcset.split(', ').map((c) => c.split(' ')[1])).toEqual(['400w', '800w', '1200w', '1600w']);
    expect(srcset).toContain(object);
    await expect(hero).toHaveAttribute('sizes', /\d/);
    // (naturalWidth is density-corrected, so the chosen candidate is read from currentSrc.)
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/width=800/);
    const current = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(current).pathname).toBe(object);
    const rendition = await page.request.get(current, { headers: { Accept: 'image/avif,image/webp,*/*' } });
    expect(rendition.headers()['content-type']).toBe('image/webp');
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('width', /^\d+$/);
    await expect(hero).toHaveAttribute('height', /^\d+$/);
    await expect(hero).toHaveCSS('object-fit', 'cover');
    await expect(hero).toHaveCSS('height', '450px');
    await expect(main.locator('figure.hero figcaption')).toHaveText(article.image_reference!);

    await page.setViewportSize(MOBILE);
    await expect(hero).toHaveCSS('height', '300px');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: MOBILE });
    test('the hero loads a rendition wide enough for its 300 px-high crop, cards the 400 px one', async ({ page }) => {
      const { article } = await typicalArticle();
      await page.goto(path(article));
      const chosen = (img: Locator) =>
        expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc));
      // 300 px high at 16:9 is 534 px wide: more than the 390 px screen, so the 800 px rendition.
      await chosen(page.locator('main figure.hero img')).toMatch(/\/render\/image\/public\/.*width=800/);
      await page.goto('/');
      const card = page.locator('main .card img').first();
      await card.scrollIntoViewIfNeeded();
      await chosen(card).toMatch(/\/render\/image\/public\/.*width=400/);
    });
  });

  test("shows the 'Edited' tag only when show_edited_tag is set", async ({ page }) => {
    const { articles } = await load();
    const edited = articles.find((a) => a.show_edited_tag);
    const plain = articles.find((a) => !a.show_edited_tag);
    expect(edited, 'a seeded article with show_edited_tag').toBeDefined();
    await page.goto(path(edited!));
    await expect(page.locator('.article-meta')).toContainText('Edited');
    await page.goto(path(plain!));
    await expect(page.locator('.article-meta')).not.toContainText('Edited');
  });

  test('a report shows its excerpt, the PDF 800 px high without toolbars and a download link', async ({ page }) => {
    const { articles } = await load();
    const report = articles.find((a) => a.is_report && a.pdf_url);
    expect(report, 'a seeded PDF report').toBeDefined();
    await page.setViewportSize(DESKTOP);
    await page.goto(path(report!));
    await expect(page.locator('[data-article-body]')).toContainText(report!.excerpt!);
    const viewer = page.locator(`iframe[title*="${report!.title.slice(0, 20)}"]`);
    await expect(viewer).toHaveAttribute('src', `${report!.pdf_url}#toolbar=0&navpanes=0`);
    await viewer.scrollIntoViewIfNeeded();
    expect((await viewer.boundingBox())?.height).toBe(800);
    // Storage is another origin, where the download attribute is ignored: Storage's ?download
    // answers with an attachment instead.
    const download = page.getByRole('link', { name: /Download the report/ });
    await expect(download).toHaveAttribute('href', `${report!.pdf_url}?download`);
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment/);
    expect(file.headers()['content-type']).toBe('application/pdf');
  });

  test('the link-preview image is a 1200×630 crop of the hero, as declared', async ({ page }) => {
    const { article } = await typicalArticle();
    await page.goto(path(article));
    const content = (p: string) => page.locator(`meta[property="${p}"]`).getAttribute('content');
    const og = (await content('og:image'))!;
    expect(og).toContain(new URL(article.hero_image_url!).pathname.replace('/object/public/', '/render/image/public/'));
    expect([await content('og:image:width'), await content('og:image:height')]).toEqual(['1200', '630']);
    expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(og);
    // What a crawler downloads really is that size.
    const size = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, og);
    expect(size).toEqual([1200, 630]);
  });

  test('/article/{id} ends on the slug URL', async ({ page, baseURL }) => {
    const { article } = await typicalArticle();
    await page.goto(`/article/${article.id}`);
    await expect(page).toHaveURL(`${baseURL}${path(article)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  });

  test('the id redirects without JavaScript too: a permanent redirect, not a page', async ({ browser, baseURL }) => {
    const { article } = await typicalArticle();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/article/${article.id}`);
    await expect(page).toHaveURL(`${baseURL}${path(article)}`);
    const res = await page.request.get(`${baseURL}/article/${article.id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers()['location']).toBe(path(article));
    await context.close();
  });

  test('on a host that ignores _redirects, the not-found page still takes an id to the article', async ({
    page,
    baseURL,
  }) => {
    const { article } = await typicalArticle();
    const notFound = await (await page.request.get(`${baseURL}/errors/article-not-found`)).text();
    // What such a host answers for /article/{id}: its not-found page, status 404.
    await page.route(`**/article/${article.id}`, (route) =>
      route.fulfill({ status: 404, contentType: 'text/html', body: notFound }),
    );
    await page.goto(`/article/${article.id}`);
    await expect(page).toHaveURL(`${baseURL}${path(article)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  });

  test('copy link confirms for 2 seconds', async ({ page, context, baseURL }) => {
    const { article } = await typicalArticle();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto(path(article));
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    const status = page.locator('[data-copy-status]');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(status).toHaveText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${path(article)}`);
    await page.clock.runFor(1999);
    await expect(status).toHaveText('Link copied');
    await page.clock.runFor(1);
    await expect(status).toHaveText('');
  });

  test('the trending side column leaves out the article being read', async ({ page }) => {
    const { articles } = await load();
    const newest = articles[0]!;
    await page.setViewportSize(DESKTOP);
    await page.goto(path(newest));
    const side = page.getByRole('complementary', { name: 'Trending Now' });
    await expect(side).toHaveCSS('width', '340px');
    const list = side.locator('ol[data-trending]');
    await expect(list).toHaveAttribute('data-refreshed', '');
    const expected = articles.slice(1, 4).map(path);
    expect(await list.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      expected,
    );
  });

  test('the trending column is filled from /trending.json, not baked into the cached page', async ({ page }) => {
    const { articles } = await load();
    const older = articles[5]!;
    // The page as built names no article in its trending list (it would go stale across publishes).
    const html = await (await page.request.get(path(older))).text();
    expect(html).toMatch(/<ol[^>]*data-trending[^>]*>\s*<\/ol>/);
    await page.goto(path(older));
    const links = page.locator('ol[data-trending]').getByRole('link');
    await expect(links).toHaveCount(3);
    expect(await links.evaluateAll((l) => l.map((a) => a.getAttribute('href')))).toEqual(
      articles.slice(0, 3).map(path),
    );
    for (const src of await page
      .locator('ol[data-trending] img')
      .evaluateAll((i) => i.map((e) => e.getAttribute('src'))))
      expect(src).toMatch(/\/render\/image\/public\/.*width=400&/);
  });

  test('without /trending.json the trending column is left out, not shown empty', async ({ page }) => {
    const { articles } = await load();
    await page.route('**/trending.json', (route) => route.abort());
    await page.goto(path(articles[5]!));
    await expect(page.locator('section.trending')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeHidden();
  });

  test('has the comments section with a sign-in placeholder', async ({ page }) => {
    const { article } = await typicalArticle();
    await page.goto(`${path(article)}#comments`);
    const comments = page.locator('section#comments');
    await expect(comments.getByRole('heading', { name: 'Comments' })).toBeVisible();
    const box = comments.getByRole('textbox');
    await expect(box).toHaveAttribute('placeholder', 'Sign in to comment...');
    // Disabled in the static HTML (nothing to do with it without JavaScript); the island then lets
    // a signed-out reader type, keeping the text through login (reader-comments.spec.ts).
    await expect(box).toBeEditable();
    await expect(comments.getByRole('link', { name: 'Sign in to Comment' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`${path(article)}#comments`)}`,
    );
  });

  test('has the bookmark place: signed out, Add Bookmark leads to sign-in and back', async ({ page }) => {
    const { article } = await typicalArticle();
    await page.goto(path(article));
    const bookmark = page.locator('main [data-bookmark]');
    await expect(bookmark).toHaveAttribute('data-article-id', String(article.id));
    const link = bookmark.getByRole('link', { name: LABELS.addBookmark });
    await expect(link).toHaveAttribute('title', LABELS.addBookmark);
    await expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(path(article))}`);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`has no axe violations at ${viewport.width} px (article and report)`, async ({ page }) => {
      const { articles } = await load();
      const { article } = await typicalArticle();
      const report = articles.find((a) => a.is_report && a.pdf_url)!;
      await page.setViewportSize(viewport);
      for (const a of [article, report]) {
        await page.goto(path(a));
        await expect(page.locator('ol[data-trending]')).toHaveAttribute('data-refreshed', '');
        await expectNoAxeViolations(page);
      }
    });
  }
});

test.describe('/test-rich-previews', () => {
  test('shows the main article’s link-preview tags exactly as its page prints them', async ({ page }) => {
    await page.goto('/test-rich-previews');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const first = page.locator('section.preview').first();
    const href = await first.getByRole('heading', { level: 2 }).getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/article\//);
    const sourceText = await first.locator('pre').first().textContent();

    await page.goto(href!);
    const printed = await page
      .locator('head meta[property^="og:"], head meta[name^="twitter:"], head link[rel="canonical"]')
      .evaluateAll((els) => els.map((el) => el.outerHTML.replace(/\s*\/?>$/, '>')));
    expect(printed.length).toBeGreaterThan(10);
    for (const tag of printed) expect(sourceText).toContain(tag);
    expect(sourceText).toContain(`<title>${await page.title()}</title>`);
  });

  test('has no axe violations', async ({ page }) => {
    await page.goto('/test-rich-previews');
    await expectNoAxeViolations(page);
  });
});
