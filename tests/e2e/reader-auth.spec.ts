/**
 * The reader account pages in a real browser against the local stack (spec reader-site.md §2,
 * §4, §5, §8, §9): register → mailbox → confirm → login → 'My Profile' menu → Sign out; an
 * unconfirmed login; forgot → reset link → new password → login; the reset page's link errors;
 * same-site redirects only after login; the dashboard's guard round trip.
 */
import { expect, test, type Page } from '@playwright/test';
import { AUTH } from '../../src/lib/messages/auth.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { TIMINGS } from '../../src/lib/rules/reader/keys.ts';
import { E2E } from './env.ts';
import { freshEmail, freshUser, logIn, mailLink, service, userMenuReady } from './reader-auth-helpers.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

const header = (page: Page) => page.locator('header.site-header');

test('register with the newsletter box → confirm by mail → login → My Profile menu → Sign out', async ({ page }) => {
  const email = freshEmail();
  const password = 'correct-horse-1';
  await logStatuses(page);
  await page.goto('/register');
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await expect(page.getByLabel(AUTH.newsletterOptIn)).toBeChecked();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel(AUTH.confirmPassword).fill('12345');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.passwordTooShort);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel(AUTH.confirmPassword).fill(`${password}x`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.passwordsDoNotMatch);

  await page.getByLabel(AUTH.confirmPassword).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectStatusShown(page, MESSAGES.registered, '/register');
  await page.waitForURL('**/login?registered=1');
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.registered })).toBeVisible();

  const { data: subscriber } = await service.from('newsletter_subscribers').select('email, user_id').eq('email', email);
  expect(subscriber).toEqual([{ email, user_id: null }]);

  // Not confirmed yet: the login goes to /email-not-verified with the address.
  await logIn(page, email, password);
  await page.waitForURL(`**/email-not-verified?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(AUTH.notVerifiedTitle);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.locator('astro-island:has(.verify-email)')).not.toHaveAttribute('ssr');
  await page.getByRole('button', { name: PROFILE.resend }).click();
  await expect(page.getByRole('status').filter({ hasText: PROFILE.resent })).toBeVisible();

  // The confirmation mail's link brings the reader back to /login, address filled in.
  await page.goto(`${E2E.apiUrl}/mailbox?to=${encodeURIComponent(email)}`);
  const newest = page.locator('article.mail').first();
  await expect(newest.locator('.to')).toHaveText(email);
  await newest.getByRole('link', { name: 'Follow the link in this mail' }).click();
  await page.waitForURL((url) => url.origin === E2E.siteUrl && url.pathname === '/login');
  await expect(page.getByRole('status').filter({ hasText: AUTH.emailConfirmed })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${E2E.siteUrl}/`);
  await userMenuReady(page);
  const menuButton = header(page).getByRole('button', { name: /My Profile/ });
  await expect(menuButton).toBeVisible();
  await expect(header(page).getByRole('link', { name: LABELS.login })).toHaveCount(0);
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: LABELS.bookmarks })).toHaveAttribute('href', '/bookmarks');
  await expect(menu.getByRole('menuitem', { name: LABELS.dashboard })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: LABELS.signOut }).click();
  await page.waitForURL('**/login');
  await userMenuReady(page);
  await expect(header(page).getByRole('link', { name: LABELS.login })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/signed-in/);
});

test('login: e-mail and password required; a wrong password shows the service message', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await expect(page.getByRole('link', { name: AUTH.registerLink })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('link', { name: AUTH.forgotLink })).toHaveAttribute('href', '/forgot-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailRequired);
  await page.getByLabel('Email').fill('reader5@demo.test');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH.passwordRequired);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await expect(page.getByLabel('Email')).toHaveValue('reader5@demo.test');
});

