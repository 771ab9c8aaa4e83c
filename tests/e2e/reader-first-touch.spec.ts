/**
 * Issue 27: the islands every page carries (cookie banner, newsletter form, user menu) are static
 * HTML until a reader touches them (client:interaction, src/browser/client-interaction.ts). A first
 * visit downloads no island JavaScript, and the click or submit that wakes an island works on the
 * first try: it is held while the island loads and replayed once React has hydrated it. Each test
 * holds the island's code back until after the reader acted, so the replay is what is checked.
 */
import { expect, test, type Page } from '@playwright/test';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { STORAGE_KEYS } from '../../src/lib/rules/reader/keys.ts';
import { freshEmail, quietOverlays, readStorage, service } from './engagement-helpers.ts';
import { freshUser, storeSession } from './reader-auth-helpers.ts';

/** Holds the island's component module until `release()`; resolves `requested` when it is asked for. */
async function holdModule(page: Page, pattern: RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(pattern, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, wasRequested: () => requested };
}

test('a first visit loads no island code before a touch', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  // Two idle periods of the page's own: the idle-time work (which is where an island's loader
  // would start) has run, and what it asked for has arrived.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
  expect(scripts.filter((s) => /(SiteOverlays|NewsletterSignup|UserMenu|Toaster|client)\.[\w-]+\.js$/.test(s))).toEqual(
    [],
  );
});

test("the cookie banner's Accept works on the first click, before the island has loaded", async ({ page }) => {
  const overlays = await holdModule(page, /SiteOverlays\.[\w-]+\.js$/);
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(page.locator('astro-island[component-url*="SiteOverlays"]')).toHaveAttribute('ssr');
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(overlays.wasRequested).toBe(true);
  overlays.release();
  await expect(banner).toHaveCount(0);
  expect(await readStorage(page, STORAGE_KEYS.cookiesAccepted)).toBe('true');
});

test("the newsletter form's first submit is sent once the island has loaded", async ({ page }) => {
  await quietOverlays(page);
  const signup = await holdModule(page, /NewsletterSignup\.[\w-]+\.js$/);
  await page.goto('/about');
  const block = page.locator('#newsletter');
  await expect(page.locator('astro-island:has([data-newsletter-form])')).toHaveAttribute('ssr');
  const email = freshEmail('first-touch');
  await block.getByLabel('E-mail address').fill(email);
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect.poll(signup.wasRequested).toBe(true);
  signup.release();
  await expect(block.locator('#newsletter-status')).toHaveText(MESSAGES.subscribed);
  const { data } = await service.from('newsletter_subscribers').select('email').eq('email', email);
  expect(data).toEqual([{ email }]);
});

test('the user menu opens on the first click, before the island has loaded', async ({ page }) => {
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  await quietOverlays(page);
  const menu = await holdModule(page, /UserMenu\.[\w-]+\.js$/);
  await page.goto('/about');
  await expect(page.locator('astro-island:has(.user-menu)')).toHaveAttribute('ssr');
  await page
    .locator('header.site-header')
    .getByRole('button', { name: /My Profile/ })
    .click();
  await expect.poll(menu.wasRequested).toBe(true);
  menu.release();
  await expect(page.getByRole('menuitem', { name: LABELS.bookmarks })).toBeVisible();
});
