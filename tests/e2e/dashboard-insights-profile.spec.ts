/**
 * Insights, My Profile, Bookmarks and the verify-email page in a real browser (staff-dashboard.md
 * §2, §5, §8, §9), as the admin and the author. Insights figures are checked against rows the
 * test inserts: a fresh article with a known number of views.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { INSIGHTS } from '../../src/lib/messages/dashboard.ts';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { apiClient, signIn, signedInApi } from './dashboard-session.ts';
import { E2E } from './env.ts';
import { tag } from './reader-session.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

const service = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function userId(who: 'admin' | 'author') {
  return (await (await signedInApi(who)).auth.getUser()).data.user!.id;
}

/**
 * A new article by `who` with `views` article views recorded now. A draft: views count whatever
 * the status, and a draft starts no rebuild, so specs that compare the build with the database
 * (built-html) are not raced.
 */
async function viewedArticle(who: 'admin' | 'author', views: number) {
  const title = `Insights probe ${tag()}`;
  const { data: a, error } = await service
    .from('articles_meta')
    .insert({
      title,
      slug: title.toLowerCase().replace(/\W+/g, '-'),
      body: '<p>x</p>',
      status: 'draft',
      author_id: await userId(who),
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const rows = Array.from({ length: views }, (_, i) => ({
    event_type: 'article_view',
    article_id: a.id,
    metadata: { visitor_id: `probe-${i}` },
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const r = await service.from('analytics').insert(rows.slice(i, i + 500));
    if (r.error) throw new Error(r.error.message);
  }
  return { id: a.id as number, title };
}

const header = (page: Page) => page.getByTestId('header-user');

test.describe('Insights', () => {
  test('admin: the top 5 and the chart carry the views the test recorded', async ({ page }) => {
    const probe = await viewedArticle('admin', 3000);
    await signIn(page, 'admin');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: INSIGHTS.title, exact: true })).toBeVisible();
    const top = page.getByRole('region', { name: INSIGHTS.topArticles });
    await expect(top.locator('li').first()).toContainText(probe.title);
    await expect(top.locator('li').first()).toContainText(INSIGHTS.views(3000));
    await expect(page.getByRole('region', { name: INSIGHTS.yourArticleViews })).toHaveCount(0);
    const today = page.locator(`[data-stat="${INSIGHTS.articleViews}"] [data-window="today"]`);
    const todayCount = Number((await today.textContent())!.replace(/\D/g, ''));
    expect(todayCount).toBeGreaterThanOrEqual(3000);

    // The chart: 30 days, 60 focusable points with their values, and the same numbers as a table.
    const points = page.locator('svg circle[tabindex="0"]');
    await expect(points).toHaveCount(60);
    const lastArticlePoint = points.last();
    await lastArticlePoint.focus();
    await expect(lastArticlePoint).toHaveAttribute('aria-label', new RegExp(`^${INSIGHTS.articleViews}, `));
    await expect(page.locator('.dash-chart__readout')).toContainText(`${INSIGHTS.articleViews} ${todayCount}`);
    // By keyboard: Tab moves from one point to the next and the readout follows.
    await points.first().focus();
    await page.keyboard.press('Tab');
    await expect(points.nth(1)).toBeFocused();
    await expect(page.locator('.dash-chart__readout')).toContainText(`${INSIGHTS.pageViews} `);
    await page.getByText('Show the numbers as a table').click();
    await expect(page.locator('.dash-chart tbody tr')).toHaveCount(30);
    await expect(page.locator('.dash-chart tbody tr').last().locator('td').nth(1)).toHaveText(String(todayCount));
  });

  test('author: Your Article Views lists the author’s own article with its count', async ({ page }) => {
    const probe = await viewedArticle('author', 7);
    await signIn(page, 'author');
    await page.goto('/dashboard/insights');
    const mine = page.getByRole('region', { name: INSIGHTS.yourArticleViews });
    await expect(mine.locator('li', { hasText: probe.title })).toContainText(INSIGHTS.views(7));
  });
});

test.describe('My Profile', () => {
  test('author: name and bio save, the header changes at once, avatar rules and upload', async ({ page }) => {
    const client = await signedInApi('author');
    const me = await userId('author');
    const { data: before } = await client
      .from('profiles')
      .select('display_name, bio, avatar_url')
      .eq('id', me)
      .single();
    await signIn(page, 'author');
    await page.goto('/dashboard/profile');
    const name = page.getByLabel(PROFILE.displayName);
    await expect(name).toHaveValue(before!.display_name!);
    await expect(page.getByLabel(PROFILE.bio)).toHaveAttribute('rows', '4');
    await expect(page.getByText(PROFILE.avatarHint)).toBeVisible();

    try {
      await name.fill('');
      await page.getByRole('button', { name: PROFILE.save }).click();
      await expect(page.getByRole('alert')).toHaveText(PROFILE.displayNameRequired);
      await name.fill(`Thandi E2E ${tag()}`);
      const newName = await name.inputValue();
      await page.getByLabel(PROFILE.bio).fill('Covers mining and water.');
      await page.getByRole('button', { name: PROFILE.save }).click();
      await expect(page.getByRole('status')).toHaveText(MESSAGES.profileUpdated);
      await expect(header(page)).toHaveText(newName);
      const { data: saved } = await client.from('profiles').select('display_name, bio').eq('id', me).single();
      expect(saved).toEqual({ display_name: newName, bio: 'Covers mining and water.' });

      const file = page.getByLabel(PROFILE.avatar, { exact: true });
      await file.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: PNG });
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.avatarInvalidType);
      await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.avatarTooLarge);
      await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByRole('status').first()).toHaveText(MESSAGES.avatarUpdated);
      const { data: withAvatar } = await client.from('profiles').select('avatar_url').eq('id', me).single();
      expect(withAvatar!.avatar_url).toMatch(new RegExp(`/avatars/${me}-avatar-\\d+\\.png$`));
      await expect(header(page).locator('img')).toHaveAttribute('src', withAvatar!.avatar_url!);
    } finally {
      await client
        .from('profiles')
        .update({ display_name: before!.display_name, bio: before!.bio, avatar_url: before!.avatar_url })
        .eq('id', me);
    }
  });

  test('admin: the editor and the avatar control are there; a save keeps the name', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/profile');
    await expect(page.getByText(PROFILE.avatarHint)).toBeVisible();
    const name = await page.getByLabel(PROFILE.displayName).inputValue();
    await page.getByRole('button', { name: PROFILE.save }).click();
    await expect(page.getByRole('status')).toHaveText(MESSAGES.profileUpdated);
    await expect(header(page)).toHaveText(name);
  });
});

