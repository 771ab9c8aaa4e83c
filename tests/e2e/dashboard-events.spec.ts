/**
 * Manage Events in a real browser as the admin and the author (staff-dashboard.md §2, §4, §5,
 * §8): the validation message, create, edit with an image uploaded to event-images, archive and
 * unarchive, judged by the row in the database.
 */
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../supabase/local/config.ts';
import { EVENTS } from '../../src/lib/messages/dashboard.ts';
import { signIn } from './dashboard-session.ts';
import { E2E } from './env.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

const service = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const eventRow = async (title: string) =>
  (await service.from('events').select('*').eq('title', title).maybeSingle()).data as {
    id: number;
    location: string;
    image_url: string | null;
    archived_at: string | null;
    event_date: string;
  } | null;

for (const who of ['admin', 'author'] as const) {
  test(`${who}: required fields, create, edit with an image, archive and unarchive`, async ({ page }) => {
    const title = `E2E Summit ${who} ${Date.now().toString(36)}`;
    await logStatuses(page);
    await signIn(page, who);
    await page.goto('/dashboard/events');
    await page.getByRole('button', { name: EVENTS.newEvent }).click();
    const form = page.getByRole('form', { name: EVENTS.newEvent });
    await form.getByLabel(EVENTS.fields.title).fill(title);
    await form.getByRole('button', { name: EVENTS.create }).click();
    await expect(form.getByRole('alert')).toHaveText(EVENTS.required);

    await form.getByLabel(EVENTS.fields.date).fill('2031-03-04T09:30');
    await form.getByLabel(EVENTS.fields.location).fill('Durban');
    // The toast's 2500 ms (staff-dashboard.md §9) on the page's clock, which stands still from here
    // until the test moves it: a busy machine cannot stretch or shorten it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await form.getByRole('button', { name: EVENTS.create }).click();
    await expectStatusShown(page, EVENTS.created);
    await page.clock.runFor(2400);
    await expect(page.getByRole('status')).toHaveText(EVENTS.created);
    await page.clock.runFor(200);
    await expect(page.getByRole('status')).toHaveCount(0);
    await page.clock.resume();
    const created = await eventRow(title);
    expect(created).toMatchObject({ location: 'Durban', archived_at: null });
    expect(created!.event_date).toBe('2031-03-04T07:30:00+00:00');

    const item = page.locator('li.dash-comment', { hasText: title });
    await item.getByRole('button', { name: EVENTS.edit }).click();
    const edit = page.getByRole('form', { name: EVENTS.editEvent });
    await expect(edit.getByLabel(EVENTS.fields.location)).toHaveValue('Durban');
    await edit.getByLabel(EVENTS.fields.location).fill('Cape Town');
    await edit.getByLabel(EVENTS.fields.image).setInputFiles({ name: 'venue.png', mimeType: 'image/png', buffer: PNG });
    await expect(edit.locator('img')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/event-images\//);
    await edit.getByRole('button', { name: EVENTS.update }).click();
    await expectStatusShown(page, EVENTS.updated);
    const edited = await eventRow(title);
    expect(edited!.location).toBe('Cape Town');
    expect(edited!.image_url).toMatch(/\/event-images\/.+\.png$/);
    expect((await fetch(edited!.image_url!)).status).toBe(200);

    await item.getByRole('button', { name: EVENTS.archive }).click();
    await expect(item).toContainText(EVENTS.archived);
    // The list moves the event at once; the database has it when the request ends: poll for it.
    await expect.poll(async () => (await eventRow(title))!.archived_at).not.toBeNull();
    await item.getByRole('button', { name: EVENTS.unarchive }).click();
    await expect(item.getByRole('button', { name: EVENTS.archive })).toBeVisible();
    await expect.poll(async () => (await eventRow(title))!.archived_at).toBeNull();
  });
}

test('a failed load shows the spec message', async ({ page }) => {
  await signIn(page, 'admin');
  await page.route('**/rest/v1/events*', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/dashboard/events');
  await expect(page.getByText(EVENTS.loadFailed)).toBeVisible();
});
