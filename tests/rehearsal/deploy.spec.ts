/**
 * The deploy rehearsal's smoke pass (issue 24), in Chromium against the deployment that
 * tests/rehearsal/deployment.ts made by following docs/deploy.md on a project "created today":
 * the first admin publishes the site's first article and it goes live; a reader registers,
 * confirms from the mailbox (real SMTP), bookmarks the article and comments on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { AUTH } from '../../src/lib/messages/auth.ts';
import { INTERACTIONS } from '../../src/lib/messages/interactions.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { avatarWebp } from '../../scripts/seed/images.ts';
import { REHEARSAL } from './env.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const keys = () =>
  JSON.parse(fs.readFileSync(path.join(REHEARSAL.dir, 'keys.json'), 'utf8')) as { publishable: string; secret: string };
const secretClient = () => createClient(REHEARSAL.apiUrl, keys().secret, { auth: { persistSession: false } });

const TITLE = 'Eskom signs first wheeling agreements with Cape Town solar farms';
let articlePath = '';

/** The text of the newest mail the catcher holds for `to`, polled until one arrives. */
async function newestMailText(to: string): Promise<string> {
  let id: string | undefined;
  await expect(async () => {
    const res = await fetch(`${REHEARSAL.mailUrl}/api/messages?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    id = ((await res.json()) as { id: string }[])[0]?.id;
    expect(id).toBeDefined();
  }).toPass({ timeout: 20_000 });
  const res = await fetch(`${REHEARSAL.mailUrl}/api/messages/${id}`);
  return ((await res.json()) as { text: string }).text;
}

async function logIn(page: Page, email: string, password: string) {
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('the project serves the public site built from it, with the taxonomy and no demo content', async ({ request }) => {
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  const html = await home.text();
  // The menu comes from the categories setup:production installed.
  expect(html).toContain('href="/category/featured-stories"');
  expect(html).toContain('href="/category/opinion"');
  // The legacy JWT keys are off on this project: the build used the publishable key.
  expect(html).not.toMatch(/eyJhbGciOi/);
});

test('the first admin publishes the first article from the dashboard and it goes live', async ({ page, request }) => {
  await page.goto('/login?redirect=/dashboard/articles/new');
  await logIn(page, REHEARSAL.admin.email, REHEARSAL.admin.password);
  await page.waitForURL('**/dashboard/articles/new');
  await expect(page.frameLocator('#dash-body_ifr').locator('body')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByLabel('Featured image', { exact: true }).setInputFiles({
    name: 'solar.webp',
    mimeType: 'image/webp',
    buffer: await avatarWebp('SOLAR', 1600),
  });
  await expect(page.getByAltText('Featured image preview')).toBeVisible();
  await page.getByLabel(ARTICLE_FORM.altLabel).fill('Solar panels on a farm near Atlantis');
  await page.frameLocator('#dash-body_ifr').locator('body').click();
  await page.keyboard.type('The utility will carry private solar power across its grid to city customers.');
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByText(ARTICLE_FORM.published)).toBeVisible();
  await page.waitForURL(/\/dashboard\/articles$/);

  const { data: saved, error } = await secretClient()
    .from('articles_meta')
    .select('id, slug')
    .eq('title', TITLE)
    .single();
  expect(error).toBeNull();
  articlePath = `/article/${saved!.slug}`;
  await expect(page.locator(`tr[data-article-id="${saved!.id}"] [data-publish-state]`)).toHaveText(
    ARTICLE_FORM.publishState.live,
    { timeout: 120_000 },
  );
  const live = await request.get(articlePath);
  expect(live.status()).toBe(200);

  // Free plan: no Storage renderer, so the hero's renditions come from the static host.
  await page.goto(articlePath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  const hero = page.locator('main figure img').first();
  await expect(hero).toHaveAttribute('alt', 'Solar panels on a farm near Atlantis');
  const srcset = (await hero.getAttribute('srcset')) ?? '';
  expect(srcset).not.toContain('/render/image/');
  const rendition = srcset.split(',')[0]!.trim().split(' ')[0]!;
  const image = await request.get(rendition);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
});

test('a reader registers, confirms from the mailbox, bookmarks the article and comments', async ({ page }) => {
  expect(articlePath, 'the article of the test before').not.toBe('');
  const email = `reader-${Date.now().toString(36)}@readers.example`;
  const password = 'correct-horse-battery';

  await page.goto('/register');
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel(AUTH.confirmPassword).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/login?registered=1');

  // The confirmation went out through SMTP, from the sender deploy.md configures.
  const link = /https?:\/\/\S+/.exec(await newestMailText(email))?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.waitForURL((url) => url.origin === REHEARSAL.siteUrl && url.pathname === '/login');
  await expect(page.getByRole('status').filter({ hasText: AUTH.emailConfirmed })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${REHEARSAL.siteUrl}/`);

  await page.goto(articlePath);
  const add = page.getByRole('button', { name: LABELS.addBookmark });
  await add.click();
  await expect(page.locator('[data-toast]').filter({ hasText: MESSAGES.bookmarkAdded })).toBeVisible();

  const comment = `Wheeling is the quiet revolution of the grid (${Date.now().toString(36)})`;
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await page.getByRole('textbox', { name: INTERACTIONS.commentLabel }).fill(comment);
  await page.getByRole('button', { name: INTERACTIONS.postComment }).click();
  await expect(
    page.locator('#comments .comment', { has: page.locator('.comment-content', { hasText: comment }) }),
  ).toBeVisible();

  const db = secretClient();
  const { data: profile } = await db.from('profiles').select('id').eq('email', email).single();
  const { data: bookmarks } = await db.from('bookmarks').select('article_id').eq('user_id', profile!.id);
  expect(bookmarks).toHaveLength(1);
  const { data: comments } = await db.from('comments').select('content').eq('user_id', profile!.id);
  expect(comments).toEqual([{ content: comment }]);
});
