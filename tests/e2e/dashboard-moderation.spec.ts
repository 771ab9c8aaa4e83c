/**
 * Comments Moderation, Contact Submissions and Subscribers in a real browser, as the admin and
 * the author (staff-dashboard.md §2, §4, §8; who may moderate and who reads subscribers:
 * docs/data-model.md). Each test makes its own rows as the service role and judges the effect
 * by what the database (or an anonymous reader) then sees.
 */
import fs from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { LISTS, SUBMISSIONS, SUBSCRIBERS } from '../../src/lib/messages/dashboard.ts';
import { MODERATION, MODERATION_DESK } from '../../src/lib/messages/dashboard-moderation.ts';
import { apiClient, signIn, signedInApi } from './dashboard-session.ts';
import { E2E } from './env.ts';
import { expectScreenCounts } from './counted-screen.ts';
import { tag } from './reader-session.ts';

const service = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

async function userId(who: 'admin' | 'author' | 'reader'): Promise<string> {
  const { data } = await (await signedInApi(who)).auth.getUser();
  return data.user!.id;
}

/** A published article of the demo author, and a reader's comment on it in the given status. */
async function commentOnAuthorsArticle(status: string) {
  const author = await userId('author');
  const { data: article } = await service
    .from('articles_meta')
    .select('id, title, slug')
    .eq('author_id', author)
    .eq('status', 'published')
    .is('archived_at', null)
    .limit(1)
    .single();
  const content = `E2E comment ${tag()}`;
  const { data, error } = await service
    .from('comments')
    .insert({ article_id: article!.id, user_id: await userId('reader'), content, status })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return {
    id: data.id as number,
    content,
    articleTitle: article!.title as string,
    articleSlug: article!.slug as string,
  };
}

const commentStatus = async (id: number) =>
  (await service.from('comments').select('status').eq('id', id).single()).data!.status;
const publicSees = async (id: number) =>
  ((await apiClient().from('comments').select('id').eq('id', id)).data ?? []).length === 1;
const item = (scope: Page | Locator, content: string) => scope.locator('li.dash-comment', { hasText: content });

const tab = (page: Page, state: keyof typeof MODERATION_DESK.tabs) =>
  page.getByRole('tab', { name: new RegExp(`^${MODERATION_DESK.tabs[state]}( \\(\\d+\\))?$`) });
const panel = (page: Page) => page.getByRole('tabpanel');

test.describe('Comments Moderation', () => {
  for (const who of ['admin', 'author'] as const) {
    test(`${who}: Approve makes the comment public, Deny moves it to Denied`, async ({ page, browser }) => {
      const approve = await commentOnAuthorsArticle('pending');
      const deny = await commentOnAuthorsArticle('pending');
      await signIn(page, who);
      await page.goto('/dashboard/comments');
      await expect(page.getByRole('heading', { name: MODERATION.title })).toBeVisible();
      await expect(tab(page, 'pending')).toHaveAttribute('aria-selected', 'true');
      await expect(item(page, approve.content)).toContainText(approve.articleTitle);
      await expect(item(page, approve.content)).toContainText('0 likes');
      expect(await publicSees(approve.id)).toBe(false);
      await item(page, approve.content).getByRole('button', { name: MODERATION.approve }).click();
      await expect(item(page, approve.content)).toHaveCount(0);
      expect(await commentStatus(approve.id)).toBe('approved');
      expect(await publicSees(approve.id)).toBe(true);

      await item(page, deny.content).getByRole('button', { name: MODERATION.deny }).click();
      await expect(item(page, deny.content)).toHaveCount(0);
      expect(await commentStatus(deny.id)).toBe('hidden');
      // Each decision is reversible from its tab.
      await tab(page, 'approved').click();
      await expect(item(panel(page), approve.content)).toContainText(MODERATION.status.approved);
      await tab(page, 'hidden').click();
      await expect(item(panel(page), deny.content).getByRole('button', { name: MODERATION.approve })).toBeVisible();

      // On the public article, for a visitor, without a rebuild: the approved one, not the denied.
      const visitor = await browser.newContext({ baseURL: E2E.siteUrl, serviceWorkers: 'block' });
      const reader = await visitor.newPage();
      await reader.goto(`/article/${approve.articleSlug}#comments`);
      await expect(reader.locator('#comments')).toContainText(approve.content);
      await expect(reader.locator('#comments')).not.toContainText(deny.content);
      await visitor.close();
    });

    test(`${who}: Delete and Restore ask first; deleted ones sit in their own tab`, async ({ page }) => {
      const c = await commentOnAuthorsArticle('approved');
      await signIn(page, who);
      await page.goto('/dashboard/comments');
      await tab(page, 'approved').click();
      await item(page, c.content).getByRole('button', { name: MODERATION.delete }).click();
      const dialog = page.getByRole('dialog', { name: MODERATION.confirmDeleteTitle });
      await dialog.getByRole('button', { name: MODERATION.cancel }).click();
      expect(await commentStatus(c.id)).toBe('approved');
      await item(page, c.content).getByRole('button', { name: MODERATION.delete }).click();
      await dialog.getByRole('button', { name: MODERATION.delete }).click();
      await expect(item(page, c.content)).toHaveCount(0);
      await tab(page, 'deleted').click();
      await expect(panel(page).getByRole('heading', { name: MODERATION.deletedSection })).toBeVisible();
      await expect(item(panel(page), c.content)).toBeVisible();
      expect(await commentStatus(c.id)).toBe('deleted');
      expect(await publicSees(c.id)).toBe(false);

      await item(page, c.content).getByRole('button', { name: MODERATION.restore }).click();
      await page
        .getByRole('dialog', { name: MODERATION.confirmRestoreTitle })
        .getByRole('button', { name: MODERATION.restore })
        .click();
      await expect(item(page, c.content)).toHaveCount(0);
      await tab(page, 'pending').click();
      await expect(item(page, c.content)).toContainText(MODERATION.status.pending);
      expect(await commentStatus(c.id)).toBe('pending');
    });
  }
});