test.describe('Bookmarks', () => {
  for (const who of ['admin', 'author'] as const) {
    test(`${who}: bookmarked articles with their authors, and Remove`, async ({ page }) => {
      const me = await userId(who);
      const { data: article } = await service
        .from('articles_meta')
        .select('id, title')
        .eq('status', 'published')
        .is('archived_at', null)
        .not('author_id', 'is', null)
        .limit(1)
        .single();
      await service.from('bookmarks').delete().eq('user_id', me);
      await service.from('bookmarks').insert({ user_id: me, article_id: article!.id });
      await logStatuses(page);
      await signIn(page, who);
      await page.goto('/dashboard/profile');
      await page.getByRole('link', { name: LABELS.myBookmarks }).click();
      const item = page.locator('li', { hasText: article!.title });
      await expect(item).toBeVisible();
      await expect(item).not.toContainText('Unknown Author');
      await item.getByRole('button', { name: PROFILE.remove }).click();
      await expectStatusShown(page, MESSAGES.bookmarkRemoved);
      await expect(page.getByText(LABELS.noBookmarks)).toBeVisible();
      const { data } = await service.from('bookmarks').select('id').eq('user_id', me);
      expect(data).toEqual([]);
    });
  }

  test('a failed load says Failed to load bookmarks.', async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/rest/v1/bookmarks*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/dashboard/bookmarks');
    await expect(page.getByText(MESSAGES.bookmarksFailed)).toBeVisible();
  });
});

test('verify-email: the page reads ?email= and Resend sends a new mail', async ({ page }) => {
  const email = `verify-${tag()}@example.test`;
  const { error } = await apiClient().auth.signUp({ email, password: 'correct-horse-battery' });
  expect(error).toBeNull();
  await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: PROFILE.verifyTitle })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: PROFILE.resend }).click();
  await expect(page.getByRole('status').filter({ hasText: PROFILE.resent })).toHaveText(PROFILE.resent);
});
