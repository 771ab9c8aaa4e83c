/**
 * The dashboard shell, My Articles and the Archive in a real browser against the local stack, as
 * the admin and the author (staff-dashboard.md §2, §4, §8). Sessions are put into localStorage
 * as supabase-js stores them (there is no login page yet).
 */
import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD, WORKLIST } from '../../src/lib/messages/dashboard.ts';
import { ARTICLE_VIEW } from '../../src/lib/messages/dashboard-article-form.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { expectScreenCounts } from './counted-screen.ts';
import { tag as unique } from './reader-session.ts';
import { searchMyArticles } from './worklist.ts';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

test.describe('guard', () => {
  test('a signed-out visitor goes to /login with the return path, replacing history', async ({ page }) => {
    await page.goto('/robots.txt');
    await page.goto('/dashboard/articles/12?tab=seo');
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/articles/12?tab=seo');
    await page.goBack();
    await expect(page).toHaveURL(/\/robots\.txt$/);
  });

  test('a signed-in reader gets the not-allowed screen with a link home', async ({ page }) => {
    await signIn(page, 'reader');
    await page.goto('/dashboard/articles');
    await expect(page.getByRole('heading', { name: DASHBOARD.notAllowed })).toBeVisible();
    await expect(page.getByRole('link', { name: DASHBOARD.backHome })).toHaveAttribute('href', '/');
    await expect(sidebar(page)).toHaveCount(0);
  });
});

