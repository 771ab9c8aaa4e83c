/**
 * The cookie banner and the subscribe popup (spec §4, §9), under clock control where timing is the
 * rule: the banner until Accept or Decline, the popup 1 s after a decision (also on a later page),
 * closing 2 s after a sign-up, dismissal by the close button or Escape, the 30-day suppression of
 * anonymous subscribers, one click for signed-in readers, focus handling, and on a phone neither
 * overlay over the other or over the partner strip.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { STORAGE_KEYS, TIMINGS } from '../../src/lib/rules/reader/keys.ts';
import {
  freshEmail,
  freshUser,
  letTimePass,
  overlaysReady,
  presetStorage,
  readStorage,
  service,
  signInAs,
  stopClock,
} from './engagement-helpers.ts';
import { axe } from './axe.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

const DAY = 24 * 60 * 60 * 1000;

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });
const popup = (page: Page) => page.getByRole('dialog', { name: 'Subscribe to our newsletter' });

/** Opens the page, waits for the overlays island, then stops time. */
async function openPaused(page: Page, path = '/about') {
  await page.goto(path);
  await overlaysReady(page);
  await stopClock(page);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('Accept stores true, hides the banner for good, and the popup follows 1 s later', async ({ page }) => {
  await openPaused(page);
  await expect(banner(page)).toBeVisible();
  // No decision, no popup, however long the reader waits.
  await page.clock.runFor(10_000);
  await expect(popup(page)).toHaveCount(0);
  expect(await readStorage(page, STORAGE_KEYS.cookiesAccepted)).toBeNull();

  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await readStorage(page, STORAGE_KEYS.cookiesAccepted)).toBe('true');
  await page.clock.runFor(TIMINGS.popupDelay - 10);
  await expect(popup(page)).toHaveCount(0);
  await page.clock.runFor(20);
  await expect(popup(page)).toBeVisible();

  // Time runs again for the next load (a paused clock would also hold its hydration).
  await page.clock.resume();
  await page.reload();
  await overlaysReady(page);
  await expect(banner(page)).toHaveCount(0);
});

test('Decline stores false and the banner does not return', async ({ page }) => {
  await page.goto('/about');
  await overlaysReady(page);
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await readStorage(page, STORAGE_KEYS.cookiesAccepted)).toBe('false');
  await page.goto('/press');
  await overlaysReady(page);
  await expect(banner(page)).toHaveCount(0);
});

test('the banner takes no focus on load, comes right after the skip link, and gives focus to the page after a choice', async ({
  page,
}) => {
  await page.goto('/about');
  await overlaysReady(page);
  await expect(banner(page)).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: 'Privacy policy' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(banner(page)).toHaveCount(0);
  expect(await readStorage(page, STORAGE_KEYS.cookiesAccepted)).toBe('true');
  await expect(page.locator('#main')).toBeFocused();
});

test('an anonymous sign-up in the popup closes it 2 s later and marks it dismissed', async ({ page }) => {
  const email = freshEmail('popup');
  await openPaused(page);
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await page.clock.runFor(TIMINGS.popupDelay + 10);
  const dialog = popup(page);
  await expect(dialog).toBeVisible();
  const input = dialog.getByLabel('E-mail address');
  await expect(input).toBeFocused();
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('status')).toHaveText(MESSAGES.emailRequired);
  await input.fill(` ${email.toUpperCase()}`);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('status')).toHaveText(MESSAGES.subscribed);
  const { data } = await service.from('newsletter_subscribers').select('email, user_id').eq('email', email);
  expect(data).toEqual([{ email, user_id: null }]);
  await page.clock.runFor(TIMINGS.popupCloseAfterSuccess - 20);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(40);
  await expect(dialog).toHaveCount(0);
  expect(await readStorage(page, STORAGE_KEYS.subscribePopupDismissed)).toBe('true');
  expect(Number(await readStorage(page, STORAGE_KEYS.recentlySubscribed))).toBeGreaterThan(0);

  // Time runs again for the next load (a paused clock would also hold its hydration).
  await page.clock.resume();
  await page.reload();
  await overlaysReady(page);
  await letTimePass(page, TIMINGS.popupDelay + 500);
  await expect(popup(page)).toHaveCount(0);
});

test('a failed popup sign-up says so, keeps the address and is logged', async ({ page }) => {
  const since = new Date(Date.now() - 1000).toISOString();
  const email = `${'p'.repeat(321)}@example.com`;
  await presetStorage(page, { cookiesAccepted: 'false' });
  await page.goto('/careers');
  const dialog = popup(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('status')).toHaveText(MESSAGES.genericRetry);
  await expect(dialog.getByLabel('E-mail address')).toHaveValue(email);
  await expect
    .poll(async () => {
      const { data } = await service
        .from('app_errors')
        .select('details')
        .eq('event', 'newsletter_subscribe_failed')
        .eq('path', '/careers')
        .gte('created_at', since);
      return data?.map((row) => (row.details as { source?: string }).source);
    })
    .toEqual(['popup']);
});

