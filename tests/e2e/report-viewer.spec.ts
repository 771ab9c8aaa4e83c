/**
 * The report viewer (issue 28): phones read the report's pages inline, drawn by pdf.js from
 * Storage (another origin) once the reader has acted and the pages come near; nothing of pdf.js
 * loads before that, nor at all on wide screens, which keep the 800 px frame. The download
 * button stays at every width.
 */
import { expect, test, type Page } from '@playwright/test';
import { REPORT } from '../../src/lib/messages/report.ts';
import { service } from './reader-auth-helpers.ts';

const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function seededReport(): Promise<{ slug: string; pdf_url: string }> {
  const { data, error } = await service
    .from('articles_meta')
    .select('slug, pdf_url')
    .eq('status', 'published')
    .eq('is_report', true)
    // The demo report, a PDF in Storage (the stored-XSS fixture's report has a payload instead).
    .like('pdf_url', 'http%/article-pdfs/%.pdf')
    .is('archived_at', null)
    .order('published_at', { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(error.message);
  return data as { slug: string; pdf_url: string };
}

/** Every script and worker URL the page asks for that belongs to pdf.js or its renderer. */
function pdfjsRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/pdf\.worker|report-render|pdfjs/i.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test('at 390 px the report’s first page is drawn inline once the reader scrolls to it', async ({ page }) => {
  const report = await seededReport();
  await page.setViewportSize(MOBILE);
  const requested = pdfjsRequests(page);
  await page.goto(`/article/${report.slug}`);
  await page.waitForLoadState('networkidle');
  expect(requested, 'no pdf.js before the reader acts').toEqual([]);

  await expect(page.getByRole('link', { name: /Download the report/ })).toBeVisible();
  await expect(page.locator('section.report iframe')).toBeHidden();

  const pages = page.getByRole('figure', { name: /^Pages of the report/ });
  await pages.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  const first = pages.getByRole('img', { name: /^Page 1 of \d+$/ });
  await expect(first).toBeVisible({ timeout: 20_000 });
  expect(requested.length).toBeGreaterThan(0);
  const drawn = await first.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, shown: img.clientWidth }));
  expect(drawn.shown).toBeGreaterThan(300);
  expect(drawn.w).toBeGreaterThanOrEqual(drawn.shown);
  await expect(page.locator('[data-report-status]')).toHaveText('');
  await expect(page.getByText(REPORT.failed)).toHaveCount(0);
});

test('at 1280 px the 800 px frame stays and pdf.js never loads', async ({ page }) => {
  // Waits for the network to go quiet, the report's PDF in the frame included: 32.2 s in a
  // clean-clone CI run on the slow machine kind of 27 Nov., more than the default 30 s leaves.
  test.setTimeout(90_000);
  const report = await seededReport();
  await page.setViewportSize(DESKTOP);
  const requested = pdfjsRequests(page);
  await page.goto(`/article/${report.slug}`);
  const frame = page.locator('section.report iframe');
  await frame.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 400);
  expect((await frame.boundingBox())?.height).toBe(800);
  await expect(page.getByRole('link', { name: /Download the report/ })).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Pages of the report/ })).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
});
