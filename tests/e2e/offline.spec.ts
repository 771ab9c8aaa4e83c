/**
 * Offline support (issue 9, "Offline and updates"; scripts/lib/pwa.ts, src/browser/offline.ts)
 * in a real Chromium against the built site and its static host: the worker registers on public
 * pages only, a visited article reloads offline, a never-visited one shows /offline, the dashboard
 * is never answered from a stored copy, and a new worker version brings the update prompt, whose
 * Refresh hands over to it and reloads.
 *
 * The rest of the suite runs with service workers blocked (playwright.config.ts): a worker that
 * answers requests hides them from page.route. These tests allow them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { OFFLINE } from '../../src/lib/messages/offline.ts';
import { signIn } from './dashboard-session.ts';
import { E2E } from './env.ts';

test.use({ serviceWorkers: 'allow' });

interface Story {
  title: string;
  slug: string;
}

let stories: Promise<Story[]> | undefined;
/** Two published articles with a hero image (one visited, one never visited). */
function twoStories(): Promise<Story[]> {
  stories ??= (async () => {
    const api = createClient(E2E.apiUrl, loadConfig().anonKey, { auth: { persistSession: false } });
    const { data, error } = await api
      .from('articles_meta')
      .select('title, slug')
      .eq('status', 'published')
      .is('archived_at', null)
      .not('hero_image_url', 'is', null)
      .order('published_at', { ascending: false })
      .limit(2);
    if (error || !data || data.length < 2) throw new Error(`articles: ${error?.message ?? 'too few'}`);
    return data as Story[];
  })();
  return stories;
}

/** Waits for the page's worker to be active and returns its script URL. */
async function workerReady(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
}

/** Waits until the worker has stored `href` (a page or any request) in one of its caches. */
async function waitUntilCached(page: Page, href: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, href), {
      message: `${href} is cached`,
    })
    .toBe(true);
}

/** Every URL in the origin's Cache Storage. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** Resolves after the page has loaded and the browser was idle once more (registration time). */
async function afterIdle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 1500), { timeout: 5000 })),
  );
}

test('the static host serves /sw.js as JavaScript with no-cache', async ({ request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.headers()['cache-control']).toBe('no-cache');
});

test('the worker registers from /sw.js on a public page, after load, and precaches only the shell', async ({
  page,
}) => {
  await page.goto('/');
  expect(await workerReady(page)).toBe(`${E2E.siteUrl}/sw.js`);
  // The shell is precached (the offline page and the public bundles), no article or listing.
  // Precached files that are not fingerprinted are stored under `?__WB_REVISION__=…`.
  await expect.poll(async () => (await cachedUrls(page)).some((u) => new URL(u).pathname === '/offline')).toBe(true);
  const urls = await cachedUrls(page);
  expect(urls.some((u) => /\/_astro\/.+\.css$/.test(u))).toBe(true);
  expect(urls.some((u) => /\/_astro\/.+\.js$/.test(u))).toBe(true);
  expect(urls.filter((u) => /\/(article|category)\//.test(u))).toEqual([]);
  expect(urls.filter((u) => /\/tinymce\//.test(u))).toEqual([]);
  // Not the dashboard's app (its island's component, as the served dashboard page names it).
  const dashboard = await (await page.request.get('/dashboard')).text();
  const app = /component-url="([^"]+)"/.exec(dashboard)?.[1];
  expect(app).toMatch(/^\/_astro\//);
  expect(urls.filter((u) => new URL(u).pathname === app)).toEqual([]);
});

test('the dashboard and the preview never register the worker', async ({ page }) => {
  // Signed in as staff, so the dashboard stays on its own page (signed out it sends to login).
  await signIn(page, 'author');
  for (const path of ['/dashboard', '/preview']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await afterIdle(page);
    expect(new URL(page.url()).pathname, path).toBe(path);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), path).toBe(0);
  }
  // The same wait on a public page does register it (the check above can fail).
  await page.goto('/about');
  await afterIdle(page);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
});

test('a visited article reloads offline; a never-visited one shows the offline page', async ({ page, context }) => {
  const [visited, unvisited] = await twoStories();
  const url = `${E2E.siteUrl}/article/${visited!.slug}`;
  // The first page a reader opens loads before the worker exists: it is stored once the worker is.
  await page.goto(url);
  const hero = page.locator('.hero img');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const heroSrc = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  // Storage's rendition on the API origin.
  expect(heroSrc.startsWith(`${E2E.apiUrl}/storage/v1/`)).toBe(true);
  await workerReady(page);
  await waitUntilCached(page, url);
  // The images it showed too, so far loaded without the worker.
  await waitUntilCached(page, heroSrc);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1').first()).toHaveText(visited!.title);
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('.hero').getByText(MESSAGES.imageFailed)).toHaveCount(0);
  await expect(page.locator('[data-offline-page]')).toHaveCount(0);
  // Styled offline too: the precached stylesheet applied (the skip link is moved off-screen).
  const styled = await page.evaluate(() => getComputedStyle(document.body).margin === '0px');
  expect(styled).toBe(true);

  await page.goto(`/article/${unvisited!.slug}`);
  await expect(page.locator('h1')).toHaveText(OFFLINE.offlineTitle);
  await expect(page.getByText(OFFLINE.offlineLead)).toBeVisible();
  await expect(page.getByText(unvisited!.title)).toHaveCount(0);

  // Back online, Try again loads the real page (network first).
  await context.setOffline(false);
  await page.getByRole('button', { name: OFFLINE.tryAgain }).click();
  await expect(page.locator('h1').first()).toHaveText(unvisited!.title);
});

