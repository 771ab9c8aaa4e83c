/**
 * Shared by the engagement specs (newsletter, consent and popup, forms, analytics): a service-role
 * client to check what the database holds, fresh confirmed accounts, signing a page in, presetting
 * the reader's earlier choices and waiting for the islands to hydrate.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { STORAGE_KEYS } from '../../src/lib/rules/reader/keys.ts';
import { apiClient, storageKey } from './dashboard-session.ts';
import { E2E } from './env.ts';
import { wakeIslands } from './islands.ts';

export const service = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let counter = 0;

/** An address no other test (or earlier run against this in-memory database) uses. */
export function freshEmail(tag: string): string {
  return `e2e-${tag}-${run}-${++counter}@example.com`;
}

const PASSWORD = 'engagement-password';

/** A confirmed account made through the admin API (no mailbox round trip needed here). */
export async function freshUser(tag: string): Promise<{ id: string; email: string }> {
  const email = freshEmail(tag);
  const { data, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser ${email}: ${error?.message}`);
  return { id: data.user.id, email };
}

/** Stores a password-grant session where supabase-js keeps it, as a signed-in reader's browser has it. */
export async function signInAs(page: Page, email: string, password = PASSWORD) {
  const { data, error } = await apiClient().auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in as ${email} failed: ${error?.message}`);
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
    },
    [storageKey, JSON.stringify(data.session)],
  );
  return data.session;
}

/** Earlier choices of this browser, set before any page script runs (every navigation). */
export async function presetStorage(page: Page, values: Partial<Record<keyof typeof STORAGE_KEYS, string>>) {
  const entries = Object.entries(values).map(([name, value]) => [
    STORAGE_KEYS[name as keyof typeof STORAGE_KEYS],
    value,
  ]);
  await page.addInitScript((pairs) => {
    for (const [key, value] of pairs) if (localStorage.getItem(key!) === null) localStorage.setItem(key!, value!);
  }, entries);
}

/** A page where the cookie question was answered and the popup closed, so neither covers the page. */
export async function quietOverlays(page: Page) {
  await presetStorage(page, { cookiesAccepted: 'false', subscribePopupDismissed: 'true' });
}

/** Waits for the island whose static HTML contains `selector`, woken first if it waits for a touch. */
export async function islandReady(page: Page, selector: string) {
  await wakeIslands(page, `astro-island:has(${selector})`);
  await expect(page.locator(`astro-island:has(${selector})`).first()).not.toHaveAttribute('ssr', { timeout: 15_000 });
}

/** Wakes the overlays island (cookie banner, popup, views) as a first touch would, and waits for it. */
export async function overlaysReady(page: Page) {
  await wakeIslands(page, 'astro-island[component-url*="SiteOverlays"]');
  await expect(page.locator('astro-island[component-url*="SiteOverlays"]')).not.toHaveAttribute('ssr', {
    timeout: 15_000,
  });
}

export function readStorage(page: Page, key: string) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/**
 * Takes over the page's clock once it is loaded and hydrated, and stops time: from here timers run
 * only through `page.clock.runFor`. (Installing before the load would also put hydration, which
 * waits for an idle callback, on the fake clock.)
 */
export async function stopClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

/**
 * Lets `ms` pass on the page's clock (installed before the page loaded, time flowing), then waits
 * until the page has handled what those timers set off (a message queued behind React's scheduled
 * work), so a check that something did not appear can follow without a sleep.
 */
export async function letTimePass(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Opens /get-in-touch or /advertise with the form hydrated; its fields and status line. */
export async function openEnquiryForm(
  page: Page,
  path: '/get-in-touch' | '/advertise',
  formType: 'contact' | 'advertise',
) {
  await quietOverlays(page);
  await page.goto(path);
  await islandReady(page, `[data-form="${formType}"]`);
  const form = page.locator(`form[data-form="${formType}"]`);
  return {
    form,
    name: form.getByLabel('Name'),
    email: form.getByLabel('E-mail address'),
    company: form.getByLabel('Company'),
    message: form.getByLabel('Message'),
    status: form.getByRole('status'),
  };
}

/** The enquiries stored for `email` (read as the service role). */
export async function enquiryRows(email: string) {
  const { data } = await service
    .from('contact_submissions')
    .select('name, email, company, message, form_type, status')
    .eq('email', email);
  return data ?? [];
}