test.describe('Comments Moderation at volume', () => {
  /** A fresh published article of the admin's with `n` pending reader comments on it. */
  async function articleWithPending(n: number) {
    const admin = await userId('admin');
    const t = tag();
    const { data: article, error } = await service
      .from('articles_meta')
      .insert({
        title: `Moderation desk ${t}`,
        slug: `moderation-desk-${t}`,
        body: '<p>Body</p>',
        author_id: admin,
        status: 'published',
      })
      .select('id, title')
      .single();
    if (error) throw new Error(error.message);
    const reader = await userId('reader');
    const base = Date.now() - 60_000;
    const rows = Array.from({ length: n }, (_, i) => ({
      article_id: article.id,
      user_id: reader,
      content: `Desk comment ${t} #${String(i).padStart(2, '0')}`,
      status: 'pending',
      // Oldest first, so the newest-first list shows #n-1 on top.
      created_at: new Date(base + i * 1000).toISOString(),
    }));
    const inserted = await service.from('comments').insert(rows).select('id');
    if (inserted.error) throw new Error(inserted.error.message);
    return {
      id: article.id as number,
      title: article.title as string,
      t,
      ids: inserted.data.map((r) => r.id as number),
    };
  }
  const statuses = async (ids: number[]) =>
    ((await service.from('comments').select('status').in('id', ids)).data ?? []).map((r) => r.status as string);

  /** Opens the moderation screen filtered to the article (through a comment's own link). */
  async function openFor(page: Page, a: { t: string; title: string }, newest: string) {
    await signIn(page, 'admin');
    await page.goto('/dashboard/comments');
    await item(page, newest).getByRole('button', { name: MODERATION_DESK.onlyArticle }).click();
    await expect(page.getByText(MODERATION_DESK.articleFilter(a.title))).toBeVisible();
  }

  test('tabs count; paging shows the rest; bulk approve of 20 is one request', async ({ page }) => {
    const a = await articleWithPending(21);
    await openFor(page, a, `Desk comment ${a.t} #20`);
    await expect(tab(page, 'pending')).toHaveText(`${MODERATION_DESK.tabs.pending} (21)`);
    await expect(panel(page).locator('li.dash-comment')).toHaveCount(20);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(panel(page).locator('li.dash-comment')).toHaveCount(1);
    await expect(item(page, `Desk comment ${a.t} #00`)).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(panel(page).locator('li.dash-comment')).toHaveCount(20);

    const calls: string[] = [];
    page.on('request', (r) => {
      if (
        r.url().includes('/rest/v1/rpc/moderate_comments') ||
        (r.url().includes('/rest/v1/comments') && r.method() === 'PATCH')
      )
        calls.push(r.url());
    });
    await page.getByLabel(MODERATION_DESK.selectAll).check();
    await expect(page.getByText(MODERATION_DESK.selected(20), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: MODERATION_DESK.approveSelected }).click();
    await expect(page.getByRole('status')).toHaveText(MODERATION_DESK.doneMany(20, MODERATION_DESK.done.approved));
    expect(calls).toHaveLength(1);
    const after = await statuses(a.ids);
    expect(after.filter((s) => s === 'approved')).toHaveLength(20);
    expect(after.filter((s) => s === 'pending')).toHaveLength(1);
    await expect(tab(page, 'pending')).toHaveText(`${MODERATION_DESK.tabs.pending} (1)`);
    await expect(tab(page, 'approved')).toHaveText(`${MODERATION_DESK.tabs.approved} (20)`);
    await expect(panel(page).locator('li.dash-comment')).toHaveCount(1);

    // Bulk delete asks first, naming how many.
    await tab(page, 'approved').click();
    await expect(panel(page).locator('li.dash-comment[data-status="approved"]')).toHaveCount(20);
    await page.getByLabel(MODERATION_DESK.selectAll).check();
    await page.getByRole('button', { name: MODERATION_DESK.deleteSelected }).click();
    const dialog = page.getByRole('dialog', { name: MODERATION.confirmDeleteTitle });
    await expect(dialog).toContainText(MODERATION_DESK.confirmDeleteMany(20));
    await dialog.getByRole('button', { name: MODERATION.delete }).click();
    await expect(tab(page, 'deleted')).toHaveText(`${MODERATION_DESK.tabs.deleted} (20)`);
    expect((await statuses(a.ids)).filter((s) => s === 'deleted')).toHaveLength(20);
  });

  test('keyboard: j and k move, a approves, d denies the focused comment', async ({ page }) => {
    const a = await articleWithPending(4);
    const text = (i: number) => `Desk comment ${a.t} #${String(i).padStart(2, '0')}`;
    await openFor(page, a, text(3));
    await expect(panel(page).locator('li.dash-comment')).toHaveCount(4);
    // Newest first: #03, #02, #01, #00.
    await page.keyboard.press('j');
    await expect(item(page, text(3))).toBeFocused();
    await page.keyboard.press('j');
    await expect(item(page, text(2))).toBeFocused();
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(item(page, text(2))).toBeFocused();
    await page.keyboard.press('a');
    await expect(item(page, text(2))).toHaveCount(0);
    expect(await commentStatus(a.ids[2]!)).toBe('approved');
    // The focus stays in place: now on the next one down.
    await expect(item(page, text(1))).toBeFocused();
    await page.keyboard.press('d');
    await expect(item(page, text(1))).toHaveCount(0);
    expect(await commentStatus(a.ids[1]!)).toBe('hidden');
    await expect(item(page, text(0))).toBeFocused();
    await page.keyboard.press('k');
    await expect(item(page, text(3))).toBeFocused();
    expect(await statuses([a.ids[0]!, a.ids[3]!])).toEqual(['pending', 'pending']);
  });
});