test('offline, the dashboard and the preview get the offline page, never a stored copy; API calls are never stored', async ({
  page,
  context,
}) => {
  await signIn(page, 'author');
  await page.goto('/');
  await workerReady(page);
  // Controlled by the worker now: the dashboard and preview go through it while online.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const path of ['/dashboard', '/dashboard/articles', '/preview']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
  const online = await cachedUrls(page);
  expect(online.filter((u) => /\/(dashboard|preview)(\/|$|\?)/.test(new URL(u).pathname))).toEqual([]);
  expect(online.filter((u) => u.startsWith(E2E.apiUrl) && /\/(rest|auth)\/v1\//.test(u))).toEqual([]);
  expect(
    online.filter(
      (u) => u.startsWith(E2E.apiUrl) && /\/storage\/v1\//.test(u) && !/image|\.(jpe?g|png|webp|avif|svg)/.test(u),
    ),
  ).toEqual([]);

  await context.setOffline(true);
  for (const path of ['/dashboard', '/dashboard/articles', '/preview']) {
    await page.goto(path);
    await expect(page.locator('h1'), path).toHaveText(OFFLINE.offlineTitle);
    // No dashboard shell (its root element) in what was served.
    expect(await page.content(), path).not.toContain('id="dashboard-root"');
  }
});

test('a new worker version brings the update prompt; Refresh activates it and reloads', async ({ page }) => {
  // The static host serves the current release folder on every request: a changed sw.js there is
  // a new version, as after a publish. Changed by rename, never in place (releases share files as
  // hard links); a publish by another spec may swap in a new release meanwhile, so the change is
  // re-applied to whichever release is current, and undone in every release at the end.
  const marker = `\n// e2e: a new version ${Date.now()}\n`;
  const rewrite = (file: string, text: string) => {
    const tmp = `${file}.e2e-${process.pid}`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  };
  const serveNewVersion = () => {
    const sw = path.join(fs.realpathSync(path.join(E2E.releasesDir, 'current')), 'sw.js');
    const text = fs.readFileSync(sw, 'utf8');
    if (!text.endsWith(marker)) rewrite(sw, text + marker);
  };
  try {
    await page.goto('/');
    await workerReady(page);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const prompt = page.getByRole('status').filter({ hasText: OFFLINE.updateAvailable });
    await expect(prompt).toHaveCount(0);

    // The browser checks for a new worker on navigations (and hourly); ask now.
    await expect
      .poll(async () => {
        serveNewVersion();
        return page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          if (r && !r.installing && !r.waiting) await r.update();
          return r?.waiting != null;
        });
      })
      .toBe(true);
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveCSS('position', 'fixed');

    // Dismissed, the new version keeps waiting: the next page load asks again.
    await prompt.getByRole('button', { name: OFFLINE.dismissUpdate }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(prompt).toBeVisible();

    // Keyboard path: the Refresh button takes focus and Enter activates it.
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    const refresh = prompt.getByRole('button', { name: OFFLINE.refresh });
    await refresh.focus();
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect(prompt).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: r?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(state).toEqual({ waiting: null, controlled: true });
  } finally {
    for (const entry of fs.readdirSync(E2E.releasesDir, { withFileTypes: true })) {
      const sw = path.join(E2E.releasesDir, entry.name, 'sw.js');
      if (!entry.isDirectory() || !fs.existsSync(sw)) continue;
      const text = fs.readFileSync(sw, 'utf8');
      if (text.endsWith(marker)) rewrite(sw, text.slice(0, -marker.length));
    }
  }
});