test.describe('shell', () => {
  test('admins see the nine links, the current one marked, and a deep link survives a reload', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/articles');
    await expect(sidebar(page).getByRole('link')).toHaveText(DASHBOARD.nav.map((l) => l.label));
    await expect(sidebar(page).getByRole('link', { name: 'My Articles', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Articles' })).toBeVisible();
    await expect(page.getByRole('link', { name: DASHBOARD.visitWebsite })).toHaveAttribute('href', '/');
    await sidebar(page).getByRole('link', { name: 'Archive' }).click();
    await expect(page).toHaveURL(/\/dashboard\/archive$/);
    await expect(page.getByRole('heading', { name: DASHBOARD.archivedTitle })).toBeVisible();
  });

  test('authors see neither Archive nor Subscribers, and /dashboard/archive sends them home', async ({ page }) => {
    await signIn(page, 'author');
    await page.goto('/dashboard');
    // Archive and Subscribers are admins'.
    await expect(sidebar(page).getByRole('link')).toHaveCount(DASHBOARD.nav.length - 2);
    await expect(sidebar(page).getByRole('link', { name: 'Archive' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'Subscribers' })).toHaveCount(0);
    await page.goto('/dashboard/archive');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('at 390 px the sidebar folds behind Menu and works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'author');
    await page.goto('/dashboard');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(sidebar(page)).toBeHidden();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Logout, then the menu's links (on a phone Visit Website sits at the menu's foot instead).
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(sidebar(page).getByRole('link', { name: 'My Articles' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/articles$/);
    await expect(sidebar(page)).toBeHidden();
  });

  test('Logout signs out and goes to /login', async ({ page }) => {
    await signIn(page, 'author');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: DASHBOARD.logout }).click();
    await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')))).toEqual([]);
  });
});

test.describe('My Articles', () => {
  test('authors see every article of the newsroom; the search counts in the database', async ({ page }) => {
    const author = await signedInApi('author');
    const tag = `zq${Date.now().toString(36)}`;
    const created = await author.rpc('save_article', {
      p_id: null,
      p_article: {
        title: `Tidal energy pilot ${tag}`,
        body: '<p>Body</p>',
        hero_image_url: '/x.webp',
        status: 'draft',
      },
      p_category_ids: [],
    });
    expect(created.error).toBeNull();
    // Every non-archived article, colleagues' too: the same number an admin counts.
    const admin = await signedInApi('admin');
    const all = async () =>
      (await admin.from('articles_meta').select('id', { count: 'exact', head: true }).is('archived_at', null)).count!;

    await signIn(page, 'author');
    const count = page.locator('.dash-count');
    // Other files add and delete articles alongside.
    await expectScreenCounts(
      async () => `Showing all ${await all()} articles`,
      async () => {
        await page.goto('/dashboard/articles');
        await expect(count).toHaveText(/^Showing all \d+ articles$/);
        return (await count.textContent())!;
      },
    );
    await page.getByLabel(WORKLIST.searchLabel).fill(tag.toUpperCase());
    await expect(count).toHaveText(/^Showing 1 of \d+ articles$/);
    const row = page.locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('.dash-status')).toHaveText('draft');
    await row.getByRole('button', { name: WORKLIST.moreActions(`Tidal energy pilot ${tag}`) }).click();
    await expect(page.getByRole('menuitem', { name: DASHBOARD.preview })).toHaveAttribute(
      'href',
      /^\/preview\/tidal-energy-pilot-/,
    );
    await page.keyboard.press('Escape');
    await page.getByLabel(WORKLIST.searchLabel).fill('zzz-no-such-article');
    await expect(page.getByText(DASHBOARD.noArticlesMatching('zzz-no-such-article'))).toBeVisible();
    await page.getByRole('button', { name: DASHBOARD.clearSearch }).click();
    await expect(count).toHaveText(/^Showing all \d+ articles$/);
  });

  test("an author gets View alone on a colleague's article, and the edit URL shows it read-only", async ({ page }) => {
    const admin = await signedInApi('admin');
    const tag = `zc${Date.now().toString(36)}`;
    const title = `Colleague draft ${tag}`;
    const saved = await admin.rpc('save_article', {
      p_id: null,
      p_article: { title, body: `<p>Only ${tag} reads this.</p>`, hero_image_url: '/x.webp', status: 'draft' },
      p_category_ids: [],
    });
    expect(saved.error).toBeNull();
    const id = (saved.data as { article_id: number }[])[0]!.article_id;
    await signIn(page, 'author');
    await page.goto('/dashboard/articles');
    await searchMyArticles(page, tag);
    const row = page.locator(`tbody tr[data-article-id="${id}"]`);
    await expect(row.getByRole('link', { name: DASHBOARD.view })).toHaveAttribute('href', `/dashboard/articles/${id}`);
    await expect(row.getByRole('link', { name: DASHBOARD.edit })).toHaveCount(0);
    // No menu: Set as Main and Archive would be refused by the database.
    await expect(row.getByRole('button', { name: WORKLIST.moreActions(title) })).toHaveCount(0);
    await row.getByRole('link', { name: DASHBOARD.view }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/articles/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Only its author or an admin can edit it');
    await expect(page.getByText(`Only ${tag} reads this.`)).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /save|publish|update/i })).toHaveCount(0);
    await expect(page.getByRole('link', { name: ARTICLE_VIEW.backToArticles })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('note')).toBeVisible();
  });

  test('filters, sortable headers with aria-sort, and paging through every match', async ({ page }) => {
    const admin = await signedInApi('admin');
    const me = (await admin.auth.getUser()).data.user!.id;
    const tag = `zs${Date.now().toString(36)}`;
    const { error } = await admin.from('articles_meta').insert(
      Array.from({ length: 22 }, (_, i) => ({
        title: `Worklist ${tag} ${String.fromCharCode(97 + i)}`,
        slug: `worklist-${tag}-${i}`,
        body: '<p>Body</p>',
        author_id: me,
        status: i < 2 ? 'draft' : 'published',
        // Scheduled far ahead: published in the list's sense, never on the site, so the other
        // files' reads of the newest articles (feeds, search, trending) do not meet these rows.
        published_at: i < 2 ? null : '2099-01-01T06:00:00Z',
      })),
    );
    expect(error).toBeNull();
    await signIn(page, 'admin');
    await page.goto('/dashboard/articles');
    await page.getByLabel(WORKLIST.searchLabel).fill(tag);
    const count = page.locator('.dash-count');
    await expect(count).toHaveText(/^Showing 22 of \d+ articles$/);
    await expect(page.locator('tbody tr')).toHaveCount(20);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();

    const titleHeader = page.getByRole('columnheader', { name: WORKLIST.columns.title });
    await expect(titleHeader).not.toHaveAttribute('aria-sort');
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('tbody tr').first()).toContainText(`Worklist ${tag} a`);
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page.locator('tbody tr').first()).toContainText(`Worklist ${tag} v`);

    await page.getByLabel(WORKLIST.statusLabel).selectOption('draft');
    await expect(count).toHaveText(/^Showing 2 of \d+ articles$/);
    await page.getByLabel(WORKLIST.authorLabel).selectOption({ index: 1 });
    await page.getByRole('button', { name: WORKLIST.clearFilters }).first().click();
    await expect(count).toHaveText(/^Showing 22 of \d+ articles$/);
    // The 22 rows would otherwise sit at the top of every later file's list (drafts come first).
    expect((await admin.from('articles_meta').delete().like('slug', `worklist-${tag}-%`)).error).toBeNull();
  });

  test('the row menu works by keyboard: Enter opens, arrows move, Escape closes', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/articles');
    const more = page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^More actions for/ });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const items = page.getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(more).toBeFocused();
    await page.keyboard.press('Space');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
  });

  test('the author picker is dimmed for authors; for admins Save waits for a different choice', async ({ page }) => {
    await signIn(page, 'author');
    await page.goto('/dashboard/articles');
    await expect(page.locator('.dash-author').first()).toBeDisabled();
    await signIn(page, 'admin');
    await page.goto('/dashboard/articles');
    // The oldest row of the first page: a seeded story, which the specs running alongside (which
    // create, edit and archive their own new articles) leave alone while the dialog is open.
    const row = page.locator('tbody tr').last();
    const current = (await row.locator('.dash-author').textContent())!;
    await row.locator('.dash-author').click();
    const dialog = page.getByRole('dialog', { name: DASHBOARD.selectAuthor });
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole('button', { name: DASHBOARD.save });
    await expect(save).toBeDisabled();
    // The staff list loads after the dialog opens: wait for someone other than the current author.
    await expect.poll(() => dialog.locator('option').count()).toBeGreaterThan(2);
    const options = await dialog.locator('option').allTextContents();
    expect(options.slice(1).every((name) => name.trim() !== '')).toBe(true);
    const other = options.slice(1).find((name) => name !== current)!;
    await dialog.getByRole('combobox').selectOption({ label: other });
    await expect(save).toBeEnabled();
    await dialog.getByRole('combobox').selectOption({ label: current });
    await expect(save).toBeDisabled();
    await dialog.getByRole('button', { name: DASHBOARD.cancel }).click();
    await expect(dialog).toBeHidden();
  });

  test('admin sets the main article: one main afterwards, and the message', async ({ page }) => {
    const admin = await signedInApi('admin');
    const before = (await admin.from('articles_meta').select('id').eq('is_main', true)).data!;
    // A live article that is not the main one offers Set as Main in its menu. Found by its title
    // through the list's search: other files add drafts, which come first in the list.
    const { data: live, error } = await admin
      .from('articles_meta')
      .select('id, title')
      .eq('status', 'published')
      .eq('is_main', false)
      .is('archived_at', null)
      .lt('published_at', new Date().toISOString())
      .order('published_at', { ascending: false })
      .limit(1)
      .single();
    expect(error).toBeNull();
    await signIn(page, 'admin');
    await page.goto('/dashboard/articles');
    await searchMyArticles(page, live!.title);
    const row = page.locator(`tbody tr[data-article-id="${live!.id}"]`);
    const id = live!.id;
    await row.getByRole('button', { name: WORKLIST.moreActions(live!.title) }).click();
    await page.getByRole('menuitem', { name: DASHBOARD.setAsMain }).click();
    await expect(page.getByText(DASHBOARD.mainArticleUpdated)).toBeVisible();
    expect((await admin.from('articles_meta').select('id').eq('is_main', true)).data).toEqual([{ id }]);
    if (before[0]) await admin.rpc('set_main_article', { p_article_id: before[0].id });
  });

  test('archive from the list, then restore from the Archive (admin)', async ({ page }) => {
    await signIn(page, 'admin');
    // A draft of its own: archiving whatever row comes second could take another file's article.
    const admin = await signedInApi('admin');
    const title = `Archive me ${unique()}`;
    const saved = await admin.rpc('save_article', {
      p_id: null,
      p_article: { title, body: '<p>To be archived.</p>', hero_image_url: '/x.webp', status: 'draft' },
      p_category_ids: [],
    });
    expect(saved.error).toBeNull();
    const id = (saved.data as { article_id: number }[])[0]!.article_id;
    await page.goto('/dashboard/articles');
    await searchMyArticles(page, title);
    const row = page.locator(`tbody tr[data-article-id="${id}"]`);
    await row.getByRole('button', { name: WORKLIST.moreActions(title) }).click();
    await page.getByRole('menuitem', { name: DASHBOARD.archive }).click();
    const dialog = page.getByRole('dialog', { name: DASHBOARD.archiveTitle });
    await dialog.getByRole('button', { name: DASHBOARD.archive }).click();
    await expect(page.locator(`tbody tr[data-article-id="${id}"]`)).toHaveCount(0);
    const stored = (await admin.from('articles_meta').select('archived_at, archived_by').eq('id', id).single()).data!;
    expect(stored.archived_at).not.toBeNull();
    expect(stored.archived_by).toBe((await admin.auth.getUser()).data.user!.id);

    await sidebar(page).getByRole('link', { name: 'Archive' }).click();
    const archived = page.locator(`.dash-archive li[data-article-id="${id}"]`);
    await expect(archived.locator('time')).toHaveText('1 minute ago');
    await archived.getByRole('button', { name: DASHBOARD.restore }).click();
    await expect(archived).toHaveCount(0);
    expect((await admin.from('articles_meta').select('archived_at').eq('id', id).single()).data).toEqual({
      archived_at: null,
    });
  });
});
