/**
 * The newsletter end to end (issue 30), through the real SMTP path: the local catcher puts every
 * message in /mailbox. A visitor subscribes on the site and gets the welcome mail; an admin
 * writes an issue in the dashboard and sends it, and it arrives; the one-click unsubscribe of
 * RFC 8058 (a POST to the List-Unsubscribe URL, as a mail client sends it) unsubscribes at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { NEWSLETTERS } from '../../src/lib/messages/dashboard-newsletters.ts';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { NEWSLETTER_MAIL, UNSUBSCRIBE_PAGE } from '../../src/lib/messages/newsletter.ts';
import { signIn } from './dashboard-session.ts';
import { freshEmail, islandReady, quietOverlays, service } from './engagement-helpers.ts';
import { E2E } from './env.ts';

interface MailboxMessage {
  subject: string;
  kind: string;
  html: string;
  headers: Record<string, string> | null;
  raw: string | null;
}

/** The newest caught message to `to` whose subject matches, once it is there. */
async function mailTo(page: Page, to: string, subject: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        // A connection per poll: one kept alive past the server's 5 s idle timeout could be closed
        // under the request (ECONNRESET, seen once on a loaded machine).
        const res = await page.request.get(`${E2E.apiUrl}/mailbox/messages?to=${encodeURIComponent(to)}`, {
          headers: { connection: 'close' },
        });
        const list = (await res.json()) as MailboxMessage[];
        found = list.find((m) => m.kind === 'smtp' && m.subject === subject);
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

async function subscriberStatus(email: string): Promise<string | undefined> {
  const { data } = await service.from('newsletter_subscribers').select('status').eq('email', email);
  return data?.[0]?.status as string | undefined;
}

test('subscribe → welcome mail; admin sends an issue → it arrives; one-click unsubscribe works', async ({ page }) => {
  const email = freshEmail('newsletter');
  await quietOverlays(page);
  await page.goto('/about');
  await islandReady(page, '[data-newsletter-form]');
  const block = page.locator('#newsletter');
  await block.getByLabel('E-mail address').fill(email);
  await block.getByRole('button', { name: 'Subscribe' }).click();
  await expect(block.locator('#newsletter-status')).toHaveText(MESSAGES.subscribed);

  const welcome = await mailTo(page, email, NEWSLETTER_MAIL.welcomeSubject);
  expect(welcome.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(welcome.raw).toContain('List-Unsubscribe:');

  // The admin writes and sends an issue.
  const subject = `The week in ESG ${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await page.goto('/dashboard/newsletters');
  await page.getByRole('link', { name: NEWSLETTERS.newIssue }).click();
  await expect(page.getByRole('heading', { name: NEWSLETTERS.newTitle })).toBeVisible();
  await page.getByLabel(NEWSLETTERS.subject, { exact: true }).fill(subject);
  await page.getByLabel(NEWSLETTERS.addSearch).fill('a');
  const add = page.getByRole('button', { name: new RegExp(`^${NEWSLETTERS.add}: `) }).first();
  const added = (await add.getAttribute('aria-label'))!.slice(`${NEWSLETTERS.add}: `.length);
  await add.click();
  // The list shows the story before the buttons below it are clicked: its new row moves them down,
  // and a click aimed before that lands where "Send now" was (no dialog, seen once under load).
  await expect(page.locator('[data-newsletter-stories] li', { hasText: added })).toHaveCount(1);
  await expect(page.getByTitle(/Preview of the e-mail/)).toBeVisible();
  await page.getByRole('button', { name: NEWSLETTERS.sendNow }).click();
  const dialog = page.getByRole('dialog', { name: NEWSLETTERS.confirmSendTitle });
  await expect(dialog).toContainText(/This sends the issue to [\d,\s]+ subscribers? now\./);
  await dialog.getByRole('button', { name: NEWSLETTERS.confirm }).click();
  await expect(page.getByRole('heading', { name: NEWSLETTERS.title })).toBeVisible();
  await expect(page.getByRole('link', { name: subject })).toBeVisible();

  const issue = await mailTo(page, email, subject);
  expect(issue.html).toContain(`${E2E.siteUrl}/article/`);

  // One click in the mail client: a POST to the List-Unsubscribe URL.
  const url = /<([^>]+)>/.exec(issue.headers!['list-unsubscribe']!)![1]!;
  const res = await page.request.post(url, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(res.status()).toBe(200);
  expect(await subscriberStatus(email)).toBe('unsubscribed');
  // The link itself, opened in a browser, says so.
  await page.goto(url);
  await expect(page.getByRole('heading', { name: UNSUBSCRIBE_PAGE.done })).toBeVisible();
});
