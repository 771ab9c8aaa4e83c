/**
 * The dashboard as a desk (issue 29): every screen at a phone's, a tablet's and a desktop's width
 * fits without a horizontal scroll and passes axe (TinyMCE's frame included); the article editor
 * keeps its settings panel beside the body on a desktop and under it on a phone; Ctrl+S saves.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { avatarWebp } from '../../scripts/seed/images.ts';
import { openNew, typeBody, uploadImage } from './article-form-helpers.ts';

// Eleven screens through axe at three widths on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

const WIDTHS = [390, 768, 1280] as const;

/** Each screen and what shows once its data is in. */
const SCREENS: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/dashboard', ready: (p) => expect(p.locator('.dash-chart')).toBeVisible() },
  { path: '/dashboard/articles', ready: (p) => expect(p.locator('.dash-count')).toBeVisible() },
  { path: '/dashboard/archive', ready: (p) => expect(p.locator('.dash-main h1')).toBeVisible() },
  { path: '/dashboard/comments', ready: (p) => expect(p.locator('.dash-comment').first()).toBeVisible() },
  { path: '/dashboard/events', ready: (p) => expect(p.locator('.dash-main h1')).toBeVisible() },
  { path: '/dashboard/contact-submissions', ready: (p) => expect(p.locator('.dash-main h1')).toBeVisible() },
  { path: '/dashboard/subscribers', ready: (p) => expect(p.locator('.dash-stats')).toBeVisible() },
  { path: '/dashboard/profile', ready: (p) => expect(p.locator('.dash-main h1')).toBeVisible() },
  { path: '/dashboard/bookmarks', ready: (p) => expect(p.locator('.dash-main h1')).toBeVisible() },
  {
    path: '/dashboard/articles/new',
    ready: (p) => expect(p.frameLocator('#dash-body_ifr').locator('body')).toBeVisible({ timeout: 20_000 }),
  },
];

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

for (const width of WIDTHS) {
  test(`every dashboard screen fits ${width} px and passes axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin');
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.ready(page);
      await settled(page);
      const extra = await overflow(page);
      if (extra > 0) found.push(`${screen.path}: ${extra} px wider than the window`);
      for (const v of await axeViolations(page)) found.push(`${screen.path}: ${v}`);
    }
    expect(found).toEqual([]);
  });
}

test('every dashboard screen fits the narrowest and widest common phones (360 and 414 px)', async ({ page }) => {
  await signIn(page, 'admin');
  const found: string[] = [];
  for (const width of [360, 414]) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.ready(page);
      await settled(page);
      const extra = await overflow(page);
      if (extra > 0) found.push(`${screen.path} at ${width} px: ${extra} px wider than the window`);
    }
  }
  expect(found).toEqual([]);
});

test.describe('the editor as a writing room', () => {
  const panel = (page: Page) => page.getByRole('complementary', { name: ARTICLE_FORM.settings });

  test('the settings panel sits beside the body at 1280 px and under it at 390 px', async ({ page }) => {
    for (const [width, beside] of [
      [1280, true],
      [390, false],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await openNew(page);
      const body = (await page.locator('.dash-body-field').boundingBox())!;
      const settings = (await panel(page).boundingBox())!;
      if (beside) {
        expect(settings.x).toBeGreaterThanOrEqual(body.x + body.width);
        expect(settings.y).toBeLessThan(body.y + body.height);
      } else {
        expect(settings.y).toBeGreaterThanOrEqual(body.y + body.height);
      }
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }
  });

  test('a closed group stays closed on this device; the body shows its words and reading time', async ({ page }) => {
    await openNew(page);
    const seo = panel(page).locator('details', { has: page.getByText(ARTICLE_FORM.groups.seo, { exact: true }) });
    await expect(page.getByLabel('Focus keyword')).toBeVisible();
    await seo.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Focus keyword')).toBeHidden();
    await page.reload();
    await expect(page.frameLocator('#dash-body_ifr').locator('body')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Focus keyword')).toBeHidden();
    await expect(page.getByLabel('Excerpt')).toBeVisible();

    await expect(page.getByTestId('word-count')).toHaveText(ARTICLE_FORM.wordCount(0, 0));
    await typeBody(page, 'Solar farms in the Karoo now feed the grid.');
    await expect(page.getByTestId('word-count')).toHaveText(ARTICLE_FORM.wordCount(9, 1));
  });

  test('a featured image dropped on its zone uploads and shows; Remove takes it away; a paste brings it back', async ({
    page,
  }) => {
    await openNew(page);
    const bytes = [...(await avatarWebp('Drop', 64))];
    const transfer = await page.evaluateHandle((data) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], 'dropped.webp', { type: 'image/webp' }));
      return dt;
    }, bytes);
    await page.locator('[data-drop="image"]').dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByAltText(ARTICLE_FORM.imagePreviewAlt)).toBeVisible();
    await page.getByRole('button', { name: ARTICLE_FORM.drop.remove }).click();
    await expect(page.getByAltText(ARTICLE_FORM.imagePreviewAlt)).toHaveCount(0);
    // Pasted while the zone's button has the focus (the keyboard's way in).
    const browse = page.locator('[data-drop="image"]').getByRole('button', { name: ARTICLE_FORM.drop.browse });
    await browse.focus();
    await browse.evaluate((button, dt) => {
      button.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, transfer);
    await expect(page.getByAltText(ARTICLE_FORM.imagePreviewAlt)).toBeVisible();
    await expect(
      page.locator('[data-drop="image"]').getByRole('button', { name: ARTICLE_FORM.drop.replace }),
    ).toBeVisible();
  });

  test('Ctrl+S saves, from the body (TinyMCE) and from a field; the database has the change', async ({ page }) => {
    const title = `Saved by keyboard ${Date.now().toString(36)}`;
    await openNew(page);
    const state = page.locator('.dash-savebar__state');
    await expect(state).toHaveText(ARTICLE_FORM.saveState.notSaved);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await expect(state).toHaveText(ARTICLE_FORM.saveState.unsaved);
    await uploadImage(page);
    await typeBody(page, 'Typed, then saved without the mouse.');
    // The focus is inside the editor's frame.
    await page.keyboard.press('Control+s');
    await expect(page.getByText(ARTICLE_FORM.saved)).toBeVisible();
    await page.waitForURL(/\/dashboard\/articles$/);
    const admin = await signedInApi('admin');
    const row = (await admin.from('articles_meta').select('id, body').eq('title', title).single()).data!;
    expect(row.body).toContain('Typed, then saved without the mouse.');

    await page.goto(`/dashboard/articles/${row.id}`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(state).toHaveText(ARTICLE_FORM.saveState.saved);
    await expect(page.locator('[data-publish-state]')).toHaveText(ARTICLE_FORM.publishState.draft);
    await page.getByLabel('Title', { exact: true }).fill(`${title} (keyboard)`);
    await page.keyboard.press('Control+s');
    await expect(page.getByText(ARTICLE_FORM.updated)).toBeVisible();
    await expect
      .poll(async () => (await admin.from('articles_meta').select('title').eq('id', row.id).single()).data!.title)
      .toBe(`${title} (keyboard)`);
  });
});
