/**
 * The catalogue messages of reader-site.md §8 and staff-dashboard.md §8 that no other spec
 * reached (issue 13; the table in docs/security.md names the test for every message). Each test
 * makes the product show the message the way a reader or editor would meet it: a file the
 * local Storage refuses, a broken image, an id that does not exist, or — where only a failing
 * server produces it — the one request answered with a failure (page.route), as the other specs do.
 */
import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD, EVENTS, SUBMISSIONS, SUBSCRIBERS, WORKLIST } from '../../src/lib/messages/dashboard.ts';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { PROFILE } from '../../src/lib/messages/profile.ts';
import { AUTH } from '../../src/lib/messages/auth.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { avatarWebp } from '../../scripts/seed/images.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { freshUser, mailLink, service, storeSession, userMenuReady } from './reader-auth-helpers.ts';
import { E2E } from './env.ts';
import { islandsHydrated, publishedArticles, tag } from './reader-session.ts';
import { searchMyArticles } from './worklist.ts';
import { expectStatusShown, logStatuses } from './status-log.ts';

// The article-form tests load TinyMCE: on a busy machine that outgrows the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** A failure answer with no message, as a server that broke mid-request sends. */
const fail500 = { status: 500, contentType: 'application/json', body: '{}' };
/** Starts with `prefix` and has a reason after it ('Upload failed: {reason}'). */
const withReason = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S.*`);
/** Not a PNG, whatever it says: the local Storage checks the first bytes (docs/security.md). */
const notAnImage = Buffer.from('<html><body>not an image</body></html>');

async function openNewArticle(page: Page) {
  await signIn(page, 'admin');
  await page.goto('/dashboard/articles/new');
  await expect(page.frameLocator('#dash-body_ifr').locator('body')).toBeVisible({ timeout: 20_000 });
}

test.describe('reader site (reader-site.md §8)', () => {
  test("a search the server cannot answer says 'Failed to load articles.'", async ({ page }) => {
    await page.route('**/rest/v1/rpc/search_articles**', (route) => route.fulfill(fail500));
    await page.goto('/search?q=energy');
    await expect(page.getByText(MESSAGES.articlesFailed)).toBeVisible();
    await expect(page.getByText(MESSAGES.noSearchResults)).toHaveCount(0);
  });

  test("a preview whose article cannot be read says 'Failed to load article.'", async ({ page }) => {
    const [article] = await publishedArticles();
    await signIn(page, 'admin');
    await page.route('**/rest/v1/articles_meta*', (route) => route.fulfill(fail500));
    await page.goto(`/preview/${article!.slug}`);
    await expect(page.getByText(MESSAGES.articleFailed)).toBeVisible();
    await expect(page.getByRole('link', { name: LABELS.backToArticles })).toBeVisible();
  });

  test("a bookmark the service refuses without a message says 'Failed to update bookmark'", async ({ page }) => {
    const [article] = await publishedArticles();
    const user = await freshUser();
    await logStatuses(page);
    await storeSession(page, user.email, user.password);
    await page.route('**/rest/v1/bookmarks*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000"}' })
        : route.continue(),
    );
    await page.goto(article!.path);
    await islandsHydrated(page, 'astro-island[component-url*="BookmarkToggle"]');
    await page.getByRole('button', { name: LABELS.addBookmark }).click();
    await expectStatusShown(page, MESSAGES.bookmarkUpdateFailed);
    await expect(page.getByRole('button', { name: LABELS.addBookmark })).toHaveAttribute('aria-pressed', 'false');
    const { data } = await service.from('bookmarks').select('id').eq('user_id', user.id);
    expect(data).toEqual([]);
  });
});

// The one profile editor (src/shared/profile/ProfileEditor.tsx), on the reader side and in the dashboard.
for (const where of ['/profile', '/dashboard/profile'] as const) {
  test(`${where}: an avatar the storage refuses says 'Upload failed: {reason}' and keeps the old avatar`, async ({
    page,
  }) => {
    const user = await freshUser('author');
    await storeSession(page, user.email, user.password);
    await page.goto(where);
    await expect(page.getByLabel(PROFILE.displayName)).toBeVisible();
    if (where === '/profile') await userMenuReady(page);
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: notAnImage });
    await expect(page.getByRole('alert')).toHaveText(withReason(MESSAGES.uploadFailed('')));
    const { data } = await service.from('profiles').select('avatar_url').eq('id', user.id).single();
    expect(data!.avatar_url ?? '').not.toMatch(/avatars\//);
  });
}

test("a password reset the server refuses without a message says 'An unexpected error occurred. Please try again.'", async ({
  page,
}) => {
  const user = await freshUser();
  await page.goto('/forgot-password');
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: AUTH.sendResetLink }).click();
  await expect(page.getByRole('status').filter({ hasText: AUTH.resetSent(user.email) })).toBeVisible();
  await page.goto(await mailLink(user.email, 'recovery'));
  await page.waitForURL((url) => url.origin === E2E.siteUrl && url.pathname === '/reset-password');
  const newPassword = page.getByLabel(AUTH.newPassword, { exact: true });
  await expect(newPassword).toBeVisible();
  // The spec: 'the server's message, else …' — this answer carries an empty one.
  await page.route('**/auth/v1/user*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"msg":""}' })
      : route.continue(),
  );
  await newPassword.fill('brand-new-pass-7');
  await page.getByLabel(AUTH.confirmNewPassword).fill('brand-new-pass-7');
  await page.getByRole('button', { name: AUTH.resetPassword }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.unexpectedError);
  await expect(page.getByRole('button', { name: AUTH.resetPassword })).toBeEnabled();
});

test.describe('article form (staff-dashboard.md §5, §8)', () => {
  test("categories that cannot be loaded say 'Failed to load categories.'", async ({ page }) => {
    await page.route('**/rest/v1/categories*', (route) => route.fulfill(fail500));
    await openNewArticle(page);
    await expect(page.getByText(ARTICLE_FORM.categoriesFailed)).toBeVisible();
  });

  test("an image the storage refuses says 'Image upload failed: {reason}'", async ({ page }) => {
    await openNewArticle(page);
    await page
      .getByLabel('Featured image', { exact: true })
      .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: notAnImage });
    await expect(page.getByRole('alert')).toHaveText(withReason(ARTICLE_FORM.imageUploadFailed('')));
    await expect(page.getByAltText('Featured image preview')).toHaveCount(0);
  });

  test('an uploaded image the browser cannot show gets the preview message', async ({ page }) => {
    await openNewArticle(page);
    // A PNG signature (so the storage keeps it) followed by nothing a browser can decode.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), notAnImage]);
    await page
      .getByLabel('Featured image', { exact: true })
      .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: broken });
    await expect(page.getByRole('alert')).toHaveText(ARTICLE_FORM.imagePreviewFailed);
  });

  test("a PDF the storage refuses says 'PDF upload failed: {reason}'", async ({ page }) => {
    await openNewArticle(page);
    await page.getByLabel('This is a report (PDF)').check();
    await page
      .getByLabel('Report PDF')
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: notAnImage });
    await expect(page.getByRole('alert')).toHaveText(withReason(ARTICLE_FORM.pdfUploadFailed('')));
    await expect(page.getByRole('link', { name: 'Uploaded PDF' })).toHaveCount(0);
  });

  test("a save the server fails without a message says 'Something went wrong.' and keeps the form", async ({
    page,
  }) => {
    const title = `Unsaved by a failing server ${tag()}`;
    await openNewArticle(page);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Featured image', { exact: true }).setInputFiles({
      name: 'hero.webp',
      mimeType: 'image/webp',
      buffer: await avatarWebp('E2E', 64),
    });
    await expect(page.getByAltText('Featured image preview')).toBeVisible();
    await page.frameLocator('#dash-body_ifr').locator('body').click();
    await page.keyboard.type('Wind farms on the West Coast.');
    await page.route('**/rest/v1/rpc/save_article*', (route) => route.fulfill(fail500));
    await page.getByRole('button', { name: 'Save Article' }).click();
    await expect(page.getByText(ARTICLE_FORM.somethingWentWrong, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    const admin = await signedInApi('admin');
    expect((await admin.from('articles_meta').select('id').eq('title', title)).data).toEqual([]);
  });

  test("a save the database refuses shows the form's words, not the database's, and keeps the form", async ({
    page,
  }) => {
    const title = `Refused by the database ${tag()}`;
    await openNewArticle(page);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Featured image', { exact: true }).setInputFiles({
      name: 'hero.webp',
      mimeType: 'image/webp',
      buffer: await avatarWebp('E2E', 64),
    });
    await expect(page.getByAltText('Featured image preview')).toBeVisible();
    await page.frameLocator('#dash-body_ifr').locator('body').click();
    await page.keyboard.type('Wind farms on the West Coast.');
    // What save_article answers for a body it finds empty (a rule the form checks first).
    const raw = "The article breaks the form's rule article_body_required.";
    const refusal = { code: '23514', message: raw, details: null, hint: 'article_body_required' };
    await page.route('**/rest/v1/rpc/save_article*', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify(refusal) }),
    );
    await page.getByRole('button', { name: 'Save Article' }).click();
    await expect(page.getByText(ARTICLE_FORM.bodyRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(raw)).toHaveCount(0);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  });

  test("editing an id that does not exist says 'Article not found.'", async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/articles/987654321');
    await expect(page.getByText(ARTICLE_FORM.articleNotFound)).toBeVisible();
  });
});

test.describe('My Articles and the Archive (staff-dashboard.md §8)', () => {
  test("a newsroom with no articles yet shows 'No articles found.'", async ({ page }) => {
    // Staff see every non-archived article, so only an empty newsroom is empty: its answer.
    const author = await freshUser('author');
    await storeSession(page, author.email, author.password);
    await page.route('**/rest/v1/rpc/dashboard_articles*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.goto('/dashboard/articles');
    await expect(page.getByText(DASHBOARD.noArticles, { exact: true })).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(0);
  });

  test("an archive the server fails says 'Archive failed.' and the article stays", async ({ page }) => {
    // A fresh author with one draft of their own, found by its title.
    const author = await freshUser('author');
    const title = `Kept by a failing archive ${tag()}`;
    const { data: own, error } = await service
      .from('articles_meta')
      .insert({
        title,
        slug: `kept-by-a-failing-archive-${tag()}`,
        body: '<p>Body</p>',
        excerpt: 'Excerpt',
        status: 'draft',
        author_id: author.id,
      })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    await storeSession(page, author.email, author.password);
    await page.route('**/rest/v1/articles_meta*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(fail500) : route.continue(),
    );
    await page.goto('/dashboard/articles');
    await searchMyArticles(page, title);
    const row = page.locator(`tbody tr[data-article-id="${own.id}"]`);
    await row.getByRole('button', { name: WORKLIST.moreActions(title) }).click();
    await page.getByRole('menuitem', { name: DASHBOARD.archive }).click();
    await page
      .getByRole('dialog', { name: DASHBOARD.archiveTitle })
      .getByRole('button', { name: DASHBOARD.archive })
      .click();
    await expect(page.getByText(DASHBOARD.archiveFailed)).toBeVisible();
    await expect(row).toHaveCount(1);
    const stored = await service.from('articles_meta').select('archived_at').eq('id', own.id).single();
    expect(stored.data).toEqual({ archived_at: null });
  });

  test("a restore the server fails says 'Restore failed.' and the article stays archived", async ({ page }) => {
    const author = (await (await signedInApi('author')).auth.getUser()).data.user!.id;
    const { data: own, error } = await service
      .from('articles_meta')
      .insert({
        title: `Archived for a failing restore ${tag()}`,
        slug: `archived-failing-restore-${tag()}`,
        body: '<p>Body</p>',
        excerpt: 'Excerpt',
        status: 'draft',
        author_id: author,
        archived_at: new Date().toISOString(),
      })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    await signIn(page, 'admin');
    await page.route('**/rest/v1/articles_meta*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(fail500) : route.continue(),
    );
    await page.goto('/dashboard/archive');
    const item = page.locator(`.dash-archive li[data-article-id="${own.id}"]`);
    await item.getByRole('button', { name: DASHBOARD.restore }).click();
    await expect(page.getByRole('alert')).toHaveText(DASHBOARD.restoreFailed);
    await expect(item).toHaveCount(1);
    const stored = await service.from('articles_meta').select('archived_at').eq('id', own.id).single();
    expect(stored.data!.archived_at).not.toBeNull();
  });
});

test.describe('moderation, events, enquiries, subscribers (staff-dashboard.md §8)', () => {
  test("a comment by someone without a display name shows 'Unknown User'", async ({ page }) => {
    const [article] = await publishedArticles();
    const commenter = await freshUser();
    await service.from('profiles').update({ display_name: null }).eq('id', commenter.id);
    const content = `Nameless comment ${tag()}`;
    const { error } = await service
      .from('comments')
      .insert({ article_id: article!.id, user_id: commenter.id, content, status: 'pending' });
    if (error) throw new Error(error.message);
    await signIn(page, 'admin');
    await page.goto('/dashboard/comments');
    const item = page.locator('li.dash-comment', { hasText: content });
    await expect(item.locator('strong').first()).toHaveText(LABELS.unknownUser);
    await expect(item.getByRole('link', { name: article!.title })).toBeVisible();
  });

  test("a new event the server fails says 'Failed to create event.'", async ({ page }) => {
    const title = `Unsaved event ${tag()}`;
    await signIn(page, 'admin');
    await page.route('**/rest/v1/events*', (route) =>
      route.request().method() === 'POST' ? route.fulfill(fail500) : route.continue(),
    );
    await page.goto('/dashboard/events');
    await page.getByRole('button', { name: EVENTS.newEvent }).click();
    const form = page.getByRole('form', { name: EVENTS.newEvent });
    await form.getByLabel(EVENTS.fields.title).fill(title);
    await form.getByLabel(EVENTS.fields.date).fill('2031-05-06T09:30');
    await form.getByLabel(EVENTS.fields.location).fill('Gqeberha');
    await form.getByRole('button', { name: EVENTS.create }).click();
    await expect(page.getByText(EVENTS.createFailed)).toBeVisible();
    expect((await service.from('events').select('id').eq('title', title)).data).toEqual([]);
  });

  test("an event edit the server fails says 'Failed to update event.'", async ({ page }) => {
    const title = `Event kept ${tag()}`;
    const { error } = await service
      .from('events')
      .insert({ title, event_date: '2031-06-07T08:00:00Z', location: 'Polokwane' });
    if (error) throw new Error(error.message);
    await signIn(page, 'admin');
    await page.route('**/rest/v1/events*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(fail500) : route.continue(),
    );
    await page.goto('/dashboard/events');
    await page.locator('li.dash-comment', { hasText: title }).getByRole('button', { name: EVENTS.edit }).click();
    const form = page.getByRole('form', { name: EVENTS.editEvent });
    await form.getByLabel(EVENTS.fields.location).fill('Mbombela');
    await form.getByRole('button', { name: EVENTS.update }).click();
    await expect(page.getByText(EVENTS.updateFailed)).toBeVisible();
    expect((await service.from('events').select('location').eq('title', title).single()).data).toEqual({
      location: 'Polokwane',
    });
  });

  test("enquiries that cannot be loaded say 'Error: {message}'", async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/rest/v1/contact_submissions*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
    );
    await page.goto('/dashboard/contact-submissions');
    await expect(page.getByRole('alert')).toHaveText(SUBMISSIONS.error('Database unavailable'));
  });

  test("subscribers that cannot be loaded say 'Error: Failed to load subscribers'", async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/rest/v1/newsletter_subscribers*', (route) => route.fulfill(fail500));
    await page.goto('/dashboard/subscribers');
    await expect(page.getByRole('alert')).toHaveText(SUBSCRIBERS.error(SUBSCRIBERS.fallbackError));
  });

  test("no subscribers at all says 'No subscribers found'", async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/rest/v1/newsletter_subscribers*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'content-range': '*/0' }, body: '[]' }),
    );
    await page.goto('/dashboard/subscribers');
    await expect(page.getByText(SUBSCRIBERS.empty, { exact: true })).toBeVisible();
    await expect(page.getByText(SUBSCRIBERS.noMatch)).toHaveCount(0);
  });
});
