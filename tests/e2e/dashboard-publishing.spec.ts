/**
 * Publishing from the dashboard (issues 12 and 16): an editor saves an article in the form and,
 * without any manual step, the publish worker rebuilds the site and the article page is served;
 * the form and My Articles follow the save's publish state. A scheduled article says when it goes
 * live and stays off the site until then. The hero image's alt text and caption reach the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD, WORKLIST } from '../../src/lib/messages/dashboard.ts';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { SCHEDULE_MESSAGES } from '../../src/lib/messages/dashboard-article-form.ts';
import { isoToJohannesburg, johannesburgToIso } from '../../src/dashboard/shared/rules/schedule.ts';
import { avatarWebp } from '../../scripts/seed/images.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { tag } from './reader-session.ts';
import { searchMyArticles } from './worklist.ts';

// TinyMCE, a save and a site rebuild on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function fillNew(page: Page, title: string) {
  await signIn(page, 'author');
  await page.goto('/dashboard/articles/new');
  await expect(page.frameLocator('#dash-body_ifr').locator('body')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Featured image', { exact: true }).setInputFiles({
    name: 'hero.webp',
    mimeType: 'image/webp',
    buffer: await avatarWebp('PUB', 64),
  });
  await expect(page.getByAltText('Featured image preview')).toBeVisible();
  await page.frameLocator('#dash-body_ifr').locator('body').click();
  await page.keyboard.type('Municipal water tariffs rise again in Gauteng.');
  await page.getByLabel('Status').selectOption('published');
}

test('an article saved as published in the form goes live on the site by itself', async ({ page, request }) => {
  const title = `Gauteng water tariffs rise ${tag()}`;
  await fillNew(page, title);
  await page.getByLabel(ARTICLE_FORM.altLabel).fill('A reservoir at low level near Pretoria');
  await page.getByLabel(ARTICLE_FORM.captionLabel).fill('Rietvlei Dam in October');
  await expect(page.getByRole('radio', { name: SCHEDULE_MESSAGES.publishNow })).toBeChecked();
  await page.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByText(ARTICLE_FORM.published)).toBeVisible();
  await page.waitForURL(/\/dashboard\/articles$/);

  const api = await signedInApi('author');
  const { data: saved } = await api.from('articles_meta').select('id, slug').eq('title', title).single();
  // Found by its title: other files' drafts can fill the first page meanwhile.
  await searchMyArticles(page, title);
  const row = page.locator(`tr[data-article-id="${saved!.id}"]`);
  // My Articles follows this save until a build that includes it is live.
  await expect(row.locator('[data-publish-state]')).toHaveText(ARTICLE_FORM.publishState.live, { timeout: 90_000 });

  const response = await request.get(`/article/${saved!.slug}`);
  expect(response.status()).toBe(200);
  await page.goto(`/article/${saved!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('main figure img').first()).toHaveAttribute(
    'alt',
    'A reservoir at low level near Pretoria',
  );
  await expect(page.getByText('Rietvlei Dam in October')).toBeVisible();
});

test('a scheduled article says when it goes live and stays off the site until then', async ({ page, request }) => {
  const title = `Carbon tax phase two ${tag()}`;
  await fillNew(page, title);
  await page.getByRole('radio', { name: SCHEDULE_MESSAGES.scheduleFor }).check();
  const when = page.getByLabel(SCHEDULE_MESSAGES.timeLabel);
  // A time already past is refused, and nothing typed is lost.
  await when.fill('2020-01-01T08:00');
  await page.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByRole('alert')).toHaveText(SCHEDULE_MESSAGES.timeInPast);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

  const day = isoToJohannesburg(new Date(Date.now() + 2 * 86_400_000).toISOString()).slice(0, 10);
  await when.fill(`${day}T07:30`);
  await page.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByText(ARTICLE_FORM.published)).toBeVisible();
  await page.waitForURL(/\/dashboard\/articles$/);

  const api = await signedInApi('author');
  const { data: saved } = await api.from('articles_meta').select('id, slug, published_at').eq('title', title).single();
  // 07:30 in Johannesburg, whatever the browser's zone.
  expect(new Date(saved!.published_at as string).toISOString()).toBe(johannesburgToIso(`${day}T07:30`));
  // Found as an editor would, by its title: other files' drafts can fill the first page meanwhile.
  await searchMyArticles(page, title);
  const row = page.locator(`tr[data-article-id="${saved!.id}"]`);
  await expect(row.locator('[data-publish-state="scheduled"]')).toContainText('Scheduled for ');
  await expect(row.locator('[data-publish-state="scheduled"]')).toContainText('07:30');
  // Preview is in the row's menu (My Articles as a worklist: one line of actions per row).
  await row.getByRole('button', { name: WORKLIST.moreActions(title) }).click();
  await expect(page.getByRole('menuitem', { name: DASHBOARD.preview })).toBeVisible();

  const response = await request.get(`/article/${saved!.slug}`);
  expect(response.status()).toBe(404);
});