test('the close button and Escape dismiss the popup, and focus returns', async ({ page }) => {
  await presetStorage(page, { cookiesAccepted: 'false' });
  // Time stands still from the load, so the popup cannot open before the reader's focus is placed
  // (with a decision stored, the overlays hydrate when the browser is idle, and 1 s later it opens).
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/about');
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await overlaysReady(page);
  await expect(popup(page)).toHaveCount(0);
  await letTimePass(page, TIMINGS.popupDelay);
  await expect(popup(page)).toBeVisible();
  await expect(popup(page).getByLabel('E-mail address')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  expect(await readStorage(page, STORAGE_KEYS.subscribePopupDismissed)).toBe('true');

  // A second browser: the close button.
  const other = await page.context().browser()!.newPage({ baseURL: page.url() });
  await presetStorage(other, { cookiesAccepted: 'true' });
  await other.goto('/about');
  await popup(other).getByRole('button', { name: 'Close' }).click();
  await expect(popup(other)).toHaveCount(0);
  expect(await readStorage(other, STORAGE_KEYS.subscribePopupDismissed)).toBe('true');
  await other.clock.install();
  await other.reload();
  await overlaysReady(other);
  await letTimePass(other, TIMINGS.popupDelay + 500);
  await expect(popup(other)).toHaveCount(0);
  await other.close();
});

test('an anonymous subscriber is not asked again for 30 days', async ({ page }) => {
  const now = Date.now();
  await presetStorage(page, { cookiesAccepted: 'true', recentlySubscribed: String(now - 29 * DAY) });
  await page.clock.install();
  await page.goto('/about');
  await overlaysReady(page);
  await letTimePass(page, TIMINGS.popupDelay + 500);
  await expect(popup(page)).toHaveCount(0);

  const later = await page.context().browser()!.newPage({ baseURL: page.url() });
  await presetStorage(later, { cookiesAccepted: 'true', recentlySubscribed: String(now - 31 * DAY) });
  await later.goto('/about');
  await expect(popup(later)).toBeVisible();
  await later.close();
});

test('a signed-in reader subscribes in one click with their account e-mail', async ({ page }) => {
  const user = await freshUser('oneclick');
  await signInAs(page, user.email);
  await presetStorage(page, { cookiesAccepted: 'true' });
  await logStatuses(page);
  await page.goto('/about');
  const dialog = popup(page);
  const button = dialog.getByRole('button', { name: `Subscribe as ${user.email}` });
  await expect(button).toBeFocused();
  await expect(dialog.getByLabel('E-mail address')).toHaveCount(0);
  await button.click();
  // The popup closes 2 s after it (checked on the page's clock in the anonymous sign-up's test).
  await expectStatusShown(page, MESSAGES.subscribed);
  const { data } = await service.from('newsletter_subscribers').select('email, user_id').eq('email', user.email);
  expect(data).toEqual([{ email: user.email, user_id: user.id }]);
  await expect(dialog).toHaveCount(0);
  expect(await readStorage(page, STORAGE_KEYS.subscribePopupDismissed)).toBe('true');
});

test('a signed-in subscriber never sees the popup', async ({ page }) => {
  const user = await freshUser('subscriber');
  await service.from('newsletter_subscribers').insert({ email: user.email, user_id: user.id });
  await signInAs(page, user.email);
  await presetStorage(page, { cookiesAccepted: 'true' });
  const checked = page.waitForResponse((r) => r.url().includes('/rest/v1/newsletter_subscribers'));
  await page.clock.install();
  await page.goto('/about');
  await overlaysReady(page);
  await checked;
  await letTimePass(page, TIMINGS.popupDelay + 500);
  await expect(popup(page)).toHaveCount(0);
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('banner and popup sit above the partner strip and never over each other', async ({ page }) => {
    await page.goto('/about');
    await overlaysReady(page);
    const partner = page.getByRole('complementary', { name: 'Partner' });
    await expect(partner).toBeVisible();
    const strip = await box(partner);
    const shownBanner = await box(banner(page));
    expect(overlaps(shownBanner, strip)).toBe(false);
    expect(shownBanner.y + shownBanner.height).toBeLessThanOrEqual(844 - strip.height + 1);
    expect(shownBanner.y).toBeGreaterThan(0);
    // Both banner buttons are on screen and usable.
    await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeInViewport({ ratio: 1 });

    await stopClock(page);
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await page.clock.runFor(TIMINGS.popupDelay + 10);
    await expect(popup(page)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    const shownPopup = await box(popup(page));
    expect(overlaps(shownPopup, strip)).toBe(false);
    expect(shownPopup.y).toBeGreaterThanOrEqual(0);
    expect(shownPopup.x).toBeGreaterThanOrEqual(0);
    expect(shownPopup.x + shownPopup.width).toBeLessThanOrEqual(390);
  });
});

test('the banner and the popup pass axe (dark theme contrast, labels, landmarks)', async ({ page }) => {
  const violations = async () =>
    (await axe(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  await page.goto('/about');
  await overlaysReady(page);
  await expect(banner(page)).toBeVisible();
  expect(await violations()).toEqual([]);
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(popup(page)).toBeVisible();
  await popup(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(popup(page).getByRole('status')).toHaveText(MESSAGES.emailRequired);
  expect(await violations()).toEqual([]);
});
