/**
 * Readers' rights on /profile (issue 30, POPIA), in Chromium against the real stack: 'Download my
 * data' saves a JSON file of what is held about the reader; 'Delete my account' asks for the
 * account's e-mail, removes the account and signs the browser out; staff who author articles are
 * told to hand them over first.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LABELS } from '../../src/lib/messages/reader.ts';
import { ACCOUNT, PROFILE } from '../../src/lib/messages/profile.ts';
import { freshUser, service, storeSession, userMenuReady } from './reader-auth-helpers.ts';
import { axe } from './axe.ts';

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByLabel(PROFILE.displayName)).toBeVisible();
}

/**
 * The oldest public article: the seed's, which no other file deletes. (The newest could be one
 * another file scheduled for 2099 a moment ago and deletes again when its test ends.)
 */
async function seededArticle(): Promise<{ id: number; slug: string }> {
  const { data, error } = await service
    .from('articles_meta')
    .select('id, slug')
    .eq('status', 'published')
    .is('archived_at', null)
    .lte('published_at', new Date().toISOString())
    .order('published_at', { ascending: true })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

test('Download my data: a JSON file of the reader’s account, profile and bookmarks', async ({ page }) => {
  const user = await freshUser();
  const article = await seededArticle();
  expect((await service.from('bookmarks').insert({ user_id: user.id, article_id: article.id })).error).toBeNull();
  await storeSession(page, user.email, user.password);
  await openProfile(page);

  const rights = page.locator('.account-rights');
  expect((await axe(page).include('.account-rights').analyze()).violations).toEqual([]);

  const download = page.waitForEvent('download');
  await rights.getByRole('button', { name: ACCOUNT.download }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^esg-africa-news-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as {
    account: { email: string };
    profile: { id: string };
    bookmarks: { article_id: number; article_slug: string }[];
    comments: unknown[];
  };
  expect(data.account.email).toBe(user.email);
  expect(data.profile.id).toBe(user.id);
  expect(data.bookmarks.map((b) => [b.article_id, b.article_slug])).toEqual([[article.id, article.slug]]);
  expect(data.comments).toEqual([]);
  await expect(rights.getByRole('status').filter({ hasText: ACCOUNT.downloaded })).toBeVisible();
});

test('Delete my account: the typed e-mail must match; then the account is gone and the browser signed out', async ({
  page,
}) => {
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  await openProfile(page);
  await userMenuReady(page);
  const rights = page.locator('.account-rights');

  const confirm = rights.getByLabel(ACCOUNT.confirmLabel);
  await confirm.fill('someone-else@example.test');
  await rights.getByRole('button', { name: ACCOUNT.delete }).click();
  await expect(rights.getByRole('alert')).toHaveText(ACCOUNT.emailMismatch);
  expect((await service.auth.admin.getUserById(user.id)).data.user).not.toBeNull();

  await confirm.fill(user.email.toUpperCase());
  await rights.getByRole('button', { name: ACCOUNT.delete }).click();
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT.deleted })).toBeVisible();
  await expect(page.getByRole('link', { name: ACCOUNT.home })).toHaveAttribute('href', '/');
  await expect(page.locator('header.site-header').getByRole('link', { name: LABELS.login })).toBeVisible();

  expect((await service.auth.admin.getUserById(user.id)).data.user).toBeNull();
  expect((await service.from('profiles').select('id').eq('id', user.id)).data).toEqual([]);
  await page.goto('/profile');
  await page.waitForURL('**/login?redirect=%2Fprofile');
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('Delete my account: an author is told to hand articles over first; then goes, avatar files too', async ({
  page,
}) => {
  const user = await freshUser('author');
  const slug = `handover-${Date.now().toString(36)}`;
  const created = await service
    .from('articles_meta')
    .insert({ title: `Hand-over draft ${slug}`, slug, body: '<p>Draft</p>', author_id: user.id, status: 'draft' })
    .select('id')
    .single();
  expect(created.error).toBeNull();
  await storeSession(page, user.email, user.password);
  await openProfile(page);

  const rights = page.locator('.account-rights');
  await rights.getByLabel(ACCOUNT.confirmLabel).fill(user.email);
  await rights.getByRole('button', { name: ACCOUNT.delete }).click();
  await expect(rights.getByRole('alert')).toHaveText(ACCOUNT.ownsArticles);
  expect((await service.auth.admin.getUserById(user.id)).data.user).not.toBeNull();

  // The article handed over (here: removed), and two avatar files uploaded over time.
  await service.from('articles_meta').delete().eq('id', created.data!.id);
  const avatars = service.storage.from('avatars');
  for (const name of [`${user.id}-avatar-1.png`, `${user.id}-avatar-2.png`]) {
    expect((await avatars.upload(name, PNG, { contentType: 'image/png' })).error).toBeNull();
  }
  await rights.getByRole('button', { name: ACCOUNT.delete }).click();
  await expect(page.getByRole('status').filter({ hasText: ACCOUNT.deleted })).toBeVisible();
  expect((await service.auth.admin.getUserById(user.id)).data.user).toBeNull();
  expect((await avatars.list('', { search: user.id })).data).toEqual([]);
});
