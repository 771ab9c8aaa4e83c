/**
 * Bookmarks in a real browser against the local stack (reader-site.md §2, §4, §8): the toggle on
 * an article page with its toasts, the signed-out attempt kept as pendingBookmark through login,
 * and /bookmarks (cards, remove, the empty state, the login redirect). Uses the demo reader2.
 */
import { expect, test, type Page } from '@playwright/test';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { STORAGE_KEYS } from '../../src/lib/rules/reader/keys.ts';
import {
  islandsHydrated,
  publishedArticles,
  readerApi,
  signInReader,
  storeSession,
  type PublishedArticle,
} from './reader-session.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

const toggleIsland = 'astro-island[component-url*="BookmarkToggle"]';

async function bookmarkRows(articleId?: number) {
  const { client, userId } = await readerApi('reader2');
  let query = client.from('bookmarks').select('article_id').eq('user_id', userId);
  if (articleId !== undefined) query = query.eq('article_id', articleId);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data ?? [];
}

async function clearBookmarks() {
  const { client, userId } = await readerApi('reader2');
  const { error } = await client.from('bookmarks').delete().eq('user_id', userId);
  if (error) throw new Error(error.message);
}

async function openArticle(page: Page, article: PublishedArticle) {
  await page.goto(article.path);
  await islandsHydrated(page, toggleIsland);
}

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });

let articles: PublishedArticle[];

test.beforeAll(async () => {
  articles = await publishedArticles();
});

test.beforeEach(async ({ page }) => {
  await clearBookmarks();
  await logStatuses(page);
});

test('signed in: Add Bookmark inserts, Remove Bookmark deletes, each with its toast', async ({ page }) => {
  const article = articles[1]!;
  await signInReader(page, 'reader2');
  await openArticle(page, article);
  const add = page.getByRole('button', { name: LABELS.addBookmark });
  await expect(add).toHaveAttribute('aria-pressed', 'false');
  await expect(add).toHaveAttribute('title', LABELS.addBookmark);
  const box = await add.boundingBox();

  await add.click();
  await expectStatusShown(page, MESSAGES.bookmarkAdded);
  const remove = page.getByRole('button', { name: LABELS.removeBookmark });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  await expect(remove).toHaveAttribute('title', LABELS.removeBookmark);
  expect(await bookmarkRows(article.id)).toHaveLength(1);
  // Same box in both states: the control does not change size when it switches.
  expect((await remove.boundingBox())?.width).toBe(box?.width);

  // The state is read back from the server on a new visit.
  await openArticle(page, article);
  await expect(page.getByRole('button', { name: LABELS.removeBookmark })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: LABELS.removeBookmark }).click();
  await expectStatusShown(page, MESSAGES.bookmarkRemoved);
  await expect(page.getByRole('button', { name: LABELS.addBookmark })).toHaveAttribute('aria-pressed', 'false');
  expect(await bookmarkRows(article.id)).toHaveLength(0);
});

test('the bookmark toast goes away after 2 s', async ({ page }) => {
  const article = articles[2]!;
  await signInReader(page, 'reader2');
  await openArticle(page, article);
  await islandsHydrated(page, 'astro-island[component-url*="Toaster"]');
  // A first toggle with the real clock loads and starts the client (which uses timers itself).
  await page.getByRole('button', { name: LABELS.addBookmark }).click();
  await expect(page.getByRole('button', { name: LABELS.removeBookmark })).toHaveAttribute('aria-pressed', 'true');
  // The clock from here on: the toast's timer starts when the removal is done.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('button', { name: LABELS.removeBookmark }).click();
  await expect(toast(page, MESSAGES.bookmarkRemoved)).toBeVisible();
  await page.clock.runFor(1900);
  await expect(toast(page, MESSAGES.bookmarkRemoved)).toBeVisible();
  await page.clock.runFor(200);
  await expect(toast(page, MESSAGES.bookmarkRemoved)).toHaveCount(0);
});

