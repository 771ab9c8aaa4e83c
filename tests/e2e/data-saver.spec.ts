/**
 * Data saver and the web-font subsets (issue 27, docs/design.md). With `Save-Data: on` (the
 * header, and the connection's saveData as Chromium reports it) or the footer's 'Data saver'
 * switch, a page requests no font and no image rendition wider than 480 px; the switch is a
 * labelled button, works from the keyboard and is remembered on the next page. Without it the two
 * faces load, and they carry the letters of African languages' names.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { LABELS } from '../../src/lib/messages/reader.ts';
import { DATA_SAVER_CLASS, DATA_SAVER_MAX_WIDTH } from '../../src/lib/rules/data-saver.ts';
import { E2E } from './env.ts';

const MOBILE = { width: 390, height: 844 };
/** The per-image ceiling in data saver. */
const MAX_IMAGE_BYTES = 30 * 1024;

/** A published article with a hero image, newest first, as the build reads it. */
async function articlePath(): Promise<string> {
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

/** Every font and image request of the context, with the rendition width its URL names. */
function recordRequests(context: BrowserContext): { fonts: string[]; images: Request[] } {
  const seen = { fonts: [] as string[], images: [] as Request[] };
  context.on('request', (request) => {
    if (request.resourceType() === 'font') seen.fonts.push(request.url());
    if (request.resourceType() === 'image') seen.images.push(request);
  });
  return seen;
}

/** The width a rendition URL asks for: Storage's `width=`, or the build mode's `-<width>.webp`. */
function renditionWidth(url: string): number | undefined {
  const parsed = new URL(url);
  const width = parsed.searchParams.get('width') ?? /-(\d+)\.webp$/.exec(parsed.pathname)?.[1];
  return width ? Number(width) : undefined;
}

/** Scrolls to the bottom in steps so lazy images load, then waits for the network. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // Two frames: the scroll is laid out and the lazy images near the new viewport are asked for.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
  await page.waitForLoadState('networkidle');
}

async function expectSmallImages(page: Page, images: Request[]): Promise<void> {
  expect(images.length, 'the page shows images').toBeGreaterThan(0);
  for (const request of images) {
    const width = renditionWidth(request.url());
    if (width !== undefined) expect(width, request.url()).toBeLessThanOrEqual(DATA_SAVER_MAX_WIDTH);
    const sizes = await request.sizes().catch(() => undefined);
    if (sizes) expect(sizes.responseBodySize, request.url()).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  }
  // What each responsive image shows (naturalWidth is density-corrected, so read the URL).
  const shown = await page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.srcset && img.currentSrc)
      .map((img) => img.currentSrc),
  );
  expect(shown.length, 'responsive images shown').toBeGreaterThan(0);
  for (const url of shown) expect(renditionWidth(url) ?? 0, url).toBeLessThanOrEqual(DATA_SAVER_MAX_WIDTH);
}

test.describe('data saver', () => {
  test('Save-Data: on: no font request, images ≤ 480 px, the class set before the first paint', async ({ browser }) => {
    const context = await browser.newContext({ viewport: MOBILE, extraHTTPHeaders: { 'Save-Data': 'on' } });
    const seen = recordRequests(context);
    const page = await context.newPage();
    await page.goto(await articlePath());
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${DATA_SAVER_CLASS}\\b`));
    await scrollThrough(page);
    expect(seen.fonts).toEqual([]);
    await expectSmallImages(page, seen.images);
    // The switch shows the browser's wish.
    await expect(page.getByRole('button', { name: LABELS.dataSaver })).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });

  test('navigator.connection.saveData alone turns it on in the page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: MOBILE });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    });
    const seen = recordRequests(context);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${DATA_SAVER_CLASS}\\b`));
    await scrollThrough(page);
    expect(seen.fonts).toEqual([]);
    await context.close();
  });

  test('the footer switch: labelled, keyboard-operable, remembered on the next page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: LABELS.dataSaver });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${DATA_SAVER_CLASS}\\b`));

    // The next page, in a fresh tab of the same browser: no font, small images.
    const seen = recordRequests(context);
    const next = await context.newPage();
    await next.goto(await articlePath());
    await expect(next.locator('html')).toHaveClass(new RegExp(`\\b${DATA_SAVER_CLASS}\\b`));
    await scrollThrough(next);
    expect(seen.fonts).toEqual([]);
    await expectSmallImages(next, seen.images);
    const nextToggle = next.getByRole('button', { name: LABELS.dataSaver });
    await expect(nextToggle).toHaveAttribute('aria-pressed', 'true');

    // Space turns it off again; the page after that loads the web fonts.
    await nextToggle.focus();
    await next.keyboard.press('Space');
    await expect(nextToggle).toHaveAttribute('aria-pressed', 'false');
    const third = await context.newPage();
    await third.goto('/');
    await expect(third.locator('html')).not.toHaveClass(new RegExp(`\\b${DATA_SAVER_CLASS}\\b`));
    await third.evaluate(() => document.fonts.ready);
    expect(seen.fonts.length).toBeGreaterThan(0);
    await context.close();
  });
});

test.describe('web fonts', () => {
  test('without data saver both faces load, as one file each', async ({ browser }) => {
    const context = await browser.newContext({ viewport: MOBILE });
    const seen = recordRequests(context);
    const page = await context.newPage();
    await page.goto(await articlePath());
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState('networkidle');
    expect(seen.fonts).toHaveLength(2);
    for (const url of seen.fonts) expect(url).toMatch(/\.woff2$/);
    await context.close();
  });

  // Per face, letters its subset must carry: drawn in the web face (with a monospace fallback),
  // each must not be as wide as in monospace alone, which is what a missing glyph would give.
  const COVERAGE = [
    // Source Serif 4 has no hooked letters (ɓ ɗ ƙ ɛ ɔ) or Tshivenda's; those come from the fallback serif.
    { variable: '--font-headline-face', letters: 'ẸẹỌọṢṣỊịỤụṄṅŊŋŃńêëôûñçãé₦€' },
    { variable: '--font-text-face', letters: 'ẸẹỌọṢṣỊịỤụṄṅƁɓƊɗƘƙƳƴƐɛƆɔŊŋƉɖƔɣƲʋḒḓḼḽṊṋṰṱêëôûñçãé₦€' },
  ];
  for (const { variable, letters } of COVERAGE) {
    test(`${variable} draws African languages' letters itself (${letters.length} letters)`, async ({ page }) => {
      await page.goto('/');
      const missing = await page.evaluate(
        async ({ variable, letters }) => {
          const family = getComputedStyle(document.documentElement).getPropertyValue(variable).split(',')[0]!.trim();
          await document.fonts.load(`40px ${family}`, letters);
          const context = document.createElement('canvas').getContext('2d')!;
          const width = (font: string, text: string) => {
            context.font = font;
            return context.measureText(text).width;
          };
          return [...letters].filter(
            (letter) => width(`40px ${family}, monospace`, letter) === width('40px monospace', letter),
          );
        },
        { variable, letters },
      );
      expect(missing).toEqual([]);
    });
  }
});
