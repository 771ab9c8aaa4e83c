/**
 * The dashboard's long lists in a real browser (issue 28: no list stops silently): a list longer
 * than a page says how much there is, and the next page, reached by keyboard, shows the rest. Also
 * the same issue's two form points: 'Last edited by' names the editor, and an event link typed as
 * www.example.org is saved as https://www.example.org.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { DASHBOARD, EVENTS, LISTS } from '../../src/lib/messages/dashboard.ts';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { E2E } from './env.ts';
import { tag } from './reader-session.ts';
import { axe } from './axe.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

const service = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});

test('Archive: 53 matches show 50, and Next (by keyboard) shows the other 3', async ({ page }) => {
  const t = tag();
  const { data: author } = await service.from('profiles').select('id').eq('email', 'author@demo.test').single();
  const rows = Array.from({ length: 53 }, (_, i) => ({
    title: `Pager archive ${t} ${String(i).padStart(2, '0')}`,
    slug: `pager-archive-${t}-${i}`,
    body: '<p>Archived.</p>',
    author_id: author!.id,
    status: 'published',
    archived_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  }));
  expect((await service.from('articles_meta').insert(rows)).error).toBeNull();

  await signIn(page, 'admin');
  await page.goto('/dashboard/archive');
  await page.getByLabel(DASHBOARD.searchArchived).fill(`Pager archive ${t}`);
  const items = page.locator('.dash-archive li');
  await expect(page.getByText(LISTS.showing(1, 50, 53))).toBeVisible();
  await expect(items).toHaveCount(50);
  // Newest archive first: the 53rd row leads the first page.
  await expect(items.first()).toContainText(`${t} 52`);
  await expect(page.getByText(LISTS.pageOf(1, 2))).toBeVisible();

  const pager = page.getByRole('navigation', { name: LISTS.pagerLabel(DASHBOARD.archivedTitle) });
  await pager.getByRole('button', { name: LISTS.next }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(LISTS.showing(51, 53, 53))).toBeVisible();
  await expect(items).toHaveCount(3);
  await expect(items).toContainText([`${t} 02`, `${t} 01`, `${t} 00`]);
  // The last page's Next is unavailable but keeps the focus; Previous goes back.
  await expect(pager.getByRole('button', { name: LISTS.next })).toBeFocused();
  await expect(pager.getByRole('button', { name: LISTS.next })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText(LISTS.showing(1, 50, 53))).toBeVisible();

  const results = await axe(page).include('main').analyze();
  expect(results.violations).toEqual([]);
  await service.from('articles_meta').delete().like('slug', `pager-archive-${t}-%`);
});

test('Contact Submissions: a list longer than a page says so and pages on', async ({ page }) => {
  const t = tag();
  const rows = Array.from({ length: 51 }, (_, i) => ({
    name: `Pager ${t}`,
    email: `pager-${t}-${i}@example.test`,
    message: `Enquiry ${i}`,
    form_type: 'contact',
  }));
  expect((await service.from('contact_submissions').insert(rows)).error).toBeNull();
  await signIn(page, 'admin');
  await page.goto('/dashboard/contact-submissions');
  await expect(page.getByText(/^Showing 1–50 of /)).toBeVisible();
  await expect(page.locator('li.dash-comment')).toHaveCount(50);
  await page.getByRole('button', { name: LISTS.next }).click();
  await expect(page.getByText(/^Showing 51–/)).toBeVisible();
  await expect(page.locator('li.dash-comment').first()).toBeVisible();
});

test("'Last edited by' names the editor", async ({ page }) => {
  const t = tag();
  const admin = await signedInApi('admin');
  const { data: me } = await service
    .from('profiles')
    .select('id, display_name')
    .eq('email', 'admin@demo.test')
    .single();
  const { data: created } = await service
    .from('articles_meta')
    .insert({ title: `Edited by name ${t}`, slug: `edited-by-name-${t}`, body: '<p>x</p>', author_id: me!.id })
    .select('id')
    .single();
  // An edit by the admin stamps them as the last editor (the database's trigger).
  expect(
    (
      await admin
        .from('articles_meta')
        .update({ title: `Edited by name ${t}!` })
        .eq('id', created!.id)
    ).error,
  ).toBeNull();
  await signIn(page, 'admin');
  await page.goto(`/dashboard/articles/${created!.id}`);
  const name = me!.display_name as string;
  await expect(page.getByText(ARTICLE_FORM.lastEdited(name, ''))).toBeVisible();
  await expect(page.getByText(me!.id.slice(0, 8))).toHaveCount(0);
});

test('an event link typed as www.example.org is saved as https://www.example.org', async ({ page }) => {
  const title = `E2E Link ${tag()}`;
  await logStatuses(page);
  await signIn(page, 'admin');
  await page.goto('/dashboard/events');
  await page.getByRole('button', { name: EVENTS.newEvent }).click();
  const form = page.getByRole('form', { name: EVENTS.newEvent });
  await form.getByLabel(EVENTS.fields.title).fill(title);
  await form.getByLabel(EVENTS.fields.date).fill('2031-05-06T10:00');
  await form.getByLabel(EVENTS.fields.location).fill('Durban');
  await form.getByLabel(EVENTS.fields.link).fill('not a link');
  await form.getByRole('button', { name: EVENTS.create }).click();
  await expect(form.getByRole('alert')).toContainText('https://www.example.org');
  await form.getByLabel(EVENTS.fields.link).fill('www.example.org');
  await form.getByRole('button', { name: EVENTS.create }).click();
  await expectStatusShown(page, EVENTS.created);
  const { data } = await service.from('events').select('link').eq('title', title).single();
  expect(data!.link).toBe('https://www.example.org');
});
