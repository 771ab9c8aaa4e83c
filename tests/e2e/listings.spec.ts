/**
 * The listing pages against the seeded stack: home, category (with pagination), categories,
 * authors, author profiles and the not-public note, events and search. Expected content is read
 * from the API with the anon key (as the build does), never hard-coded.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { formatEventDate } from '../../src/lib/rules/dates.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { RSS_ITEMS } from '../../src/lib/build/feeds/rss.ts';
import { HOME_SECTION_LIMIT, LISTING_PAGE_SIZE } from '../../src/lib/site.ts';
import { SEARCH_PAGE_SIZE } from '../../src/lib/rules/search/results.ts';
import { E2E } from './env.ts';
import { freshUser, storeSession } from './reader-auth-helpers.ts';
import { axe } from './axe.ts';

const config = loadConfig();
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const anon = createClient(E2E.apiUrl, config.anonKey, options);
const service = createClient(E2E.apiUrl, config.serviceRoleKey, options);

interface Row {
  id: number;
  title: string;
  slug: string;
  is_main: boolean;
  author_id: string | null;
}

/** What the build reads: published, non-archived articles, their categories, staff, events. */
async function siteData() {
  const [articles, links, categories, authors, events] = await Promise.all([
    anon
      .from('articles_meta')
      .select('id, title, slug, is_main, author_id')
      .eq('status', 'published')
      .is('archived_at', null)
      .order('published_at', { ascending: false, nullsFirst: false })
      .order('created_at', { ascending: false }),
    anon.from('article_categories').select('article_id, category_id'),
    anon.from('categories').select('id, name, slug, parent_id'),
    anon.from('profiles').select('id, username, display_name, role').in('role', ['author', 'admin']),
    anon.from('events').select('title, event_date').is('archived_at', null).order('event_date'),
  ]);
  const published = (articles.data ?? []) as Row[];
  const ids = new Set(published.map((a) => a.id));
  const inCategory = (categoryId: number) =>
    (links.data ?? []).filter((l) => l.category_id === categoryId && ids.has(l.article_id)).length;
  return {
    articles: published,
    categories: (categories.data ?? []).map((c) => ({ ...c, count: inCategory(c.id) })),
    authors: (authors.data ?? []).map((a) => ({
      ...a,
      count: published.filter((p) => p.author_id === a.id).length,
    })),
    events: events.data ?? [],
  };
}

let data: Awaited<ReturnType<typeof siteData>>;
test.beforeAll(async () => {
  data = await siteData();
});

const jsonLd = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));

