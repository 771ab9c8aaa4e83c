/**
 * Stored XSS in a real Chromium (issue 13, docs/security.md "Stored XSS in the browser"). Script,
 * `onerror`, `javascript:` and SVG payloads sit in every text a staff account or a reader can
 * store: the article's body, title, excerpt, image credit and caption, SEO title and description,
 * a report's PDF URL, an author's name and bio, an event (all in the build, tests/e2e/fixtures.ts),
 * and comments, a commenter's name and an enquiry (written here). Each page is opened with a
 * sentinel installed before any page script; a payload that ran would have called it (or
 * `alert`). The page is then checked for what the payloads could have left behind without
 * running yet (handlers, `javascript:` URLs, scripts), hovered and clicked where the payloads
 * sit, and its JSON-LD and meta tags are read back as data.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { XSS_FIXTURES as X } from './fixtures.ts';
import { freshUser, quietOverlays, service, signInAs } from './engagement-helpers.ts';
import { islandsHydrated, tag } from './reader-session.ts';
import { storeSession } from './reader-auth-helpers.ts';
import { executed, leftovers, payload, xssSentinel } from './xss-payloads.ts';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { htmlToText } from '../../src/lib/rules/text.ts';
import { searchMyArticles } from './worklist.ts';

test.describe.configure({ timeout: 90_000 });

const articlePath = `/article/${X.articleSlug}`;
// A worker that restarts after a failure writes its comments again: these are its own.
const run = tag();
const COMMENT = payload('cm', `Payload approved comment ${run}`, 5000);
const OWN_COMMENT = payload('own', `Payload own pending comment ${run}`, 5000);
const COMMENTER = payload('cn', 'Payload Commenter', 80);
const VIEWER = payload('vn', 'Payload Viewer', 80);
const ENQUIRY = {
  name: payload('sn', 'Payload enquirer', 200),
  email: `"><svg/onload=__x('se')>@example.com`,
  company: payload('sc', 'Payload company', 200),
  message: payload('sm', 'Payload enquiry', 5000),
};

let articleId: number;
let viewer: { id: string; email: string };

test.beforeAll(async () => {
  const article = await service.from('articles_meta').select('id').eq('slug', X.articleSlug).single();
  if (article.error) throw new Error(article.error.message);
  articleId = article.data.id as number;
  // A third reader writes the approved comment (the per-user comment limit), under a payload name.
  const commenter = await freshUser('xss-commenter');
  viewer = await freshUser('xss-viewer');
  for (const [id, name] of [
    [commenter.id, COMMENTER],
    [viewer.id, VIEWER],
  ] as const) {
    const { error } = await service.from('profiles').update({ display_name: name }).eq('id', id);
    if (error) throw new Error(error.message);
  }
  const rows = [
    { article_id: articleId, user_id: commenter.id, content: COMMENT, status: 'approved' },
    { article_id: articleId, user_id: viewer.id, content: OWN_COMMENT, status: 'pending' },
  ];
  for (const row of rows) {
    const { error } = await service.from('comments').insert(row);
    if (error) throw new Error(error.message);
  }
  const { error } = await service.from('contact_submissions').insert({ ...ENQUIRY, form_type: 'advertise' });
  if (error) throw new Error(error.message);
});

/** The plain words a payload text starts with (the markup after them is shown as text). */
const label = (text: string) => text.split(/ [<"]/)[0]!;

/**
 * Hovers each place a payload is shown and clicks the `clicks` ones (text, never a real link),
 * then checks that nothing ran, in the page or its frames, and nothing was left to run later.
 */
async function nothingRuns(page: Page, shown: Locator[], clicks: Locator[] = []): Promise<void> {
  for (const place of shown) {
    await expect(place.first()).toBeVisible();
    await place.first().hover();
  }
  for (const place of clicks) await place.first().click();
  expect(await executed(page)).toEqual([]);
  expect(await leftovers(page)).toEqual([]);
}

/** Every JSON-LD block parses whole (no `</script>` ended it early); returns the parsed nodes. */
async function jsonLd(page: Page): Promise<unknown[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  return texts.map((t) => JSON.parse(t) as unknown);
}

/** True when `text` occurs as a string value anywhere in the JSON. */
function holds(json: unknown, text: string): boolean {
  if (typeof json === 'string') return json.includes(text);
  if (Array.isArray(json)) return json.some((v) => holds(v, text));
  if (json && typeof json === 'object') return Object.values(json).some((v) => holds(v, text));
  return false;
}

const meta = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');

test.beforeEach(async ({ page }) => {
  await xssSentinel(page);
  await quietOverlays(page);
});

test('the article page: body, title, excerpt, credit, caption, author, PDF URL, comments, JSON-LD, meta', async ({
  page,
}) => {
  await page.goto(`${articlePath}#comments`);
  await expect(page.locator('h1')).toHaveText(X.title);
  // The report's `javascript:` PDF URL would run in the viewer's frame: no viewer, no download
  // link, and the article shows its body as a report without a PDF does.
  expect(await leftovers(page)).toEqual([]);
  await expect(page.locator('.report')).toHaveCount(0);
  const body = page.locator('[data-article-body]');
  await expect(body).toContainText('Stored payload body.');
  // The body's script-like content is gone, not shown: the sanitiser drops it.
  await expect(body).not.toContainText("__x('b-script')");
  await expect(page.getByText(X.credit, { exact: true })).toBeVisible();
  await expect(page.getByText(X.caption, { exact: true })).toBeVisible();

  // Comments: the approved one under its payload name, read by an anonymous visitor.
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await islandsHydrated(page, 'astro-island[component-url*="CommentThread"]');
  const comment = page.locator('#comments .comment-content', { hasText: label(COMMENT) });
  await expect(comment).toHaveText(COMMENT);
  await expect(page.locator('#comments').getByText(COMMENTER, { exact: true })).toBeVisible();
  // The body's `javascript:` link is text now: clicking it does nothing.
  await nothingRuns(
    page,
    [page.locator('h1'), body.locator('p'), page.getByText(X.credit, { exact: true }), comment],
    [body.getByText('b-href', { exact: true }), body.getByText('click me'), comment],
  );
  expect(page.url()).toContain(articlePath);

  // JSON-LD carries the texts as data; the meta tags carry them as attribute values.
  const ld = await jsonLd(page);
  expect(holds(ld, X.title), 'headline').toBe(true);
  expect(holds(ld, X.displayName), 'author name').toBe(true);
  expect(holds(ld, "javascript:__x('pdf')"), 'no javascript: PDF URL for crawlers').toBe(false);
  // Descriptions are the text of what was typed (markup dropped), titles the text as typed.
  expect(await meta(page, 'name="description"')).toBe(htmlToText(X.seo.metaDescription));
  expect(await meta(page, 'property="og:description"')).toBe(htmlToText(X.seo.metaDescription));
  expect(await meta(page, 'property="og:title"')).toContain(X.seo.seoTitle);
  expect(await meta(page, 'property="og:image:alt"')).toBe(X.alt);
  expect(await page.title()).toContain(X.seo.seoTitle);
});

test('the category, author, authors, events and search pages', async ({ page }) => {
  await page.goto(`/category/${X.categorySlug}`);
  const card = page.locator('main [data-cards] > li').filter({ hasText: label(X.title) });
  await expect(card).toContainText(X.title);
  await nothingRuns(page, [card]);
  await jsonLd(page);

  await page.goto(`/author/${X.authorUsername}`);
  await expect(page.locator('h1')).toHaveText(X.displayName);
  const bio = page.locator('main .bio');
  await expect(bio).toHaveText(htmlToText(X.bio));
  await nothingRuns(page, [page.locator('h1'), bio]);
  const ld = await jsonLd(page);
  expect(holds(ld, X.displayName), 'ProfilePage name').toBe(true);
  expect(await meta(page, 'property="og:title"')).toContain(X.displayName);

  await page.goto('/authors');
  await nothingRuns(page, [page.getByText(X.displayName, { exact: true })]);

  await page.goto('/events');
  const event = page.locator('[data-event-date]').filter({ hasText: label(X.event.title) });
  await expect(event.locator('h2')).toHaveText(X.event.title);
  await expect(event).toContainText(X.event.location);
  await nothingRuns(page, [event]);

  await page.goto(`/search?q=${encodeURIComponent(label(X.title))}`);
  await expect(page.locator('[data-search-page]')).toHaveAttribute('data-ready');
  const result = page.getByRole('link', { name: X.title, exact: true });
  await expect(result).toBeVisible();
  await nothingRuns(page, [result]);
});

test("a signed-in reader's thread: their own pending payload comment and another's approved one", async ({ page }) => {
  await signInAs(page, viewer.email);
  await page.goto(`${articlePath}#comments`);
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await islandsHydrated(page, 'astro-island[component-url*="CommentThread"]');
  const own = page.locator('#comments .comment-content', { hasText: label(OWN_COMMENT) });
  await expect(own).toHaveText(OWN_COMMENT);
  const other = page.locator('#comments .comment-content', { hasText: label(COMMENT) });
  await expect(other).toHaveText(COMMENT);
  await nothingRuns(page, [own, other]);
});

test('the dashboard of the payload author: articles, the article form, moderation, enquiries, events, profile', async ({
  page,
}) => {
  await storeSession(page, X.authorEmail, X.authorPassword);

  await page.goto('/dashboard/articles');
  // Staff see the whole newsroom, and this article is dated years back: find it by its title.
  await searchMyArticles(page, 'Payload title');
  const row = page.locator(`tbody tr[data-article-id="${articleId}"]`);
  await expect(row).toContainText(X.title);
  await nothingRuns(page, [row]);

  await page.goto(`/dashboard/articles/${articleId}`);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(X.title);
  const editor = page.frameLocator('#dash-body_ifr').locator('body');
  await expect(editor).toContainText('Stored payload body.', { timeout: 20_000 });
  await expect(page.getByLabel('Image reference (optional)')).toHaveValue(X.credit);
  await expect(page.getByLabel('Excerpt', { exact: true })).toHaveValue(X.excerpt);
  await nothingRuns(page, [editor], [editor.getByText('b-href', { exact: true })]);

  // The draft preview: the public page's markup filled in the browser, with the site's names
  // (the author's payload name among them) embedded in the page as JSON.
  await page.goto(`/preview/${X.articleSlug}`);
  await expect(page.locator('#preview-root h1')).toHaveText(X.title);
  await expect(page.locator('#preview-root [data-article-body]')).toContainText('Stored payload body.');
  await expect(page.locator('#preview-root .byline')).toContainText(X.displayName);
  await expect(page.locator('#preview-root section.report')).toHaveCount(0);
  await nothingRuns(page, [page.locator('#preview-root h1'), page.locator('#preview-root [data-article-body] p')]);
  expect(JSON.parse((await page.locator('#preview-site-data').textContent())!)).toBeTruthy();

  await page.goto('/dashboard/comments');
  const queued = page.getByText(label(OWN_COMMENT));
  await expect(queued.first()).toBeVisible();
  await nothingRuns(page, [queued, page.getByText(VIEWER, { exact: true })]);

  await page.goto('/dashboard/contact-submissions');
  const enquiry = page.locator('li', { hasText: label(ENQUIRY.message) });
  await expect(enquiry.first()).toContainText(ENQUIRY.name);
  await expect(enquiry.first()).toContainText(ENQUIRY.company);
  await nothingRuns(page, [enquiry.first().getByText(ENQUIRY.message, { exact: true })]);

  await page.goto('/dashboard/events');
  const event = page.getByText(X.event.title, { exact: true });
  await nothingRuns(page, [event]);

  await page.goto('/dashboard/profile');
  await expect(page.getByLabel(PROFILE.displayName)).toHaveValue(X.displayName);
  await expect(page.getByLabel(PROFILE.bio)).toHaveValue(X.bio);
  await nothingRuns(page, []);
});
