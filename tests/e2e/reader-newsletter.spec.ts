/**
 * The newsletter block at #newsletter (spec §4, §5, §8): validation messages, trimmed and
 * lower-cased addresses, a duplicate counting as success, "You're subscribed!" for 3 s and the
 * signed-in reader's block hiding 2.5 s later, the block hidden for subscribers, and failures that
 * say so, keep the address and leave an app_errors row.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { TIMINGS } from '../../src/lib/rules/reader/keys.ts';
import {
  freshEmail,
  freshUser,
  islandReady,
  quietOverlays,
  service,
  signInAs,
  stopClock,
} from './engagement-helpers.ts';

async function openBlock(page: Page, path = '/about') {
  await quietOverlays(page);
  await page.goto(path);
  await islandReady(page, '[data-newsletter-form]');
  const block = page.locator('#newsletter');
  return {
    block,
    input: block.getByLabel('E-mail address'),
    button: block.getByRole('button', { name: 'Subscribe' }),
    status: block.locator('#newsletter-status'),
  };
}

async function subscriberRow(email: string) {
  const { data } = await service.from('newsletter_subscribers').select('email, user_id').eq('email', email);
  return data?.[0] ?? null;
}

test('empty and malformed addresses get the spec’s messages and nothing is sent', async ({ page }) => {
  const { input, button, status } = await openBlock(page);
  let posted = 0;
  page.on('request', (r) => r.url().includes('/rest/v1/newsletter_subscribers') && posted++);
  await button.click();
  await expect(status).toHaveText(MESSAGES.emailRequired);
  await input.fill('   ');
  await button.click();
  await expect(status).toHaveText(MESSAGES.emailRequired);
  await input.fill('not-an-address');
  await button.click();
  await expect(status).toHaveText(MESSAGES.emailInvalid);
  await expect(input).toHaveValue('not-an-address');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
});

test('a visitor subscribes: the address is stored trimmed and lower-cased, the message shows 3 s', async ({ page }) => {
  const email = freshEmail('block');
  const { block, input, button, status } = await openBlock(page);
  await input.fill(`  ${email.toUpperCase()} `);
  await stopClock(page);
  await button.click();
  await expect(status).toHaveText(MESSAGES.subscribed);
  await expect(input).toHaveValue('');
  expect(await subscriberRow(email)).toEqual({ email, user_id: null });
  await page.clock.runFor(TIMINGS.newsletterSuccess - 10);
  await expect(status).toHaveText(MESSAGES.subscribed);
  await page.clock.runFor(20);
  await expect(status).toHaveText('');
  // A visitor's block stays (only signed-in subscribers lose it), and the popup is suppressed for 30 days.
  await page.clock.runFor(TIMINGS.newsletterBlockHide + 100);
  await expect(block).toBeVisible();
  expect(Number(await page.evaluate(() => localStorage.getItem('recently-subscribed')))).toBeGreaterThan(0);
});

test('an address already on the list (23505) counts as success', async ({ page }) => {
  const email = freshEmail('dup');
  await service.from('newsletter_subscribers').insert({ email });
  const { input, button, status } = await openBlock(page);
  await input.fill(email);
  // The message stays 3 s: time stands still until it has been read.
  await stopClock(page);
  await button.click();
  await expect(status).toHaveText(MESSAGES.subscribed);
  const { count } = await service
    .from('newsletter_subscribers')
    .select('id', { count: 'exact', head: true })
    .eq('email', email);
  expect(count).toBe(1);
});

test('a refused address (over the 320-character limit) shows the failure, keeps the text and is logged', async ({
  page,
}) => {
  const since = new Date(Date.now() - 1000).toISOString();
  const email = `${'a'.repeat(320)}@example.com`;
  const { input, button, status } = await openBlock(page, '/press');
  await input.fill(email);
  await button.click();
  await expect(status).toHaveText(MESSAGES.newsletterFailed);
  await expect(input).toHaveValue(email);
  await expect
    .poll(async () => {
      const { data } = await service
        .from('app_errors')
        .select('event, error_code, user_agent, path, referrer, details')
        .eq('event', 'newsletter_subscribe_failed')
        .eq('path', '/press')
        .gte('created_at', since);
      return data ?? [];
    })
    .toEqual([
      expect.objectContaining({
        error_code: '23514',
        path: '/press',
        user_agent: await page.evaluate(() => navigator.userAgent),
        details: expect.objectContaining({ source: 'block', status: 400 }),
      }),
    ]);
  expect(await subscriberRow(email)).toBeNull();
});

test('a network failure shows the same message and keeps the address', async ({ page }) => {
  const email = freshEmail('offline');
  const { input, button, status } = await openBlock(page);
  await page.route('**/rest/v1/newsletter_subscribers*', (route) => route.abort('internetdisconnected'));
  await input.fill(email);
  await button.click();
  await expect(status).toHaveText(MESSAGES.newsletterFailed);
  await expect(input).toHaveValue(email);
  await expect(button).toBeEnabled();
});

test('a signed-in reader subscribes with their id; the block hides 2.5 s after the 3 s message', async ({ page }) => {
  const user = await freshUser('blockuser');
  await signInAs(page, user.email);
  const { block, input, button, status } = await openBlock(page);
  await expect(block).toBeVisible();
  await input.fill(user.email);
  await stopClock(page);
  await button.click();
  await expect(status).toHaveText(MESSAGES.subscribed);
  expect(await subscriberRow(user.email)).toEqual({ email: user.email, user_id: user.id });
  await page.clock.runFor(TIMINGS.newsletterSuccess + 10);
  await expect(status).toHaveText('');
  await expect(block).toBeVisible();
  await page.clock.runFor(TIMINGS.newsletterBlockHide - 20);
  await expect(block).toBeVisible();
  await page.clock.runFor(20);
  await expect(block).toBeHidden();
});

test('the block is hidden for a signed-in reader who is already subscribed', async ({ page }) => {
  const user = await freshUser('subscribed');
  await service.from('newsletter_subscribers').insert({ email: user.email });
  await signInAs(page, user.email);
  await quietOverlays(page);
  await page.goto('/about');
  await expect(page.locator('#newsletter')).toBeHidden();
  // and a reader who is not subscribed keeps it
  const other = await freshUser('notsubscribed');
  const page2 = await page.context().browser()!.newPage({ baseURL: page.url() });
  await signInAs(page2, other.email);
  await quietOverlays(page2);
  const checked = page2.waitForResponse((r) => r.url().includes('/rest/v1/newsletter_subscribers'));
  await page2.goto('/about');
  await islandReady(page2, '[data-newsletter-form]');
  await checked;
  await expect(page2.locator('#newsletter')).toBeVisible();
  await page2.close();
});
