/** The built site as a reader's browser sees it, served with the production rewrite rules. */
import { expect, test } from '@playwright/test';

test('home page renders in South African English', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('ESG Africa News');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-ZA');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
  await expect(page.getByRole('heading', { level: 1, name: 'ESG Africa News' })).toBeVisible();
});

test('unknown pages answer 404 with a way back home', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('ESG Africa News');
});

test('dashboard deep links are served the dashboard shell', async ({ request }) => {
  // Judged on the served HTML, fetched without a browser: in a page the app sends a signed-out
  // visitor on to /login at once, and the body of a response navigated away from is gone
  // (tests/e2e/dashboard.spec.ts covers the guard).
  const response = await request.get('/dashboard/articles/12');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<title>Dashboard \|/);
  expect(html).toContain('id="dashboard-root"');
});

test('preview deep links are served the preview shell', async ({ page }) => {
  const response = await page.goto('/preview/articles/some-draft');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#preview-root')).toBeAttached();
});
