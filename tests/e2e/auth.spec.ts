/**
 * Sign-up confirmation in a real browser: the user signs up (supabase-js, as the site's auth
 * island will), opens the confirmation mail in the local mailbox, follows the link and lands
 * back on the site with a session in the URL fragment, as hosted Supabase does.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { E2E } from './env.ts';

const anonKey = loadConfig().anonKey;
const client = () =>
  createClient(E2E.apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

test('sign-up confirmation link signs the user in on the site', async ({ page }) => {
  const email = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const supabase = client();
  const { data, error } = await supabase.auth.signUp({
    email,
    password: 'e2e-correct-horse',
    options: { emailRedirectTo: `${E2E.siteUrl}/` },
  });
  expect(error).toBeNull();
  expect(data.session).toBeNull(); // e-mail confirmation is required first

  await page.goto(`${E2E.apiUrl}/mailbox?to=${encodeURIComponent(email)}`);
  const newest = page.locator('article.mail').first();
  await expect(newest.locator('.to')).toHaveText(email);
  await newest.getByRole('link', { name: 'Follow the link in this mail' }).click();

  await page.waitForURL((url) => url.origin === E2E.siteUrl && url.hash.includes('access_token='));
  await expect(page).toHaveTitle('ESG Africa News');
  const fragment = new URLSearchParams(new URL(page.url()).hash.slice(1));
  expect(fragment.get('type')).toBe('signup');
  const { data: user, error: userError } = await supabase.auth.getUser(fragment.get('access_token')!);
  expect(userError).toBeNull();
  expect(user.user?.email).toBe(email);
  expect(user.user?.email_confirmed_at).toBeTruthy();
});
