/**
 * The dashboard as a desk (issue 29): every screen of the route list (`src/dashboard/app/paths.ts`)
 * at a phone's, a tablet's and a desktop's width fits without a horizontal scroll and passes axe
 * (TinyMCE's frames included), with real content: Edit Article has a body, an issue's form has its
 * stories, intro and e-mail preview. The article editor keeps its settings panel beside the body
 * on a desktop and under it on a phone; Ctrl+S saves.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { NEWSLETTERS } from '../../src/lib/messages/dashboard-newsletters.ts';
import { DASHBOARD_PATHS, type DashboardPath } from '../../src/dashboard/app/paths.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { avatarWebp } from '../../scripts/seed/images.ts';
import { openNew, typeBody, uploadImage } from './article-form-helpers.ts';
import { ARTICLE_BODY, articleWithBody, issueWithStories } from './dashboard-content.ts';
import { axe } from './axe.ts';

// Fifteen screens through axe at three widths on a busy 2-core machine. The two loads run side by
// side, each worker with content of its own (beforeAll runs once per worker).
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

/** The widths every screen is loaded at; others are reached by resizing (RESIZED below). */
const WIDTHS = [390, 1280] as const;

interface Content {
  articleId: number;
  issue: Awaited<ReturnType<typeof issueWithStories>>;
}

/** How to open each screen, and what shows once its data is in. */
interface Screen {
  url: (c: Content) => string;
  ready: (page: Page, c: Content) => Promise<void>;
}

const heading = (p: Page) => expect(p.locator('.dash-main h1')).toBeVisible();
const tinymce = (p: Page, frame: string) =>
  expect(p.frameLocator(frame).locator('body[contenteditable="true"]')).toBeVisible({ timeout: 20_000 });
const preview = (p: Page) => p.frameLocator('.newsletter-preview__frame').locator('body');

/**
 * An issue's form with its stories listed, its intro editor ready and its e-mail previewed. The
 * stories are counted, not read: other files may retitle one of them meanwhile.
 */
async function issueForm(p: Page, stories: number | 'some') {
  const titles = p.locator('[data-newsletter-stories] .newsletter-stories__title');
  if (stories === 'some') await expect(titles.first()).toBeVisible();
  else await expect(titles).toHaveCount(stories);
  await tinymce(p, '.newsletter-editor__fields iframe');
  const first = (await titles.first().textContent())!;
  await expect(preview(p)).toContainText(first);
}

/**
 * Every path of the route list: a path added to paths.ts and not here is a type error, and the
 * first test fails.
 */
const SCREENS: Record<DashboardPath, Screen> = {
  '/': { url: () => '/dashboard', ready: (p) => expect(p.locator('.dash-chart')).toBeVisible() },
  '/insights': { url: () => '/dashboard/insights', ready: (p) => expect(p.locator('.dash-chart')).toBeVisible() },
  '/articles': { url: () => '/dashboard/articles', ready: (p) => expect(p.locator('.dash-count')).toBeVisible() },
  '/articles/new': { url: () => '/dashboard/articles/new', ready: (p) => tinymce(p, '#dash-body_ifr') },
  '/articles/:id': {
    url: (c) => `/dashboard/articles/${c.articleId}`,
    ready: async (p) => {
      await tinymce(p, '#dash-body_ifr');
      await expect(p.frameLocator('#dash-body_ifr').locator('body')).toContainText(ARTICLE_BODY);
    },
  },
  '/archive': { url: () => '/dashboard/archive', ready: heading },
  '/comments': {
    url: () => '/dashboard/comments',
    ready: (p) => expect(p.locator('.dash-comment').first()).toBeVisible(),
  },
  '/events': { url: () => '/dashboard/events', ready: heading },
  '/contact-submissions': { url: () => '/dashboard/contact-submissions', ready: heading },
  '/subscribers': { url: () => '/dashboard/subscribers', ready: (p) => expect(p.locator('.dash-stats')).toBeVisible() },
  '/newsletters': {
    url: () => '/dashboard/newsletters',
    ready: (p, c) => expect(p.getByRole('link', { name: c.issue.subject })).toBeVisible(),
  },
  // The week's stories, prefilled.
  '/newsletters/new': { url: () => '/dashboard/newsletters/new', ready: (p) => issueForm(p, 'some') },
  '/newsletters/:id': {
    url: (c) => `/dashboard/newsletters/${c.issue.id}`,
    ready: (p, c) => issueForm(p, c.issue.stories.length),
  },
  '/bookmarks': { url: () => '/dashboard/bookmarks', ready: heading },
  '/profile': { url: () => '/dashboard/profile', ready: heading },
};

