/**
 * /profile (spec §2, §5, §8; the shared editor of staff-dashboard.md): signed out → login and
 * back; name required; a save updates the header at once; authors upload an avatar (type and
 * size rules); readers get no avatar control.
 */
import { expect, test, type Page } from '@playwright/test';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { E2E } from './env.ts';
import { freshUser, logIn, service, storeSession, userMenuReady } from './reader-auth-helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const trigger = (page: Page) => page.locator('header.site-header').getByRole('button', { name: /My Profile/ });

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByLabel(PROFILE.displayName)).toBeVisible();
  await userMenuReady(page);
}

test('signed out: /profile sends to login, which brings the reader back', async ({ page }) => {
  const user = await freshUser();
  await page.goto('/profile');
  await page.waitForURL('**/login?redirect=%2Fprofile');
  await logIn(page, user.email, user.password);
  await page.waitForURL(`${E2E.siteUrl}/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROFILE.title);
});

test('a reader: name required, save shows Profile updated!; the header still reads My Profile; no avatar', async ({
  page,
}) => {
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  await openProfile(page);
  await expect(page.locator('input[type=file]')).toHaveCount(0);
  await expect(page.getByText(PROFILE.avatarHint)).toHaveCount(0);

  const name = page.getByLabel(PROFILE.displayName);
  await name.fill('   ');
  await page.getByRole('button', { name: PROFILE.save }).click();
  await expect(page.getByRole('alert')).toHaveText(PROFILE.displayNameRequired);

  const newName = `Reader ${Date.now().toString(36)}`;
  await name.fill(newName);
  await page.getByLabel(PROFILE.bio).fill('Reads about water.');
  await page.getByRole('button', { name: PROFILE.save }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.profileUpdated })).toBeVisible();
  // Spec §2: the header's button reads 'My Profile', not the reader's name.
  await expect(trigger(page)).toHaveText(LABELS.myProfile);
  const { data } = await service.from('profiles').select('display_name, bio').eq('id', user.id).single();
  expect(data).toEqual({ display_name: newName, bio: 'Reads about water.' });
});

test('an author: avatar type and size errors, then a PNG → Avatar updated! and the header avatar', async ({ page }) => {
  const user = await freshUser('author');
  await storeSession(page, user.email, user.password);
  await openProfile(page);
  const form = page.locator('form.profile-editor');
  await expect(form.locator('img').first()).toHaveAttribute('src', '/sidebar1.jpg');
  const file = page.locator('input[type=file]');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.avatarInvalidType);
  await file.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.avatarTooLarge);
  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.avatarUpdated })).toBeVisible();
  const { data } = await service.from('profiles').select('avatar_url').eq('id', user.id).single();
  expect(data!.avatar_url).toMatch(new RegExp(`/avatars/${user.id}-avatar-\\d+\\.png$`));
  await expect(form.locator('img').first()).toHaveAttribute('src', data!.avatar_url!);
  await expect(trigger(page).locator('img')).toHaveAttribute('src', data!.avatar_url!);
  await trigger(page).click();
  await expect(page.getByRole('menuitem', { name: LABELS.dashboard })).toBeVisible();
});
