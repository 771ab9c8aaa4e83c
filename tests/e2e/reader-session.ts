/**
 * Signs a page in as one of the demo readers the interaction specs use (reader2, reader3) the way
 * tests/e2e/dashboard-session.ts does: a password-grant session stored where supabase-js keeps it.
 * Also the clients the specs judge the database with, and the published articles they work on.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { articles as seededArticles } from '../../scripts/seed/content/articles.ts';
import { loadConfig } from '../../supabase/local/config.ts';
import { apiClient, DEMO_PASSWORD, storageKey } from './dashboard-session.ts';
import { E2E } from './env.ts';
import { wakeIslands } from './islands.ts';

const READERS = { reader2: 'reader2@demo.test', reader3: 'reader3@demo.test' } as const;
export type Reader = keyof typeof READERS;

export const service = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

async function session(who: Reader) {
  const client = apiClient();
  const { data, error } = await client.auth.signInWithPassword({ email: READERS[who], password: DEMO_PASSWORD });
  if (error || !data.session) throw new Error(`sign-in as ${who} failed: ${error?.message}`);
  return { client, session: data.session };
}

/** Stores the reader's session in the page's origin (the page must already be on the site). */
export async function storeSession(page: Page, who: Reader): Promise<string> {
  const { session: s } = await session(who);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKey, JSON.stringify(s)]);
  return s.user.id;
}

/** Signs the page in from a script-free same-origin page. */
export async function signInReader(page: Page, who: Reader): Promise<string> {
  await page.goto('/robots.txt');
  return storeSession(page, who);
}

/** A supabase-js client signed in as the reader, with the reader's id. */
export async function readerApi(who: Reader) {
  const { client, session: s } = await session(who);
  return { client, userId: s.user.id };
}

export interface PublishedArticle {
  id: number;
  slug: string;
  title: string;
  path: string;
}

/** The seeded articles' slugs; a test that renames one takes it out of publishedArticles(). */
const SEEDED_SLUGS = seededArticles.filter((a) => a.status === 'published').map((a) => a.slug);

/**
 * Seeded articles still published and visible, newest first (the site has their pages). Only the
 * seeded ones: desk tests publish articles of their own, newest of all, whose pages appear a moment
 * later and some of which they delete again; a test handed one could find "Article not found."
 */
export async function publishedArticles(): Promise<PublishedArticle[]> {
  const { data, error } = await apiClient()
    .from('articles_meta')
    .select('id, slug, title')
    .in('slug', SEEDED_SLUGS)
    .eq('status', 'published')
    .is('archived_at', null)
    .order('published_at', { ascending: false })
    .limit(40);
  if (error) throw new Error(error.message);
  return (data ?? []).map((a) => ({ ...a, path: `/article/${a.slug}` }));
}

/**
 * Waits until every island on the page has hydrated (Astro drops the `ssr` attribute); those that
 * wait for a touch (client:interaction) are woken first.
 */
export async function islandsHydrated(page: Page, selector = 'astro-island'): Promise<void> {
  await wakeIslands(page, selector);
  await page.waitForFunction((s) => [...document.querySelectorAll(s)].every((el) => !el.hasAttribute('ssr')), selector);
}

export const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const threadIsland = 'astro-island[component-url*="CommentThread"]';

/** Opens the article at its comments and waits for the thread to load. */
export async function openComments(page: Page, article: PublishedArticle) {
  await page.goto(`${article.path}#comments`);
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await islandsHydrated(page, threadIsland);
  await expect(page.locator('.comment-thread')).toHaveAttribute('data-load', /ready|error/);
}