let content: Content;
test.beforeAll(async () => {
  content = { articleId: await articleWithBody(), issue: await issueWithStories() };
});

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/**
 * axe over the screen, TinyMCE's frames included. The e-mail preview's frame is left out: it is
 * sandboxed without scripts (sandbox=""), so its timers never fire and axe's run inside it never
 * ends. Its own title is checked here instead; the e-mail's HTML has its own axe check in
 * dashboard-desk-a11y.spec.ts.
 */
async function axeViolations(page: Page) {
  const found = (await axe(page).exclude('.newsletter-preview__frame').analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  const titles = [NEWSLETTERS.previewTitle(NEWSLETTERS.desktop), NEWSLETTERS.previewTitle(NEWSLETTERS.phone)];
  for (const frame of await page.locator('iframe.newsletter-preview__frame').all()) {
    const title = await frame.getAttribute('title');
    if (!titles.includes(title ?? '')) found.push(`frame-title: the e-mail preview's frame is titled '${title}'`);
    if ((await frame.getAttribute('sandbox')) !== '') found.push("the e-mail preview's frame may run scripts");
  }
  return found;
}

test('the screens checked are the route list', () => {
  expect(Object.keys(SCREENS)).toEqual([...DASHBOARD_PATHS]);
});

/**
 * Each screen is loaded at a phone's width (390 px) and a desktop's (1280 px). The other widths
 * are checked on the screen as the load left it, with the window resized, which is also what
 * turning a phone or a tablet, or a split screen, does; the page has laid itself out again (two
 * frames, so resize listeners have run) before it is measured. A tablet (768 px) from the desktop
 * run, fit and axe; the narrowest and widest common phones (360 and 414 px) from the phone run,
 * fit. Loading every screen again for each cost 45 page loads for the same checks.
 */
const RESIZED: Record<number, { width: number; axe: boolean }[]> = {
  390: [
    { width: 360, axe: false },
    { width: 414, axe: false },
  ],
  1280: [{ width: 768, axe: true }],
};

const framesDrawn = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

for (const width of WIDTHS) {
  const resized = RESIZED[width] ?? [];
  const also = resized.map((r) => `${r.width} px${r.axe ? ' with axe' : ''}`).join(' and ');
  test(`every dashboard screen fits ${width} px and passes axe (and ${also})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin');
    const found: string[] = [];
    for (const [path, screen] of Object.entries(SCREENS)) {
      await page.goto(screen.url(content));
      await screen.ready(page, content);
      await settled(page);
      const extra = await overflow(page);
      if (extra > 0) found.push(`${path}: ${extra} px wider than the window`);
      for (const v of await axeViolations(page)) found.push(`${path}: ${v}`);
      for (const other of resized) {
        await page.setViewportSize({ width: other.width, height: 800 });
        await framesDrawn(page);
        expect(await page.evaluate(() => window.innerWidth)).toBe(other.width);
        const wider = await overflow(page);
        if (wider > 0) found.push(`${path} at ${other.width} px: ${wider} px wider than the window`);
        if (other.axe) for (const v of await axeViolations(page)) found.push(`${path} at ${other.width} px: ${v}`);
      }
      if (resized.length) await page.setViewportSize({ width, height: 900 });
    }
    expect(found).toEqual([]);
  });
}

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
