/**
 * Driving the dashboard's article form (staff-dashboard.md §4, §5): opening a new article with the
 * editor loaded, typing into the TinyMCE body, uploading a featured image.
 */
import { expect, type Page } from '@playwright/test';
import { avatarWebp } from '../../scripts/seed/images.ts';
import { signIn } from './dashboard-session.ts';
import { storeSession } from './reader-auth-helpers.ts';

export async function typeBody(page: Page, text: string) {
  const body = page.frameLocator('#dash-body_ifr').locator('body');
  await body.click();
  await page.keyboard.type(text);
}

export async function uploadImage(page: Page) {
  await page.getByLabel('Featured image', { exact: true }).setInputFiles({
    name: 'hero.webp',
    mimeType: 'image/webp',
    buffer: await avatarWebp('E2E', 64),
  });
  await expect(page.getByAltText('Featured image preview')).toBeVisible();
}

/** Signs in (a demo account, or any staff account by e-mail and password) and opens New Article. */
export async function openNew(page: Page, who: 'admin' | 'author' | { email: string; password: string } = 'admin') {
  if (typeof who === 'string') await signIn(page, who);
  else await storeSession(page, who.email, who.password);
  await page.goto('/dashboard/articles/new');
  // TinyMCE loads its runtime on this route only; on a busy machine that takes a while.
  await expect(page.frameLocator('#dash-body_ifr').locator('body')).toBeVisible({ timeout: 20_000 });
}
