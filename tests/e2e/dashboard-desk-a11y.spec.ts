/**
 * axe on the screens of the newsroom's desk (issues 28 and 29): My Articles as a worklist with a
 * row menu open, a colleague's article read-only, and Comments Moderation with its tabs, bulk
 * bar and a focused comment.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MODERATION } from '../../src/lib/messages/dashboard-moderation.ts';
import { signIn, signedInApi } from './dashboard-session.ts';

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
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
  await axe(page);
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
  await axe(page);
});

test('Comments Moderation with a focused comment is axe-clean', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/comments');
  await expect(page.getByRole('heading', { name: MODERATION.title })).toBeVisible();
  await expect(page.getByText(MODERATION.loading)).toHaveCount(0);
  await page.keyboard.press('j');
  await axe(page);
});
