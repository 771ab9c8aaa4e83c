/**
 * Signs a browser page in as a demo account without a login page: gets a session from the local
 * API with the password grant and stores it where supabase-js keeps it (localStorage,
 * `sb-<first label of the API host>-auth-token`), as the dashboard's client will read it.
 */
import { createClient } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { E2E } from './env.ts';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO = {
  admin: 'admin@demo.test',
  author: 'author@demo.test',
  reader: 'reader@demo.test',
} as const;

const anonKey = loadConfig().anonKey;

export function apiClient() {
  return createClient(E2E.apiUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export const storageKey = `sb-${new URL(E2E.apiUrl).hostname.split('.')[0]}-auth-token`;

export async function signIn(page: Page, who: keyof typeof DEMO) {
  const { data, error } = await apiClient().auth.signInWithPassword({ email: DEMO[who], password: DEMO_PASSWORD });
  if (error || !data.session) throw new Error(`sign-in as ${who} failed: ${error?.message}`);
  // Any same-origin page will do to reach localStorage; robots.txt is tiny and has no scripts.
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKey, JSON.stringify(data.session)]);
  return data.session;
}

/** A signed-in supabase-js client for checking what the database holds after a UI action. */
export async function signedInApi(who: keyof typeof DEMO) {
  const client = apiClient();
  const { error } = await client.auth.signInWithPassword({ email: DEMO[who], password: DEMO_PASSWORD });
  if (error) throw new Error(error.message);
  return client;
}
