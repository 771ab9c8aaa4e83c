/**
 * /get-in-touch, /advertise and /store (spec §4, §5, §8): required fields per form, sending
 * through submit_contact() with success clearing the fields, the database's rate-limit and size
 * refusals shown with their reason and nothing typed lost, and the store's fake 800 ms notify.
 */
import { expect, test } from '@playwright/test';
import { ENGAGEMENT } from '../../src/lib/messages/engagement.ts';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { REFUSALS } from '../../src/lib/messages/refusals.ts';
import { TIMINGS } from '../../src/lib/rules/reader/keys.ts';
import { apiClient } from './dashboard-session.ts';
import { E2E } from './env.ts';
import {
  enquiryRows as rowsFor,
  freshEmail,
  islandReady,
  openEnquiryForm as openForm,
  quietOverlays,
  stopClock,
} from './engagement-helpers.ts';

test('contact: name, e-mail and message are required; company is optional and stored as null', async ({ page }) => {
  const f = await openForm(page, '/get-in-touch', 'contact');
  await expect(f.company).not.toHaveAttribute('required');
  const send = f.form.getByRole('button', { name: 'Send Message' });
  await send.click();
  await expect(f.status).toHaveText(MESSAGES.requiredFields);
  await f.name.fill('Thandi Mokoena');
  await f.message.fill('A story tip about water tariffs.');
  await send.click();
  await expect(f.status).toHaveText(MESSAGES.requiredFields);
  await expect(f.name).toHaveValue('Thandi Mokoena');

  const email = freshEmail('contact');
  await f.email.fill(email);
  await send.click();
  await expect(f.status).toHaveText(ENGAGEMENT.contactSent);
  for (const field of [f.name, f.email, f.company, f.message]) await expect(field).toHaveValue('');
  expect(await rowsFor(email)).toEqual([
    {
      name: 'Thandi Mokoena',
      email,
      company: null,
      message: 'A story tip about water tariffs.',
      form_type: 'contact',
      status: 'new',
    },
  ]);
});

test('advertise: all four fields are required, and the enquiry is stored as advertise', async ({ page }) => {
  const f = await openForm(page, '/advertise', 'advertise');
  const send = f.form.getByRole('button', { name: 'Send Enquiry' });
  const email = freshEmail('advertise');
  await f.name.fill('Sipho Dlamini');
  await f.email.fill(email);
  await f.message.fill('Rates for a quarter-page banner, please.');
  await send.click();
  await expect(f.status).toHaveText(MESSAGES.requiredFields);
  await expect(f.message).toHaveValue('Rates for a quarter-page banner, please.');
  await f.company.fill('Green Grid Ltd');
  await send.click();
  await expect(f.status).toHaveText(ENGAGEMENT.advertiseSent);
  await expect(f.company).toHaveValue('');
  expect(await rowsFor(email)).toEqual([
    {
      name: 'Sipho Dlamini',
      email,
      company: 'Green Grid Ltd',
      message: 'Rates for a quarter-page banner, please.',
      form_type: 'advertise',
      status: 'new',
    },
  ]);
});

test('the rate limit (429) is shown in the catalogue’s words and nothing typed is lost', async ({ page }) => {
  const email = freshEmail('limited');
  // Five enquiries from this address in the last ten minutes, sent as a visitor sends them
  // (submit_contact is a visitor's call: the service role has no grant for it): the sixth is refused.
  const visitor = apiClient();
  for (let i = 0; i < 5; i++) {
    const { error } = await visitor.rpc('submit_contact', {
      p_name: 'Earlier',
      p_email: email,
      p_message: `Earlier message ${i}`,
      p_form_type: 'contact',
    });
    expect(error).toBeNull();
  }
  const f = await openForm(page, '/get-in-touch', 'contact');
  await f.name.fill('Lerato');
  await f.email.fill(email);
  await f.company.fill('Acme');
  await f.message.fill('One more question.');
  await f.form.getByRole('button', { name: 'Send Message' }).click();
  await expect(f.status).toContainText(MESSAGES.submissionStoreFailed);
  await expect(f.status).toContainText(REFUSALS.rateLimited);
  await expect(f.name).toHaveValue('Lerato');
  await expect(f.email).toHaveValue(email);
  await expect(f.company).toHaveValue('Acme');
  await expect(f.message).toHaveValue('One more question.');
  expect(await rowsFor(email)).toHaveLength(5);
});

test('a message over the size limit is refused with the limit named', async ({ page }) => {
  const email = freshEmail('toolong');
  const long = 'x'.repeat(5001);
  const f = await openForm(page, '/get-in-touch', 'contact');
  await f.name.fill('Naledi');
  await f.email.fill(email);
  await f.message.fill(long);
  await f.form.getByRole('button', { name: 'Send Message' }).click();
  await expect(f.status).toContainText(MESSAGES.submissionStoreFailed);
  await expect(f.status).toContainText('The message is too long (at most 5,000 characters).');
  await expect(f.message).toHaveValue(long);
  expect(await rowsFor(email)).toHaveLength(0);
});

test('a network failure says the message was not sent and keeps it', async ({ page }) => {
  const f = await openForm(page, '/advertise', 'advertise');
  await page.route('**/rest/v1/rpc/submit_contact', (route) => route.abort('internetdisconnected'));
  await f.name.fill('Ayanda');
  await f.email.fill(freshEmail('offline'));
  await f.company.fill('Acme');
  await f.message.fill('Hello');
  await f.form.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(f.status).toHaveText(MESSAGES.submissionFailed);
  await expect(f.message).toHaveValue('Hello');
});

test('the store’s notify form validates, then succeeds after 800 ms without calling the server', async ({ page }) => {
  await quietOverlays(page);
  let apiCalls = 0;
  page.on('request', (r) => r.url().startsWith(E2E.apiUrl) && r.url().includes('/rest/v1/') && apiCalls++);
  await page.goto('/store');
  await islandReady(page, '[data-form="store-notify"]');
  const form = page.locator('form[data-form="store-notify"]');
  const input = form.getByLabel('E-mail address');
  const status = form.getByRole('status');
  await form.getByRole('button', { name: 'Notify Me' }).click();
  await expect(status).toHaveText(MESSAGES.storeEmailInvalid);
  await input.fill('not-valid');
  await form.getByRole('button', { name: 'Notify Me' }).click();
  await expect(status).toHaveText(MESSAGES.storeEmailInvalid);
  await input.fill('shopper@example.com');
  await stopClock(page);
  await form.getByRole('button', { name: 'Notify Me' }).click();
  await expect(status).toHaveText('');
  await page.clock.runFor(TIMINGS.storeFakeDelay - 10);
  await expect(status).toHaveText('');
  await page.clock.runFor(20);
  await expect(status).toHaveText(ENGAGEMENT.storeNotified);
  await expect(input).toHaveValue('');
  expect(apiCalls).toBe(0);
});

test('the forms no longer carry the "opens shortly" note', async ({ page }) => {
  for (const path of ['/get-in-touch', '/advertise', '/store']) {
    await page.goto(path);
    await expect(page.getByText('opens shortly')).toHaveCount(0);
  }
});