test("a toast raised while the toasts' code is still loading gets its whole 2 s once shown", async ({ page }) => {
  const article = articles[10]!;
  const toaster = page.locator('astro-island[component-url*="Toaster"]');
  // The toasts' code is held back, as on a slow phone, until the test lets it through.
  let requested!: () => void;
  const toasterRequested = new Promise<void>((resolve) => (requested = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/Toaster\.[\w-]+\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  await signInReader(page, 'reader2');
  await openArticle(page, article);
  // A first toggle with the real clock loads and starts the client (which uses timers itself).
  await page.getByRole('button', { name: LABELS.addBookmark }).click();
  await expect(page.getByRole('button', { name: LABELS.removeBookmark })).toHaveAttribute('aria-pressed', 'true');
  await toasterRequested;
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('button', { name: LABELS.removeBookmark }).click();
  await expect(page.getByRole('button', { name: LABELS.addBookmark })).toHaveAttribute('aria-pressed', 'false');
  // Far longer than a toast's life passes while the toasts' code loads.
  await page.clock.runFor(10_000);
  await expect(toaster).toHaveAttribute('ssr', '');
  release();
  await expect(toast(page, MESSAGES.bookmarkRemoved)).toBeVisible();
  await expect(toast(page, MESSAGES.bookmarkAdded)).toBeVisible();
  await page.clock.runFor(1900);
  await expect(toast(page, MESSAGES.bookmarkRemoved)).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.locator('[data-toast]')).toHaveCount(0);
});

test('signed out: the static link is the fallback, without supabase-js', async ({ page }) => {
  const article = articles[3]!;
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(article.path);
  const link = page.getByRole('link', { name: LABELS.addBookmark });
  await expect(link).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(article.path)}`);
  await islandsHydrated(page, toggleIsland);
  expect(scripts.filter((url) => /supabase|auth-js|gotrue/i.test(url))).toEqual([]);
});

test('signed out: the attempt is kept as pendingBookmark, and after login the bookmark is added on the article', async ({
  page,
}) => {
  const article = articles[4]!;
  await openArticle(page, article);
  await page.getByRole('link', { name: LABELS.addBookmark }).click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(article.path)}`);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.pendingBookmark)).toBe(
    String(article.id),
  );

  // Signing in (the session stored as the login page stores it), then back on the article.
  await storeSession(page, 'reader2');
  await openArticle(page, article);
  await expectStatusShown(page, MESSAGES.bookmarkAdded);
  await expect(page.getByRole('button', { name: LABELS.removeBookmark })).toHaveAttribute('aria-pressed', 'true');
  expect(await bookmarkRows(article.id)).toHaveLength(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.pendingBookmark)).toBeNull();
});

test('a pending bookmark that already exists counts as done (23505)', async ({ page }) => {
  const article = articles[5]!;
  const { client, userId } = await readerApi('reader2');
  await client.from('bookmarks').insert({ user_id: userId, article_id: article.id });
  await signInReader(page, 'reader2');
  await page.evaluate(
    ([key, id]) => localStorage.setItem(key!, id!),
    [STORAGE_KEYS.pendingBookmark, String(article.id)],
  );
  await openArticle(page, article);
  await expectStatusShown(page, MESSAGES.bookmarkAdded);
  await expect(page.getByRole('button', { name: LABELS.removeBookmark })).toBeVisible();
  expect(await bookmarkRows(article.id)).toHaveLength(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.pendingBookmark)).toBeNull();
});

