/**
 * axe on the screens of the newsroom's desk (issues 28 and 29): My Articles as a worklist with a
 * row menu open, a colleague's article read-only, Comments Moderation with its tabs, bulk bar and
 * a focused comment, and the e-mail an issue's preview shows.
 */
import { expect, test, type Page } from '@playwright/test';
import { MODERATION } from '../../src/lib/messages/dashboard-moderation.ts';
import { NEWSLETTERS } from '../../src/lib/messages/dashboard-newsletters.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { issueWithStories } from './dashboard-content.ts';
import { axe } from './axe.ts';

async function expectAxeClean(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('My Articles with a row menu open is axe-clean', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/articles');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^More actions for/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAxeClean(page);
});

test("a colleague's article, read-only, is axe-clean", async ({ page }) => {
  const admin = await signedInApi('admin');
  const saved = await admin.rpc('save_article', {
    p_id: null,
    p_article: {
      title: `Read-only check ${Date.now().toString(36)}`,
      body: '<p>Body</p>',
      hero_image_url: '/x.webp',
      status: 'draft',
    },
    p_category_ids: [],
  });
  expect(saved.error).toBeNull();
  const id = (saved.data as { article_id: number }[])[0]!.article_id;
  await signIn(page, 'author');
  await page.goto(`/dashboard/articles/${id}`);
  await expect(page.getByRole('note')).toBeVisible();
  await expectAxeClean(page);
});

test('Comments Moderation with a focused comment is axe-clean', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/comments');
  await expect(page.getByRole('heading', { name: MODERATION.title })).toBeVisible();
  await expect(page.getByText(MODERATION.loading)).toHaveCount(0);
  await page.keyboard.press('j');
  await expectAxeClean(page);
});

/**
 * The e-mail in an issue's preview. The dashboard's axe runs leave its frame out (sandboxed without
 * scripts, axe cannot run inside it), so its HTML is checked here in a page of its own: an
 * e-mail, not a web page, so without the rules about a page's landmarks (a mail client shows the
 * message inside its own page); everything else (title, language, alt text, link names, contrast,
 * links told apart from text, headings) applies.
 */
test("an issue's e-mail, as the preview shows it, is axe-clean as an e-mail", async ({ page, context }) => {
  const issue = await issueWithStories();
  await signIn(page, 'admin');
  await page.goto(`/dashboard/newsletters/${issue.id}`);
  const frame = page.locator('iframe.newsletter-preview__frame');
  // The story as the form lists it (another file may have retitled it since the issue was made).
  const story = page.locator('[data-newsletter-stories] .newsletter-stories__title').first();
  await expect(story).toBeVisible();
  await expect(page.frameLocator('iframe.newsletter-preview__frame').locator('body')).toContainText(
    (await story.textContent())!,
  );
  await expect(frame).toHaveAccessibleName(NEWSLETTERS.previewTitle(NEWSLETTERS.desktop));
  await page.getByRole('button', { name: NEWSLETTERS.phone }).click();
  await expect(frame).toHaveAccessibleName(NEWSLETTERS.previewTitle(NEWSLETTERS.phone));

  const mail = await context.newPage();
  await mail.setContent((await frame.getAttribute('srcdoc'))!, { waitUntil: 'load' });
  await expect(mail).toHaveTitle(issue.subject);
  const results = await axe(mail).disableRules(['region', 'landmark-one-main']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
});