test.describe('home', () => {
  test('shows the main article, 3 trending articles and the two sections', async ({ page }) => {
    await page.goto('/');
    // The hero is the article flagged main (§7: is_main, single), not merely the newest one.
    const main = data.articles.find((a) => a.is_main);
    expect(main, 'the seed has a main article').toBeDefined();
    expect(main!.id).not.toBe(data.articles[0]!.id);
    await expect(page.locator('[data-main-article] h2')).toHaveText(main!.title);
    await expect(page.getByText(MESSAGES.noMainArticle)).toHaveCount(0);
    await expect(page.locator('[data-trending] > li')).toHaveCount(3);

    for (const [section, id] of [
      ['featured', 1],
      ['opinion', 27],
    ] as const) {
      const total = data.categories.find((c) => c.id === id)!.count;
      const root = page.locator(`[data-section="${section}"]`);
      await expect(root.locator('[data-cards] > li')).toHaveCount(Math.min(total, HOME_SECTION_LIMIT));
      await expect(root.getByRole('link', { name: LABELS.viewMore })).toHaveCount(total > HOME_SECTION_LIMIT ? 1 : 0);
      const cards = await root.locator('[data-cards] > li').all();
      expect(cards.length, section).toBeGreaterThan(0);
      for (const card of cards) expect(await card.locator('.chips li').count()).toBeLessThanOrEqual(4);
    }
    // The seed puts more than a section's worth in Featured (tests/unit/seed-content.test.ts).
    const featured = data.categories.find((c) => c.id === 1)!;
    expect(featured.count).toBeGreaterThan(HOME_SECTION_LIMIT);
    await expect(
      page.locator('[data-section="featured"]').getByRole('link', { name: LABELS.viewMore }),
    ).toHaveAttribute('href', `/category/${featured.slug}`);
  });

  test('describes the organisation and the site search to crawlers', async ({ page }) => {
    await page.goto('/');
    const docs = await jsonLd(page);
    expect(docs.map((d) => d['@type'])).toEqual(['NewsMediaOrganization', 'WebSite']);
    expect(docs[1].potentialAction['@type']).toBe('SearchAction');
    expect(docs[1].potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
  });
});

test.describe('category pages', () => {
  test('breadcrumb, count line, cards and BreadcrumbList', async ({ page }) => {
    const category = data.categories.filter((c) => c.count > 0).sort((a, b) => b.count - a.count)[0]!;
    const response = await page.goto(`/category/${category.slug}`);
    expect(response?.status()).toBe(200);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText([LABELS.home, LABELS.categories, category.name]);
    await expect(crumbs.getByRole('link', { name: LABELS.categories })).toHaveAttribute('href', '/categories');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(page.getByText(LABELS.articleCount(category.count))).toBeVisible();
    await expect(page.locator('main [data-cards] > li')).toHaveCount(Math.min(category.count, LISTING_PAGE_SIZE));
    await expect(page.getByRole('heading', { name: LABELS.trendingNow })).toBeVisible();
    const breadcrumb = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList');
    expect(breadcrumb.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      LABELS.home,
      LABELS.categories,
      category.name,
    ]);
  });

  test('every category has exactly ceil(count / page size) pages', async ({ request }) => {
    for (const category of data.categories) {
      const pages = Math.max(1, Math.ceil(category.count / LISTING_PAGE_SIZE));
      const last = await request.get(`/category/${category.slug}${pages > 1 ? `/${pages}` : ''}`);
      expect(last.status(), category.slug).toBe(200);
      expect(await last.text()).toContain(LABELS.articleCount(category.count));
      expect((await request.get(`/category/${category.slug}/${pages + 1}`)).status(), category.slug).toBe(404);
    }
  });

  test('long categories are paginated with rel links', async ({ page }) => {
    const long = data.categories.find((c) => c.count > LISTING_PAGE_SIZE);
    expect(long, 'the e2e fixtures make one category long (tests/e2e/fixtures.ts)').toBeDefined();
    await page.goto(`/category/${long!.slug}`);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', `${E2E.siteUrl}/category/${long!.slug}/2`);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`/category/${long!.slug}/2`);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', `${E2E.siteUrl}/category/${long!.slug}`);
    await expect(page.locator('main [data-cards] > li')).toHaveCount(
      Math.min(long!.count - LISTING_PAGE_SIZE, LISTING_PAGE_SIZE),
    );
  });

  test('an empty category says so', async ({ page }) => {
    const empty = data.categories.find((c) => c.count === 0);
    expect(empty, 'the e2e fixtures add an empty category').toBeDefined();
    await page.goto(`/category/${empty!.slug}`);
    await expect(page.getByText(LABELS.articleCount(0))).toBeVisible();
    await expect(page.getByText(MESSAGES.noCategoryArticles)).toBeVisible();
  });

  test('unknown categories and articles answer 404 with their message', async ({ page }) => {
    let response = await page.goto('/category/no-such-category');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.categoryNotFound })).toBeVisible();
    response = await page.goto('/article/no-such-article-anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.articleNotFound })).toBeVisible();
    // The message keeps its full stop; the document title does not.
    await expect(page).toHaveTitle('Article not found | ESG Africa News');
  });

  test('a category page announces its own RSS feed, which lists its articles', async ({ page, request }) => {
    const category = data.categories.find((c) => c.count > 0)!;
    await page.goto(`/category/${category.slug}`);
    const feed = page.locator('link[rel="alternate"][type="application/rss+xml"][href$="/rss.xml"]');
    await expect(feed).toHaveCount(2);
    await expect(feed.last()).toHaveAttribute('href', `/category/${category.slug}/rss.xml`);
    await expect(feed.last()).toHaveAttribute('title', new RegExp(category.name));
    const xml = await (await request.get(`/category/${category.slug}/rss.xml`)).text();
    expect(xml.match(/<item>/g)?.length).toBe(Math.min(category.count, RSS_ITEMS));
  });
});

