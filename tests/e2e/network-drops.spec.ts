/**
 * The network drops while something is being saved (issue 13, docs/security.md "Network drops
 * while saving"): a comment, a contact enquiry and an article. The browser goes offline just
 * before the save (Chromium's own offline mode: every request fails as a lost connection), the
 * page must say so, keep everything typed, and the same button must succeed once the network is
 * back, storing the text once. Each test has its own fresh account and rows.
 */
import { expect, test } from '@playwright/test';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { ENGAGEMENT } from '../../src/lib/messages/engagement.ts';
import { INTERACTIONS } from '../../src/lib/messages/interactions.ts';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { openNew, typeBody, uploadImage } from './article-form-helpers.ts';
import {
  enquiryRows,
  freshEmail,
  freshUser,
  openEnquiryForm,
  quietOverlays,
  service,
  signInAs,
} from './engagement-helpers.ts';
import { freshUser as freshStaff } from './reader-auth-helpers.ts';
import { openComments, publishedArticles, tag } from './reader-session.ts';

test('a comment: offline while posting says so and keeps the text; posting again once online stores it once', async ({
  page,
  context,
}) => {
  const reader = await freshUser('drop-comment');
  const article = (await publishedArticles())[7]!;
  const text = `Posted through a dropped line ${tag()}`;
  await quietOverlays(page);
  await signInAs(page, reader.email);
  await openComments(page, article);
  const box = page.getByRole('textbox', { name: INTERACTIONS.commentLabel });
  await box.fill(text);
  // The write client has loaded by the time the reader presses Post (it warms up on focus).
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.getByRole('button', { name: INTERACTIONS.postComment }).click();
  await expect(page.getByRole('alert').filter({ hasText: INTERACTIONS.commentPostFailed })).toBeVisible();
  await expect(box).toHaveValue(text);
  await expect(page.getByRole('button', { name: INTERACTIONS.postComment })).toBeEnabled();

  await context.setOffline(false);
  await page.getByRole('button', { name: INTERACTIONS.postComment }).click();
  const posted = page.locator('#comments .comment', { has: page.locator('.comment-content', { hasText: text }) });
  await expect(posted.locator('.badge')).toHaveText(['Pending']);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('alert').filter({ hasText: INTERACTIONS.commentPostFailed })).toHaveCount(0);
  const { data } = await service.from('comments').select('user_id, status').eq('content', text);
  expect(data).toEqual([{ user_id: reader.id, status: 'pending' }]);
});

test("the contact form: offline while sending says 'Failed to submit message' and keeps every field; sending again succeeds", async ({
  page,
  context,
}) => {
  // Signed in, so the enquiry limit counts this account, not the address every anonymous test shares.
  const user = await freshUser('drop-contact');
  await signInAs(page, user.email);
  const f = await openEnquiryForm(page, '/get-in-touch', 'contact');
  const email = freshEmail('drop-contact');
  const message = `Sent through a dropped line ${tag()}`;
  await f.name.fill('Thandi Offline');
  await f.email.fill(email);
  await f.message.fill(message);

  await context.setOffline(true);
  await f.form.getByRole('button', { name: 'Send Message' }).click();
  await expect(f.status).toHaveText(MESSAGES.submissionFailed);
  await expect(f.name).toHaveValue('Thandi Offline');
  await expect(f.email).toHaveValue(email);
  await expect(f.message).toHaveValue(message);
  expect(await enquiryRows(email)).toHaveLength(0);

  await context.setOffline(false);
  await f.form.getByRole('button', { name: 'Send Message' }).click();
  await expect(f.status).toHaveText(ENGAGEMENT.contactSent);
  await expect(f.message).toHaveValue('');
  expect(await enquiryRows(email)).toEqual([
    expect.objectContaining({ name: 'Thandi Offline', email, message, form_type: 'contact' }),
  ]);
});

test('an article: offline while saving shows an error and keeps the form; saving again once online stores it once', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const author = await freshStaff('author');
  const title = `Saved through a dropped line ${tag()}`;
  const body = 'Wind farms on the Cape coast kept the lights on.';
  await openNew(page, author);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await uploadImage(page);
  await typeBody(page, body);
  await page.getByLabel('Excerpt', { exact: true }).fill('Wind kept the lights on.');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save Article' }).click();
  const error = page.locator('.dash-error[role="alert"]');
  await expect(error).toHaveText(ARTICLE_FORM.saveNetworkFailed);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Excerpt', { exact: true })).toHaveValue('Wind kept the lights on.');
  await expect(page.frameLocator('#dash-body_ifr').locator('body')).toContainText(body);
  await expect(page).toHaveURL(/\/dashboard\/articles\/new$/);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByText(ARTICLE_FORM.saved)).toBeVisible();
  const { data } = await service.from('articles_meta').select('author_id, status, body').eq('title', title);
  expect(data).toHaveLength(1);
  expect(data![0]).toMatchObject({ author_id: author.id, status: 'draft' });
  expect(data![0]!.body).toContain(body);
});