test('/bookmarks lists the bookmarked article as a card, and Remove takes it off', async ({ page }) => {
  const [first, second] = [articles[6]!, articles[7]!];
  const { client, userId } = await readerApi('reader2');
  await client.from('bookmarks').insert({ user_id: userId, article_id: first.id });
  await client.from('bookmarks').insert({ user_id: userId, article_id: second.id });

  await signInReader(page, 'reader2');
  await page.goto('/bookmarks');
  await expect(page.getByRole('heading', { level: 1, name: LABELS.myBookmarks })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const grid = page.getByRole('list', { name: LABELS.myBookmarks });
  const cards = grid.locator(':scope > li');
  await expect(cards).toHaveCount(2);
  // Newest bookmark first; each card links to its article and has its date.
  await expect(cards.first().getByRole('link', { name: second.title })).toHaveAttribute('href', second.path);
  const card = cards.filter({ hasText: first.title });
  await expect(card.locator('time')).not.toBeEmpty();
  await expect(card.locator('.result-author')).not.toBeEmpty();

  await card.getByRole('button', { name: `Remove bookmark: ${first.title}` }).click();
  await expectStatusShown(page, MESSAGES.bookmarkRemoved);
  await expect(cards).toHaveCount(1);
  expect(await bookmarkRows(first.id)).toHaveLength(0);
  expect(await bookmarkRows(second.id)).toHaveLength(1);

  await grid.getByRole('button', { name: `Remove bookmark: ${second.title}` }).click();
  await expect(page.getByText(LABELS.noBookmarks)).toBeVisible();
  await expect(page.getByRole('link', { name: LABELS.goToHomepage })).toHaveAttribute('href', '/');
});

test('/bookmarks with none: the empty state and the way home', async ({ page }) => {
  await signInReader(page, 'reader2');
  await page.goto('/bookmarks');
  await expect(page.getByText(LABELS.noBookmarks)).toBeVisible();
  await page.getByRole('link', { name: LABELS.goToHomepage }).click();
  await expect(page).toHaveURL('/');
});

test('/bookmarks signed out goes to login and back', async ({ page }) => {
  await page.goto('/bookmarks');
  await expect(page).toHaveURL('/login?redirect=%2Fbookmarks');
});

test('/bookmarks shows Loading first and is not in the sitemap', async ({ page, request }) => {
  const html = await (await request.get('/bookmarks')).text();
  expect(html).toContain(LABELS.loading);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).not.toContain('/bookmarks');
  await signInReader(page, 'reader2');
  await page.goto('/bookmarks');
  await expect(page.getByText(LABELS.noBookmarks)).toBeVisible();
});

test('a failed bookmark call says so and leaves the state as it was', async ({ page }) => {
  const article = articles[8]!;
  await signInReader(page, 'reader2');
  await openArticle(page, article);
  await expect(page.getByRole('button', { name: LABELS.addBookmark })).toHaveAttribute('data-state', 'off');
  await page.route('**/rest/v1/bookmarks*', (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
  );
  await page.getByRole('button', { name: LABELS.addBookmark }).click();
  await expectStatusShown(page, MESSAGES.bookmarkOperationFailed);
  await expect(page.getByRole('button', { name: LABELS.addBookmark })).toHaveAttribute('aria-pressed', 'false');
  expect(await bookmarkRows(article.id)).toHaveLength(0);
});

test('signed in: the bookmark state is read without downloading supabase-js', async ({ page }) => {
  const article = articles[9]!;
  const { client, userId } = await readerApi('reader2');
  await client.from('bookmarks').insert({ user_id: userId, article_id: article.id });
  await signInReader(page, 'reader2');
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await openArticle(page, article);
  await expect(page.getByRole('button', { name: LABELS.removeBookmark })).toHaveAttribute('aria-pressed', 'true');
  // The chunk of src/lib/browser/supabase.ts (supabase-js) comes with the first write, not before.
  expect(scripts.filter((p) => /\/supabase\.[\w-]+\.js$/.test(p))).toEqual([]);
});

test("/bookmarks says 'Failed to load bookmarks.' when the read fails", async ({ page }) => {
  await signInReader(page, 'reader2');
  await page.route('**/rest/v1/bookmarks*', (route) => route.abort('failed'));
  await page.goto('/bookmarks');
  await expect(page.getByText(MESSAGES.bookmarksFailed)).toBeVisible();
  await expect(page.getByText(LABELS.noBookmarks)).toHaveCount(0);
});