test.describe('overviews and authors', () => {
  test('/categories groups subcategories under their parent, with counts', async ({ page }) => {
    await page.goto('/categories');
    for (const top of data.categories.filter((c) => c.parent_id === null)) {
      const group = page.locator(`.group[data-category="${top.slug}"]`);
      await expect(group.getByRole('heading', { level: 2 })).toHaveText(top.name);
      for (const child of data.categories.filter((c) => c.parent_id === top.id)) {
        const item = group.locator(`li[data-category="${child.slug}"]`);
        await expect(item.getByRole('link')).toHaveAttribute('href', `/category/${child.slug}`);
        await expect(item).toContainText(`${child.count} ${child.count === 1 ? 'article' : 'articles'}`);
      }
    }
  });

  test('/authors lists every author and admin', async ({ page }) => {
    await page.goto('/authors');
    await expect(page.locator('[data-author]')).toHaveCount(data.authors.length);
    for (const a of data.authors) {
      await expect(page.getByRole('link', { name: a.display_name ?? a.username })).toHaveAttribute(
        'href',
        `/author/${a.username}`,
      );
    }
  });

  test('an author page shows the profile, the articles and ProfilePage data', async ({ page }) => {
    const author = [...data.authors].sort((a, b) => b.count - a.count)[0]!;
    const response = await page.goto(`/author/${author.username}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(author.display_name ?? author.username);
    await expect(page.locator('main [data-cards] > li')).toHaveCount(Math.min(author.count, LISTING_PAGE_SIZE));
    const profile = (await jsonLd(page)).find((d) => d['@type'] === 'ProfilePage');
    expect(profile.mainEntity['@type']).toBe('Person');
    expect(profile.mainEntity.alternateName).toBe(author.username);
  });

  test('an author without articles says so', async ({ page }) => {
    const idle = data.authors.find((a) => a.count === 0);
    expect(idle, 'the e2e fixtures promote a reader to author without articles').toBeDefined();
    await page.goto(`/author/${idle!.username}`);
    await expect(page.getByText(MESSAGES.noAuthorArticles)).toBeVisible();
  });

  test("a reader's name is 404 'This profile is not public.'; an unknown name 404 'Author not found.'", async ({
    page,
    request,
  }) => {
    const { data: readers } = await service.from('profiles').select('username').eq('role', 'reader').limit(1);
    const reader = readers![0]!.username as string;
    // The static host answers both with the same bytes and 404; the page asks the database which.
    const [a, b] = await Promise.all([request.get(`/author/${reader}`), request.get('/author/anything-unknown-x')]);
    expect([a.status(), b.status()]).toEqual([404, 404]);
    expect(await a.text()).toBe(await b.text());
    expect(await a.text()).not.toContain(reader);

    await page.goto(`/author/${reader}`);
    await expect(page.getByRole('heading', { level: 1, name: LABELS.profileNotPublic })).toBeVisible();
    await expect(page.getByText(LABELS.profileNotPublicDetail)).toBeVisible();
    await expect(page.getByRole('link', { name: LABELS.returnToHomepage })).toBeVisible();
    await expect(page).toHaveTitle(/^This profile is not public \|/);

    const lookup = page.waitForResponse((r) => r.url().includes('/rpc/author_profile_status'));
    await page.goto('/author/anything-unknown-x');
    expect(await (await lookup).json()).toBe('none');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.authorNotFound })).toBeVisible();
  });
});

test.describe('events', () => {
  const upcoming = () => data.events.filter((e) => Date.parse(e.event_date) >= Date.now());

  test('upcoming events in date order with en-GB long dates', async ({ page }) => {
    await page.goto('/events');
    const items = page.locator('[data-event-date]');
    await expect(items.locator('h2')).toHaveText(upcoming().map((e) => e.title));
    await expect(items.locator('time')).toHaveText(upcoming().map((e) => formatEventDate(e.event_date)));
    await expect(page.getByText(MESSAGES.noEvents)).toBeHidden();
  });

  test('events that have passed drop off at view time, without a rebuild', async ({ page }) => {
    const [first, ...rest] = upcoming();
    expect(first, 'the seed has upcoming events').toBeDefined();
    await page.clock.setFixedTime(Date.parse(first!.event_date) + 60_000);
    await page.goto('/events');
    await expect(page.locator('[data-event-date] h2')).toHaveText(rest.map((e) => e.title));
    await page.clock.setFixedTime(new Date('2100-01-01T00:00:00Z'));
    await page.reload();
    await expect(page.locator('[data-event-date]')).toHaveCount(0);
    await expect(page.getByText(MESSAGES.noEvents)).toBeVisible();
  });
});

test.describe('search', () => {
  /** The page's script (src/browser/search-page.ts) has read the URL and wired the form. */
  const hydrated = (page: Page) => expect(page.locator('[data-search-page]')).toHaveAttribute('data-ready');

  test('Enter in the header box lands on /search with results', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox');
    if (!(await box.isVisible())) await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await box.fill('water');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=water');
    await hydrated(page);
    await expect(page.getByLabel('Search terms')).toHaveValue('water');
    await expect(page.getByRole('list', { name: 'Results for water' }).getByRole('listitem').first()).toBeVisible();
    // The header box keeps showing what the results are for.
    await expect(page.getByRole('search', { name: 'Site search' }).getByRole('searchbox')).toHaveValue('water');
  });

  test('accent- and case-insensitive; nonsense finds nothing; the query stays in the URL', async ({ page }) => {
    const cote = data.articles.find((a) => /Côte/.test(a.title));
    expect(cote, 'the seed has the Côte d’Ivoire article').toBeDefined();
    await page.goto('/search?q=cote');
    await hydrated(page);
    await expect(page.getByRole('link', { name: cote!.title, exact: true })).toBeVisible();

    const box = page.getByLabel('Search terms');
    await box.fill('zzqxv nonsense');
    await box.press('Enter');
    await expect(page.getByText(MESSAGES.noSearchResults)).toBeVisible();
    await expect(page).toHaveURL('/search?q=zzqxv%20nonsense');
    await expect(box).toHaveValue('zzqxv nonsense');
    await expect(page.getByRole('search', { name: 'Site search' }).getByRole('searchbox')).toHaveValue(
      'zzqxv nonsense',
    );
  });

  test('shows a loading state while the search runs', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/search_articles**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/search?q=energy');
    await expect(page.getByText('Loading…')).toBeVisible();
    release();
    await expect(page.getByText('Loading…')).toHaveCount(0);
  });

  const resultsFor = (page: Page, q: string) => page.getByRole('list', { name: `Results for ${q}` });
  const searchFromPage = async (page: Page, q: string) => {
    const box = page.getByLabel('Search terms');
    await box.fill(q);
    await box.press('Enter');
  };
  /** What search_articles finds for q, as the page asks for it (anon, ranked). */
  const matches = async (q: string) => {
    const { data: rows, error } = await anon.rpc('search_articles', { q }).select('id, title');
    expect(error).toBeNull();
    return (rows ?? []) as { id: number; title: string }[];
  };

  test('each search is a history entry: Back and Forward restore the query, results and header box', async ({
    page,
  }) => {
    const [water, cote] = await Promise.all([matches('water'), matches('cote')]);
    expect(water.length, 'the seed has water articles').toBeGreaterThan(0);
    expect(cote.length, 'the seed has the Côte d’Ivoire article').toBeGreaterThan(0);
    const header = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox');
    const box = page.getByLabel('Search terms');

    await page.goto('/search?q=water');
    await hydrated(page);
    await expect(resultsFor(page, 'water').locator(':scope > li')).toHaveCount(water.length);
    const entries = await page.evaluate(() => history.length);
    await searchFromPage(page, 'cote');
    await expect(page).toHaveURL('/search?q=cote');
    await expect(resultsFor(page, 'cote').locator(':scope > li')).toHaveCount(cote.length);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);

    await page.goBack();
    await expect(page).toHaveURL('/search?q=water');
    await expect(box).toHaveValue('water');
    await expect(header).toHaveValue('water');
    await expect(resultsFor(page, 'water').locator(':scope > li')).toHaveCount(water.length);
    await expect(resultsFor(page, 'water').getByRole('link', { name: water[0]!.title, exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Search results for “water” | ESG Africa News');

    await page.goForward();
    await expect(page).toHaveURL('/search?q=cote');
    await expect(box).toHaveValue('cote');
    await expect(header).toHaveValue('cote');
    await expect(resultsFor(page, 'cote').locator(':scope > li')).toHaveCount(cote.length);
  });

  test('the document title follows the query shown', async ({ page }) => {
    await page.goto('/search');
    await hydrated(page);
    await expect(page).toHaveTitle('Search | ESG Africa News');
    await searchFromPage(page, 'energy');
    await expect(page).toHaveTitle('Search results for “energy” | ESG Africa News');
    await searchFromPage(page, 'zzqxv nonsense');
    await expect(page.getByText(MESSAGES.noSearchResults)).toBeVisible();
    await expect(page).toHaveTitle('Search results for “zzqxv nonsense” | ESG Africa News');
    await searchFromPage(page, '');
    await expect(page).toHaveURL('/search');
    await expect(page).toHaveTitle('Search | ESG Africa News');
    await page.goBack();
    await expect(page).toHaveTitle('Search results for “zzqxv nonsense” | ESG Africa News');

    // Opened with a query, the page is retitled as soon as its script runs.
    await page.goto('/search?q=water');
    await expect(page).toHaveTitle('Search results for “water” | ESG Africa News');
  });

  test('every query variant of the search page is canonical to /search', async ({ page, request, baseURL }) => {
    const html = await (await request.get('/search?q=water')).text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/search">`);
    await page.goto('/search?q=energy');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/search`);
  });

  test('result cards show up to 4 category chips and the author, read in two batched requests', async ({ page }) => {
    // A seeded article with an author and categories (other files add articles without either).
    const candidates = data.articles.filter((a) => a.author_id && data.authors.some((u) => u.id === a.author_id));
    const { data: linked } = await anon
      .from('article_categories')
      .select('article_id')
      .in(
        'article_id',
        candidates.map((a) => a.id),
      );
    const withCategories = new Set((linked ?? []).map((l) => l.article_id));
    const article = candidates.find((a) => withCategories.has(a.id))!;
    expect(article, 'an article with an author and categories').toBeDefined();
    const author = data.authors.find((u) => u.id === article.author_id)!;
    const { data: links } = await anon
      .from('article_categories')
      .select('category_id, categories(name, slug)')
      .eq('article_id', article.id)
      .order('display_order')
      .order('category_id');
    const chips = ((links ?? []) as unknown as { categories: { name: string; slug: string } }[])
      .slice(0, 4)
      .map((l) => l.categories);
    expect(chips.length, 'the article has categories').toBeGreaterThan(0);

    const reads: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/rest\/v1\/(rpc\/search_articles_page|article_categories|profiles)$/.test(path)) reads.push(path);
    });
    await page.goto(`/search?q=${encodeURIComponent(article.title)}`);
    await hydrated(page);
    const card = resultsFor(page, article.title)
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: article.title, exact: true }) });
    const chipLinks = card.getByRole('list', { name: 'Categories' }).getByRole('link');
    await expect(chipLinks).toHaveText(chips.map((c) => c.name));
    for (const [i, c] of chips.entries()) await expect(chipLinks.nth(i)).toHaveAttribute('href', `/category/${c.slug}`);
    await expect(card.locator('.result-author')).toHaveText(author.display_name ?? author.username);

    // A broad query: still one search, one categories read and one authors read.
    reads.length = 0;
    await searchFromPage(page, 'e');
    await expect(resultsFor(page, 'e').locator(':scope > li').first()).toBeVisible();
    expect(reads.sort()).toEqual([
      '/rest/v1/article_categories',
      '/rest/v1/profiles',
      '/rest/v1/rpc/search_articles_page',
    ]);
    const cards = await resultsFor(page, 'e').getByRole('article').all();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(await card.getByRole('list', { name: 'Categories' }).getByRole('listitem').count()).toBeLessThanOrEqual(4);
      await expect(card.locator('.result-author')).not.toBeEmpty();
    }
  });

  test('when the chips and authors cannot be read, the results still show', async ({ page }) => {
    await page.route(/\/rest\/v1\/(article_categories|profiles)\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    const water = await matches('water');
    await page.goto('/search?q=water');
    await expect(resultsFor(page, 'water').locator(':scope > li')).toHaveCount(water.length);
    await expect(page.getByText(MESSAGES.articlesFailed)).toHaveCount(0);
    await expect(resultsFor(page, 'water').getByRole('list', { name: 'Categories' })).toHaveCount(0);
  });

  test("a broad query pages through every match with 'Load more'; focus goes to the first new result", async ({
    page,
  }) => {
    // Every page of a broad query, one 'Load more' at a time: 40.1 s in a clean-clone CI run on
    // the slow machine kind of 27 Nov., more than the default 30 s leaves.
    test.setTimeout(90_000);
    const all = await matches('e');
    expect(all.length, 'more than two pages match').toBeGreaterThan(2 * SEARCH_PAGE_SIZE);
    await page.goto('/search?q=e');
    const items = resultsFor(page, 'e').locator(':scope > li');
    await expect(items).toHaveCount(SEARCH_PAGE_SIZE);
    await expect(page.locator('.search-status')).toHaveText(`${all.length} results for “e”`);
    await expect(page.getByText(`Showing ${SEARCH_PAGE_SIZE} of ${all.length}`)).toBeVisible();
    const more = page.getByRole('button', { name: LABELS.loadMore });
    // The new controls (Sort by, Load more) pass axe; the cards are in the axe suite below.
    const results = await axe(page).include('[data-search-page] form').include('.search-more').analyze();
    expect(results.violations).toEqual([]);
    await more.click();
    await expect(items).toHaveCount(2 * SEARCH_PAGE_SIZE);
    await expect(items.nth(SEARCH_PAGE_SIZE).getByRole('heading').getByRole('link')).toBeFocused();
    // Keyboard: the button works from Enter too, until every match is shown.
    while ((await items.count()) < all.length) {
      const before = await items.count();
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(items).toHaveCount(Math.min(before + SEARCH_PAGE_SIZE, all.length));
    }
    await expect(more).toBeHidden();
    // Relevance order, the same as search_articles ranks them, and every match exactly once.
    await expect(items.getByRole('heading')).toHaveText(all.map((a) => a.title));
  });

  test("'Newest first' orders by published_at descending and is kept in the URL", async ({ page }) => {
    const { data: rows, error } = await anon
      .from('articles_meta')
      .select('title, excerpt')
      .eq('status', 'published')
      .is('archived_at', null)
      .order('published_at', { ascending: false })
      .order('created_at', { ascending: false })
      .order('id', { ascending: false });
    expect(error).toBeNull();
    const ids = new Set((await matches('water')).map((m) => m.title));
    const newest = (rows as { title: string }[]).filter((r) => ids.has(r.title)).map((r) => r.title);
    expect(newest.length, 'the seed has water articles').toBeGreaterThan(1);

    await page.goto('/search?q=water');
    await hydrated(page);
    await expect(page.getByLabel(LABELS.searchSortBy)).toHaveValue('relevance');
    await page.getByLabel(LABELS.searchSortBy).selectOption({ label: LABELS.searchNewest });
    await expect(page).toHaveURL('/search?q=water&sort=newest');
    await expect(resultsFor(page, 'water').getByRole('heading')).toHaveText(newest);

    await page.goBack();
    await expect(page.getByLabel(LABELS.searchSortBy)).toHaveValue('relevance');
    await page.goto('/search?q=water&sort=newest');
    await expect(page.getByLabel(LABELS.searchSortBy)).toHaveValue('newest');
    await expect(resultsFor(page, 'water').getByRole('heading')).toHaveText(newest);
  });
});

test('an island that fails to render shows the 500 page message in its place, and the page keeps working', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // /bookmarks is an island from the start (search is not one any more). A broken answer from the
  // API (a title that is not text) makes its grid throw while rendering.
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  const broken = {
    id: 1,
    title: { not: 'text' },
    slug: 'broken',
    excerpt: null,
    hero_image_url: null,
    published_at: null,
    created_at: '2026-01-01T00:00:00Z',
    author_id: null,
    primary_category_id: null,
  };
  await page.route('**/rest/v1/bookmarks**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify([{ article_id: 1, created_at: '2026-01-01T00:00:00Z', articles_meta: broken }]),
    }),
  );
  await page.goto('/bookmarks');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: MESSAGES.errorPageTitle })).toBeVisible();
  await expect(alert).toContainText(MESSAGES.errorPageApology);
  await expect(alert.getByRole('link', { name: LABELS.returnToHomepage })).toHaveAttribute('href', '/');
  expect(errors.some((e) => e.includes('An island failed to render'))).toBe(true);
  // The static page around it is intact: the header search still goes somewhere.
  await expect(page.getByRole('search', { name: 'Site search' })).toBeAttached();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test.describe('accessibility (axe)', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });
      const paths = () => {
        const category = data.categories.find((c) => c.count > 0)!;
        const author = data.authors[0]!;
        return ['/', `/category/${category.slug}`, '/categories', '/authors', `/author/${author.username}`, '/events'];
      };
      test('listing pages have no violations', async ({ page }) => {
        // Seven pages through axe take ~20 s on a busy 2-core machine: more than the default 30 s leaves.
        test.setTimeout(90_000);
        const violations = async (path: string) =>
          (await axe(page).analyze()).violations.map(
            (v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`,
          );
        for (const path of paths()) {
          await page.goto(path);
          expect(await violations(path)).toEqual([]);
        }
        // The search page once its results are in.
        await page.goto('/search?q=water');
        await expect(page.locator('.search-status')).toHaveText(/result/i);
        expect(await violations('/search?q=water')).toEqual([]);
      });
    });
  }
});