test('Comments Moderation shows a load error, and the empty state', async ({ page }) => {
  await signIn(page, 'admin');
  await page.route('**/rest/v1/rpc/moderation_comments*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
  );
  await page.goto('/dashboard/comments');
  await expect(page.getByRole('alert')).toHaveText('Database unavailable');
  await page.unroute('**/rest/v1/rpc/moderation_comments*');
  await page.route('**/rest/v1/rpc/moderation_comments*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.reload();
  await expect(page.getByText(MODERATION.empty)).toBeVisible();
});

test.describe('Contact Submissions', () => {
  for (const who of ['admin', 'author'] as const) {
    test(`${who}: Mark as Read, then Mark as Replied, and the filters`, async ({ page }) => {
      const name = `E2E Sender ${tag()}`;
      const { data: sub } = await service
        .from('contact_submissions')
        .insert({
          name,
          email: `${tag()}@example.test`,
          message: 'Advertising rates?',
          form_type: 'advertise',
          company: 'Acme',
        })
        .select('id')
        .single();
      await signIn(page, who);
      await page.goto('/dashboard/contact-submissions');
      const row = page.locator('li.dash-comment', { hasText: name });
      await expect(row).toContainText(SUBMISSIONS.statuses.new);
      await expect(row.getByRole('link', { name: SUBMISSIONS.reply })).toHaveAttribute(
        'href',
        /^mailto:.*\?subject=Re%3A%20Your%20advertising%20enquiry$/,
      );

      await page.getByLabel(SUBMISSIONS.typeLabel).selectOption('contact');
      await expect(row).toHaveCount(0);
      await page.getByLabel(SUBMISSIONS.typeLabel).selectOption('advertise');
      await page.getByLabel(SUBMISSIONS.statusLabel).selectOption('new');
      await expect(row).toBeVisible();

      await row.getByRole('button', { name: SUBMISSIONS.markRead }).click();
      // Now 'read': it leaves the 'new' filter.
      await expect(row).toHaveCount(0);
      await page.getByLabel(SUBMISSIONS.statusLabel).selectOption('read');
      await expect(row.getByRole('button', { name: SUBMISSIONS.markRead })).toHaveCount(0);
      await row.getByRole('button', { name: SUBMISSIONS.markReplied }).click();
      await page.getByLabel(SUBMISSIONS.statusLabel).selectOption('replied');
      await expect(row).toContainText(SUBMISSIONS.statuses.replied);
      await expect(row.getByRole('button')).toHaveCount(0);
      const { data } = await service.from('contact_submissions').select('status').eq('id', sub!.id).single();
      expect(data!.status).toBe('replied');
    });
  }

  test('an empty filter says No submissions found', async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/rest/v1/contact_submissions*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/dashboard/contact-submissions');
    await expect(page.getByText(SUBMISSIONS.empty)).toBeVisible();
  });
});

