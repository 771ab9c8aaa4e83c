/**
 * Stored images that fail to load (§8 error catalogue: Image → 'Failed to load image'): the
 * storage requests are answered 404 for one page load, and every content image is replaced in
 * place by a box with that text, at the image's size (src/browser/image-fallback.ts). With the
 * images served normally, no such box appears. The seeded articles are read through the API with
 * the anon key, as the build reads them.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { E2E } from './env.ts';
import { axe } from './axe.ts';

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };
const STORAGE_IMAGE = /\/storage\/v1\/(render\/image|object)\//;
const FAILED = MESSAGES.imageFailed;

/** A published article with a hero image (newest first), as the build sees it. */
async function articleWithHero(): Promise<string> {
  const api = createClient(E2E.apiUrl, loadConfig().anonKey, { auth: { persistSession: false } });
  const { data, error } = await api
    .from('articles_meta')
    .select('slug')
    .eq('status', 'published')
    .is('archived_at', null)
    .eq('is_report', false)
    .not('hero_image_url', 'is', null)
    .order('published_at', { ascending: false, nullsFirst: false })
    .limit(1)
    .single();
  expect(error).toBeNull();
  return `/article/${encodeURIComponent((data as { slug: string }).slug)}`;
}

/** Answers every stored-image request of this page with a 404; returns how many were answered. */
async function failStorageImages(page: Page): Promise<{ count: number }> {
  const answered = { count: 0 };
  await page.route(
    (url) => STORAGE_IMAGE.test(url.pathname),
    async (route) => {
      answered.count++;
      await route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found"}' });
    },
  );
  return answered;
}

