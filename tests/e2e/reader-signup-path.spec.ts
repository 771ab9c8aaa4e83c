/**
 * The whole sign-up path keeps what a signed-out reader started (reader-site.md §4; issue 28):
 * a typed comment and Add Bookmark on an article → /login?redirect=… → Register (the redirect
 * carried; also through /email-not-verified and its resent mail) → the confirmation mail in the
 * local mailbox → log in → back on the article with the bookmark stored and the comment text in
 * the box. The newsletter box ticked at sign-up leaves a
 * subscription that is linked to the account once the address is confirmed (§7).
 */
import { expect, test } from '@playwright/test';
import { AUTH } from '../../src/lib/messages/auth.ts';
import { INTERACTIONS } from '../../src/lib/messages/interactions.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { STORAGE_KEYS } from '../../src/lib/rules/reader/keys.ts';
import { E2E } from './env.ts';
import { freshEmail, logIn, mailLink, service } from './reader-auth-helpers.ts';
import { islandsHydrated, openComments, publishedArticles, tag } from './reader-session.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

const toggleIsland = 'astro-island[component-url*="BookmarkToggle"]';

test('a bookmark and a typed comment survive register → confirm → log in', async ({ page }) => {
  // The whole path in one test: ~17 s on a quiet machine, so give it Playwright's slow allowance.
  test.slow();
  const article = (await publishedArticles())[12]!;
  const email = freshEmail();
  await logStatuses(page);
  const password = 'correct-horse-2';
  const text = `Written before I had an account ${tag()}`;
  const back = encodeURIComponent(article.path);

  // Signed out: type a comment, then ask for a bookmark.
  await openComments(page, article);
  await page.getByRole('textbox', { name: INTERACTIONS.commentLabel }).fill(text);
  await islandsHydrated(page, toggleIsland);
  await page.getByRole('link', { name: LABELS.addBookmark }).click();
  await expect(page).toHaveURL(`/login?redirect=${back}`);
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.pendingBookmark)).toBe(String(article.id));

  // No account yet: Register keeps the way back.
  // The page's script adds the way back to the link once it has run; a click before that would
  // be a click on the plain link.
  const register = page.getByRole('link', { name: AUTH.registerLink });
  await expect(register).toHaveAttribute('href', `/register?redirect=${back}`);
  await register.click();
  await expect(page).toHaveURL(`/register?redirect=${back}`);
  await expect(page.getByRole('link', { name: AUTH.loginLink })).toHaveAttribute('href', `/login?redirect=${back}`);
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await expect(page.getByLabel(AUTH.newsletterOptIn)).toBeChecked();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel(AUTH.confirmPassword).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectStatusShown(page, MESSAGES.registered, '/register');
  await page.waitForURL(`**/login?registered=1&redirect=${back}`);

  // Subscribed at sign-up, not yet linked: the address is not confirmed.
  const subscription = async () =>
    (await service.from('newsletter_subscribers').select('user_id').eq('email', email)).data;
  expect(await subscription()).toEqual([{ user_id: null }]);

  // Logging in before confirming: /email-not-verified keeps the way back, and so does its resent mail.
  await logIn(page, email, password);
  await page.waitForURL(`**/email-not-verified?email=${encodeURIComponent(email)}&redirect=${back}`);
  await expect(page.locator('astro-island:has(.verify-email)')).not.toHaveAttribute('ssr');
  await page.getByRole('button', { name: PROFILE.resend }).click();
  await expect(page.getByRole('status').filter({ hasText: PROFILE.resent })).toBeVisible();

  // The (resent) confirmation link lands on /login with the way back still there.
  await page.goto(await mailLink(email, 'signup'));
  await page.waitForURL((url) => url.origin === E2E.siteUrl && url.pathname === '/login');
  await expect(page.getByRole('status').filter({ hasText: AUTH.emailConfirmed })).toBeVisible();
  // The island dropped the link's tokens (the fragment) and kept the query.
  expect(new URL(page.url()).search).toBe(`?redirect=${back}`);
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const { data: profile } = await service.from('profiles').select('id').eq('email', email).single();
  expect(await subscription()).toEqual([{ user_id: profile!.id }]);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${E2E.siteUrl}${article.path}`);

  // Back on the article: the bookmark is stored, the comment text is back in the box.
  await expect(page.getByRole('button', { name: LABELS.removeBookmark })).toHaveAttribute('aria-pressed', 'true');
  await expect(async () => {
    const { data } = await service.from('bookmarks').select('article_id').eq('user_id', profile!.id);
    expect(data).toEqual([{ article_id: article.id }]);
  }).toPass();
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.pendingBookmark)).toBeNull();
  await openComments(page, article);
  await expect(page.getByRole('textbox', { name: INTERACTIONS.commentLabel })).toHaveValue(text);
  await expect(page.getByRole('button', { name: INTERACTIONS.postComment })).toBeEnabled();
});
