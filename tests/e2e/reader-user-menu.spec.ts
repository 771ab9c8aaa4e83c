/**
 * The header's account control (spec §2, §9): Login when signed out (a plain link, also without
 * JavaScript), the 'My Profile' menu when signed in, right before hydration; keyboard operation;
 * the 180 ms close delay under a controlled clock; 'Subscribe for Free' scrolls and focuses.
 */
import { expect, test, type Page } from '@playwright/test';
import { AUTH } from '../../src/lib/messages/auth.ts';
import { LABELS } from '../../src/lib/messages/reader.ts';
import { TIMINGS } from '../../src/lib/rules/reader/keys.ts';
import { freshUser, storeSession, userMenuReady } from './reader-auth-helpers.ts';
import { wakeIslands } from './islands.ts';

const header = (page: Page) => page.locator('header.site-header');
const trigger = (page: Page) => header(page).getByRole('button', { name: /My Profile/ });

test('signed out: Login links back to the page, with and without JavaScript', async ({ browser }) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const page = await noJs.newPage();
  await page.goto('/about');
  const login = header(page).getByRole('link', { name: LABELS.login });
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute('href', '/login?redirect=%2Fabout');
  await expect(trigger(page)).toBeHidden();
  await noJs.close();
});

test('signed in: the menu box shows before hydration (html.signed-in), not Login', async ({ page }) => {
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  // Keep the island from hydrating: what shows is the static HTML and CSS alone.
  await page.route(/UserMenu.*\.js/, (route) => route.abort());
  await page.goto('/about');
  await expect(page.locator('html')).toHaveClass(/signed-in/);
  await expect(page.locator('astro-island:has(.user-menu)')).toHaveAttribute('ssr');
  await expect(trigger(page)).toBeVisible();
  await expect(header(page).getByRole('link', { name: LABELS.login })).toBeHidden();
  const before = await trigger(page).boundingBox();
  await page.unroute(/UserMenu.*\.js/);
  await page.goto('/about');
  await userMenuReady(page);
  expect(await trigger(page).boundingBox()).toEqual(before);
  // Spec §2: the button reads 'My Profile' (the avatar beside it), never the reader's name.
  await expect(trigger(page)).toHaveText(LABELS.myProfile);
});

test('keyboard: Enter opens on the first item, arrows move, Escape closes to the button, Tab out closes', async ({
  page,
}) => {
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  await page.goto('/about');
  await userMenuReady(page);
  const button = trigger(page);
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items).toHaveText([AUTH.editProfile, LABELS.bookmarks, LABELS.signOut]);
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.nth(2)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(items.nth(0)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press(' ');
  await expect(items.nth(0)).toBeFocused();
});

test('hover opens the menu; it closes 180 ms after the pointer leaves', async ({ page }) => {
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  await page.clock.install();
  await page.goto('/about');
  // Hover alone does not load the island (client:interaction): a first touch does; then let the
  // controlled clock run until it has hydrated.
  await wakeIslands(page, 'astro-island:has(.user-menu)');
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(page.locator('astro-island:has(.user-menu)')).not.toHaveAttribute('ssr', { timeout: 500 });
  }).toPass();
  await expect(page.locator('.user-menu')).toHaveAttribute('data-state', 'in');
  // From here time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await trigger(page).hover();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.mouse.move(5, 600);
  await page.clock.runFor(TIMINGS.profileMenuClose - 10);
  await expect(page.getByRole('menu')).toBeVisible();
  await page.clock.runFor(10);
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Back within the delay keeps it open.
  await trigger(page).hover();
  await page.mouse.move(5, 600);
  await page.clock.runFor(100);
  await trigger(page).hover();
  await page.clock.runFor(500);
  await expect(page.getByRole('menu')).toBeVisible();
});

test('the phone drawer holds the menu; Sign out goes to /login', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const user = await freshUser();
  await storeSession(page, user.email, user.password);
  await page.goto('/about');
  await userMenuReady(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await trigger(page).click();
  await expect(page.getByRole('menuitem', { name: LABELS.bookmarks })).toBeVisible();
  await page.getByRole('menuitem', { name: LABELS.signOut }).click();
  await page.waitForURL('**/login');
  await expect(page.locator('html')).not.toHaveClass(/signed-in/);
});

test("'Subscribe for Free' scrolls to the newsletter block and moves focus there", async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('astro-island:has(.user-menu)')).toBeAttached();
  await header(page).getByRole('link', { name: LABELS.subscribeForFree }).click();
  await expect(page.locator('#newsletter')).toBeFocused();
  await expect(page.locator('#newsletter')).toBeInViewport();
  expect(new URL(page.url()).hash).toBe('#newsletter');
});