test.describe('Subscribers', () => {
  test('admin: stats, search combined with the filter, and the CSV of the filtered list', async ({ page }) => {
    const t = tag();
    const emails = [`e2e-${t}-one@example.test`, `e2e-${t}-two@example.test`];
    await service.from('newsletter_subscribers').insert(emails.map((email) => ({ email })));
    await signIn(page, 'admin');
    const stat = (label: string) => page.locator(`[data-stat="${label}"] strong`);
    const shown = async (label: string) => Number((await stat(label).textContent())!.replace(/\D/g, ''));
    const count = async (status?: 'active' | 'unsubscribed') => {
      const all = service.from('newsletter_subscribers').select('id', { count: 'exact', head: true });
      return (await (status ? all.eq('status', status) : all)).count!;
    };
    const counted = async () => [await count(), await count('active'), await count('unsubscribed')].join(' ');
    // Other files sign readers up and unsubscribe them alongside.
    await expectScreenCounts(counted, async () => {
      await page.goto('/dashboard/subscribers');
      await expect(stat(SUBSCRIBERS.stats.total)).toHaveText(/^[\d\s]+$/);
      const cards = [SUBSCRIBERS.stats.total, SUBSCRIBERS.stats.active, SUBSCRIBERS.stats.unsubscribed];
      return (await Promise.all(cards.map(shown))).join(' ');
    });
    await expect(page.getByRole('columnheader')).toHaveText([...SUBSCRIBERS.columns]);

    await page.getByLabel(SUBSCRIBERS.searchLabel).fill(`E2E-${t.toUpperCase()}`);
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await expect(page.locator('tbody tr').first()).toContainText(SUBSCRIBERS.source);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: SUBSCRIBERS.exportCsv }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv).toContain(emails[0]);

    await page.getByLabel(SUBSCRIBERS.filterLabel).selectOption('unsubscribed');
    await expect(page.getByText(SUBSCRIBERS.noMatch)).toBeVisible();
  });

  test('admin: 1,005 matches are paged 50 at a time and the CSV still has every one', async ({ page }) => {
    const t = tag();
    const emails = Array.from({ length: 1005 }, (_, i) => `bulk-${t}-${String(i).padStart(4, '0')}@example.test`);
    // Dated an hour back: the site-wide sign-up limit (120 a minute) counts new rows, and 1,005 of
    // them would turn away the readers other files sign up meanwhile.
    const created_at = new Date(Date.now() - 3_600_000).toISOString();
    const { error } = await service
      .from('newsletter_subscribers')
      .insert(emails.map((email) => ({ email, created_at })));
    expect(error).toBeNull();
    await signIn(page, 'admin');
    await page.goto('/dashboard/subscribers');
    await page.getByLabel(SUBSCRIBERS.searchLabel).fill(`bulk-${t}`);
    await expect(page.getByText(LISTS.showing(1, 50, 1005))).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(50);
    await expect(page.locator('tbody tr').first()).toContainText(emails[1004]!);
    await page.getByRole('button', { name: LISTS.next }).click();
    await expect(page.getByText(LISTS.showing(51, 100, 1005))).toBeVisible();
    await expect(page.locator('tbody tr').first()).toContainText(emails[954]!);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: SUBSCRIBERS.exportCsv }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 1005);
    for (const email of [emails[0]!, emails[1004]!]) expect(csv).toContain(email);
    await service.from('newsletter_subscribers').delete().like('email', `bulk-${t}-%`);
  });

  test('author: the list is for admins only', async ({ page }) => {
    await signIn(page, 'author');
    await page.goto('/dashboard/subscribers');
    await expect(page.getByText(SUBSCRIBERS.adminsOnly)).toBeVisible();
    const { data } = await (await signedInApi('author')).from('newsletter_subscribers').select('id').limit(1);
    expect(data).toEqual([]);
  });
});
