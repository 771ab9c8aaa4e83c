/**
 * /preview/{slug or id}: the article page's own markup filled in the browser, the draft banner
 * and relative date, and the draft access messages (reader-site.md "Preview page extras", §6).
 */
import { expect, test } from '@playwright/test';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { signIn, signedInApi } from './dashboard-session.ts';

async function drafts() {
  const admin = await signedInApi('admin');
  const author = await signedInApi('author');
  const me = (await author.auth.getUser()).data.user!.id;
  const { data } = await admin
    .from('articles_meta')
    .select('id, slug, title, author_id')
    .eq('status', 'draft')
    .is('archived_at', null);
  const own = data!.find((a) => a.author_id === me)!;
  const other = data!.find((a) => a.author_id !== me)!;
  return { own, other };
}

test('the author previews their own draft: banner, title, relative time, by slug and by id', async ({ page }) => {
  const { own } = await drafts();
  await signIn(page, 'author');
  await page.goto(`/preview/${own.slug}`);
  await expect(page.getByText(LABELS.previewBanner)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.title);
  await expect(page.locator('.article-meta time')).toHaveText(/ago$|\d{4}$/);
  await page.goto(`/preview/${own.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.title);
});

test('another author and a reader are refused; anonymous visitors are asked to log in', async ({ page }) => {
  const { other } = await drafts();
  await signIn(page, 'author');
  await page.goto(`/preview/${other.slug}`);
  await expect(page.getByText(MESSAGES.draftForbidden)).toBeVisible();
  await expect(page.getByRole('link', { name: LABELS.backToArticles })).toHaveAttribute('href', '/dashboard/articles');
  await signIn(page, 'reader');
  await page.goto(`/preview/${other.slug}`);
  await expect(page.getByText(MESSAGES.draftForbidden)).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/preview/${other.slug}`);
  await expect(page.getByText(MESSAGES.draftLoginRequired)).toBeVisible();
});

test('an admin previews anyone’s draft, with the Trending Now column filled', async ({ page }) => {
  const { other } = await drafts();
  await signIn(page, 'admin');
  await page.goto(`/preview/${other.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title);
  await expect(page.getByText(LABELS.previewBanner)).toBeVisible();
  const trending = page.getByRole('complementary', { name: LABELS.trendingNow });
  await expect(trending.getByRole('heading', { name: LABELS.trendingNow })).toBeVisible();
  const items = trending.locator('ol[data-trending] > li');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThan(0);
  expect(await items.count()).toBeLessThanOrEqual(3);
  await expect(items.getByRole('link').first()).toHaveAttribute('href', /^\/article\//);
  await expect(items.getByRole('link', { name: other.title, exact: true })).toHaveCount(0);
});

test("a slug or id that matches nothing is 'Article not found.' for staff too", async ({ page }) => {
  const { own, other } = await drafts();
  await signIn(page, 'admin');
  await page.goto(`/preview/${other.slug}-mistyped`);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.articleNotFound);
  await expect(page.getByRole('link', { name: LABELS.backToArticles })).toBeVisible();
  await signIn(page, 'author');
  await page.goto(`/preview/${own.slug}-mistyped`);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.articleNotFound);
  await page.goto('/preview/999999999');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.articleNotFound);
  // A colleague's draft that exists is still a permission refusal, not 'not found'.
  await page.goto(`/preview/${other.slug}`);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.draftForbidden);
});
