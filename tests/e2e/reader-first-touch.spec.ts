/**
 * Issue 27: the islands every page carries (cookie banner, newsletter form, user menu) are static
 * HTML until a reader touches them (client:interaction, src/browser/client-interaction.ts). A first
 * visit downloads no island JavaScript, and the click or submit that wakes an island works on the
 * first try: it is held while the island loads and replayed once React has hydrated it. Each test
 * holds the island's code back until after the reader acted, so the replay is what is checked.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { STORAGE_KEYS } from '../../src/lib/rules/reader/keys.ts';
import { freshEmail, quietOverlays, readStorage, service } from './engagement-helpers.ts';

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