test('forgot password → mail → reset link → messages → new password → /login after 3 s → login', async ({ page }) => {
  const user = await freshUser();
  // The page's clock, so the 3 s before /login are counted on it, not on a busy machine.
  await page.clock.install();
  await page.goto('/forgot-password');
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await page.getByRole('button', { name: AUTH.sendResetLink }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailRequired);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: AUTH.sendResetLink }).click();
  await expect(page.getByRole('status').filter({ hasText: AUTH.resetSent(user.email) })).toBeVisible();

  const link = await mailLink(user.email, 'recovery');
  await page.goto(link);
  await page.waitForURL((url) => url.origin === E2E.siteUrl && url.pathname === '/reset-password');
  const newPassword = page.getByLabel(AUTH.newPassword, { exact: true });
  await expect(newPassword).toBeVisible();
  // The tokens are gone from the address bar once read.
  expect(new URL(page.url()).hash).toBe('');
  await newPassword.fill('abc');
  await page.getByLabel(AUTH.confirmNewPassword).fill('abd');
  await page.getByRole('button', { name: AUTH.resetPassword }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetPasswordsDoNotMatch);
  await page.getByLabel(AUTH.confirmNewPassword).fill('abc');
  await page.getByRole('button', { name: AUTH.resetPassword }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.passwordTooShort);

  const fresh = 'brand-new-pass-9';
  await newPassword.fill(fresh);
  await page.getByLabel(AUTH.confirmNewPassword).fill(fresh);
  // Time stops before the reset. The page notes the clock's time when the message first shows (the
  // redirect's timer starts with it) and when it starts to leave; the test moves the clock.
  await page.evaluate((text) => {
    const w = window as { __shownAt?: number };
    new MutationObserver(() => {
      w.__shownAt ??= document.body.textContent?.includes(text) ? Date.now() : undefined;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    addEventListener('beforeunload', () => sessionStorage.setItem('e2e-left-at', String(Date.now())));
  }, AUTH.resetDone);
  // Half a second ahead: the page's time flows until the pause arrives, and it may not go back.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  await page.getByRole('button', { name: AUTH.resetPassword }).click();
  const done = page.getByRole('status').filter({ hasText: AUTH.resetDone });
  await expect
    .poll(async () => {
      await page.clock.runFor(10);
      return done.isVisible();
    })
    .toBe(true);
  const shownAt = await page.evaluate(() => (window as { __shownAt?: number }).__shownAt!);
  await page.clock.runFor(shownAt + TIMINGS.resetRedirect - (await page.evaluate(() => Date.now())) + 20);
  await page.clock.resume();
  await page.waitForURL('**/login');
  // On the page's clock, which moved only when the test moved it: it left 3 s after the message
  // (the message comes at most one 10 ms step after the timer started).
  const leftAt = Number(await page.evaluate(() => sessionStorage.getItem('e2e-left-at')));
  expect(leftAt - shownAt).toBeGreaterThanOrEqual(TIMINGS.resetRedirect - 10);
  expect(leftAt - shownAt).toBeLessThanOrEqual(TIMINGS.resetRedirect);

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${E2E.siteUrl}/`);
});

test('reset page: no tokens → invalid link; rejected tokens → invalid or expired link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetLinkInvalid);
  await expect(page.getByRole('link', { name: AUTH.requestNewLink })).toHaveAttribute('href', '/forgot-password');
  await page.goto('/reset-password?access_token=not-a-token&refresh_token=nope');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetLinkExpired);
  await page.goto('/reset-password#access_token=not-a-token&refresh_token=nope&type=recovery');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.resetLinkExpired);
});

test.describe('after login the reader returns to a same-site path only', () => {
  for (const [redirect, landing] of [
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/bookmarks', '/bookmarks'],
  ] as const) {
    test(`redirect=${redirect} → ${landing}`, async ({ page }) => {
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
      await logIn(page, 'reader5@demo.test', 'demo-password');
      await page.waitForURL((url) => url.origin === E2E.siteUrl && url.pathname === landing);
    });
  }
});

test('an author: the dashboard guard sends to /login and back; the menu offers Dashboard', async ({ page }) => {
  await page.goto('/dashboard');
  await page.waitForURL('**/login?redirect=%2Fdashboard');
  await logIn(page, 'author@demo.test', 'demo-password');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.goto('/');
  await userMenuReady(page);
  await header(page)
    .getByRole('button', { name: /My Profile/ })
    .click();
  await expect(page.getByRole('menuitem', { name: LABELS.dashboard })).toHaveAttribute('href', '/dashboard');
});