/** Scrolls to the bottom in steps, so lazy images start loading. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('images that fail to load', () => {
  test.use({ viewport: DESKTOP });

  test("the article hero shows 'Failed to load image' at the hero's size", async ({ page }) => {
    const answered = await failStorageImages(page);
    await page.goto(await articleWithHero());
    const hero = page.locator('main figure.hero');
    const box = hero.getByRole('img', { name: FAILED });
    await expect(box).toBeVisible();
    await expect(box).toHaveText(FAILED);
    await expect(hero.locator('img')).toHaveCount(0);
    await expect(box).toHaveCSS('height', '450px');
    const [figure, placeholder] = await Promise.all([hero.boundingBox(), box.boundingBox()]);
    expect(placeholder!.width).toBeCloseTo(figure!.width, 1);
    expect(answered.count).toBeGreaterThan(0);
    // Still the hero's size on a phone (300 px high), as the image would be.
    await page.setViewportSize(MOBILE);
    await expect(box).toHaveCSS('height', '300px');
    await page.setViewportSize(DESKTOP);
    await expect(box).toHaveCSS('height', '450px');

    // The trending list is re-rendered by a script (cloned template): its new images fail too and
    // are replaced in place at the thumbnail's size.
    const trending = page.locator('ol[data-trending]');
    await expect(trending).toHaveAttribute('data-refreshed', '');
    const items = trending.locator('li');
    expect(await items.count()).toBeGreaterThan(0);
    // Every image the list shows fails and is replaced; articles other files add without an
    // image have none to replace, so the count is of the items that show one.
    await expect(trending.locator('img')).toHaveCount(0);
    expect(await trending.getByRole('img', { name: FAILED }).count()).toBeGreaterThan(0);
    await expect(trending.locator('.img-failed').first()).toHaveCSS('width', '88px');
    await expect(trending.getByText(FAILED).first()).toBeVisible();

    // The template the list clones keeps its placeholder image untouched.
    expect(
      await page.locator('template[data-trending-item]').evaluate((t: HTMLTemplateElement) => t.innerHTML),
    ).toMatch(/<img src="\/favicon.svg"/);
    // The header logo is not a content image.
    await expect(page.locator('header img').first()).toBeVisible();

    await expectNoAxeViolations(page);
  });

  test("cards on the home page show 'Failed to load image'", async ({ page }) => {
    await failStorageImages(page);
    await page.goto('/');
    const lead = page.locator('[data-main-article]');
    const leadBox = lead.getByRole('img', { name: FAILED });
    await expect(leadBox).toBeVisible();
    await expect(lead.locator('img')).toHaveCount(0);
    // The lead image's box: the card's full inner width, 16:9 up to 450 px high.
    const [leadCard, leadPlaceholder] = await Promise.all([lead.boundingBox(), leadBox.boundingBox()]);
    expect(leadPlaceholder!.width).toBeCloseTo(leadCard!.width - 2, 1);
    expect(leadPlaceholder!.height).toBeCloseTo(Math.min(450, (leadPlaceholder!.width * 9) / 16), 0);

    await scrollThrough(page);
    const cards = page.locator('main article.card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    // Every card had a stored image; each one shows the text in a box of the card's image size.
    await expect(cards.getByRole('img', { name: FAILED })).toHaveCount(count);
    const card = cards.first();
    const box = card.getByRole('img', { name: FAILED });
    await box.scrollIntoViewIfNeeded();
    await expect(card.getByText(FAILED)).toBeVisible();
    const [cardBox, placeholder] = await Promise.all([card.boundingBox(), box.boundingBox()]);
    expect(placeholder!.width).toBeCloseTo(cardBox!.width, 0); // the card's full width (cards are unboxed)
    expect(placeholder!.height).toBeCloseTo((placeholder!.width * 9) / 16, 0);

    await expectNoAxeViolations(page);
  });

  test('an image that failed before the script ran is replaced too', async ({ page }) => {
    // The fallback script is held back until the hero has already failed, so no error listener
    // saw it: the sweep of broken images must replace it.
    let failedImage: () => void = () => {};
    const imageFailed = new Promise<void>((resolve) => (failedImage = resolve));
    await page.route(
      (url) => STORAGE_IMAGE.test(url.pathname),
      async (route) => {
        await route.fulfill({ status: 404, body: '' });
        failedImage();
      },
    );
    let held = false;
    await page.route(/\/_astro\/BaseLayout\.astro_astro_type_script_[^/]*\.js$/, async (route) => {
      held = true;
      await imageFailed;
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('main figure.hero img');
        return img !== null && img.complete && img.naturalWidth === 0;
      });
      await route.continue();
    });
    await page.goto(await articleWithHero());
    expect(held, 'the fallback is an external module script').toBe(true);
    const box = page.locator('main figure.hero').getByRole('img', { name: FAILED });
    await expect(box).toBeVisible();
    await expect(box).toHaveCSS('height', '450px');
  });
});

test.describe('images that load', () => {
  test.use({ viewport: DESKTOP });

  for (const target of ['home', 'article'] as const) {
    test(`the ${target} page shows no 'Failed to load image'`, async ({ page }) => {
      await page.goto(target === 'home' ? '/' : await articleWithHero());
      await scrollThrough(page);
      const images = page.locator('main img');
      expect(await images.count()).toBeGreaterThan(0);
      await expect
        .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete)))
        .toBe(true);
      expect(
        await images.evaluateAll((all) => all.filter((img) => (img as HTMLImageElement).naturalWidth === 0).length),
      ).toBe(0);
      await expect(page.getByText(FAILED)).toHaveCount(0);
      await expect(page.locator('.img-failed')).toHaveCount(0);
    });
  }
});

test('search results (a React island) show the message in place of a failed image', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const failed = await failStorageImages(page);
  await page.goto('/search?q=water');
  const cards = page.locator('.result-card');
  await expect(cards.first()).toBeVisible();
  await scrollThrough(page);
  const first = cards.first().getByRole('img', { name: FAILED });
  await expect(first).toHaveText(FAILED);
  const box = (await first.boundingBox())!;
  expect(Math.round((box.width / box.height) * 9)).toBe(16);
  expect(failed.count).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
