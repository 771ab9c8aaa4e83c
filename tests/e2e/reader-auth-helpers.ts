/**
 * Helpers of the reader account specs: fresh accounts made with the service role (so each test
 * owns its data), a browser session stored where supabase-js keeps it, and the newest link the
 * local mailbox holds for an address.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { apiClient, storageKey } from './dashboard-session.ts';
import { E2E } from './env.ts';
import { wakeIslands } from './islands.ts';

export const service = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

export const freshEmail = () =>
  `auth-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** A confirmed account with `role`; returns its id, address and password. */
export async function freshUser(role: 'reader' | 'author' = 'reader') {
  const email = freshEmail();
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  if (role !== 'reader') {
    const set = await service.from('profiles').update({ role }).eq('id', data.user.id);
    if (set.error) throw new Error(set.error.message);
  }
  return { id: data.user.id, email, password };
}

/** Stores a password session for `email` in the page's localStorage (no login page involved). */
export async function storeSession(page: Page, email: string, password: string) {
  const { data, error } = await apiClient().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in as ${email} failed: ${error?.message}`);
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKey, JSON.stringify(data.session)]);
}

/** The link of the newest mail of `kind` ('signup', 'recovery', …) sent to `email`. */
export async function mailLink(email: string, kind: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const res = await fetch(`${E2E.apiUrl}/mailbox/messages?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { kind: string; link: string | null }[];
    link = mails.find((m) => m.kind === kind && m.link)?.link ?? undefined;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link!;
}

/** Wakes the header's account island (it hydrates on a first touch) and waits until it has. */
export async function userMenuReady(page: Page) {
  await wakeIslands(page, 'astro-island:has(.user-menu)');
  await expect(page.locator('astro-island:has(.user-menu)')).not.toHaveAttribute('ssr', { timeout: 15_000 });
  await expect(page.locator('.user-menu')).not.toHaveAttribute('data-state', 'unknown');
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, email: string, password: string) {
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
