/**
 * Two people, one article (issue 18), with two browser contexts: the admin and the article's
 * author each see the other, their saves merge field by field, a real collision is resolved in
 * the dialog, and a form left open past token expiry still saves.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { signIn, signedInApi } from './dashboard-session.ts';
import { tag } from './reader-session.ts';
import { searchMyArticles } from './worklist.ts';

test.describe.configure({ timeout: 120_000 });

const ADMIN = 'Naledi Mahlangu';
const AUTHOR = 'Sipho Ndlovu';

async function createAsAuthor(title: string): Promise<number> {
  const author = await signedInApi('author');
  const { data, error } = await author.rpc('save_article', {
    p_id: null,
    p_article: {
      title,
      body: '<p>Wind farms in the Cape.</p>',
      excerpt: 'Wind in the Cape',
      hero_image_url: '/sidebar1.jpg',
      status: 'draft',
    },
    p_category_ids: [],
  });
  if (error) throw new Error(error.message);
  return (data as { article_id: number }[])[0]!.article_id;
}

async function open(browser: Browser, who: 'admin' | 'author', id: number, clock = false): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (clock) await page.clock.install();
  await signIn(page, who);
  await page.goto(`/dashboard/articles/${id}`);
  await expect(page.frameLocator('#dash-body_ifr').locator('body')).toBeVisible({ timeout: 30_000 });
  return page;
}

const stored = async (id: number) =>
  (await (await signedInApi('admin')).from('articles_meta').select('title, excerpt').eq('id', id).single()).data!;

test('each sees the other; their changes to different fields both land, with the merge notice', async ({ browser }) => {
  const title = `Cape wind auction ${tag()}`;
  const id = await createAsAuthor(title);
  const author = await open(browser, 'author', id, true);
  const admin = await open(browser, 'admin', id);
  // The admin's first heartbeat already sees the author; the author sees the admin at the next beat.
  await expect(admin.getByText(ARTICLE_FORM.alsoEditing(AUTHOR))).toBeVisible();
  await author.clock.fastForward('00:21');
  await expect(author.getByText(ARTICLE_FORM.alsoEditing(ADMIN))).toBeVisible();

  // My Articles (the admin, in another tab) shows who is editing, from the same list query.
  const list = await admin.context().newPage();
  await list.goto('/dashboard/articles');
  // Found by its title: other files' drafts can fill the first page meanwhile.
  await searchMyArticles(list, title);
  await expect(list.locator(`tr[data-article-id="${id}"]`)).toContainText(ARTICLE_FORM.editingRow(AUTHOR));

  await author.getByLabel('Excerpt').fill('Wind in the Cape, now with storage');
  await admin.getByLabel('Title', { exact: true }).fill(`${title} (fixed)`);
  await admin.getByRole('button', { name: 'Update Article' }).click();
  await expect(admin.getByText(ARTICLE_FORM.updated)).toBeVisible();
  await author.getByRole('button', { name: 'Update Article' }).click();
  await expect(author.getByText(/^Their changes to Title.* were merged into your version\.$/)).toBeVisible();
  await expect(author.getByLabel('Title', { exact: true })).toHaveValue(`${title} (fixed)`);
  expect(await stored(id)).toEqual({ title: `${title} (fixed)`, excerpt: 'Wind in the Cape, now with storage' });

  // The author leaves: the mark goes at once.
  await author.close({ runBeforeUnload: true });
  await list.reload();
  await searchMyArticles(list, title);
  await expect(list.locator(`tr[data-article-id="${id}"]`)).toBeVisible();
  await expect(list.locator(`tr[data-article-id="${id}"]`)).not.toContainText('Editing:');
});

test('both change the title: the second chooses in the dialog; the other value stays in history', async ({
  browser,
}) => {
  const title = `Hydrogen corridor ${tag()}`;
  const id = await createAsAuthor(title);
  const author = await open(browser, 'author', id);
  const admin = await open(browser, 'admin', id);
  await admin.getByLabel('Title', { exact: true }).fill(`${title} — admin`);
  await author.getByLabel('Title', { exact: true }).fill(`${title} — author`);
  await admin.getByRole('button', { name: 'Update Article' }).click();
  await expect(admin.getByText(ARTICLE_FORM.updated)).toBeVisible();
  await author.getByRole('button', { name: 'Update Article' }).click();
  const dialog = author.getByRole('dialog', { name: ARTICLE_FORM.changedMeanwhile(ADMIN) });
  await expect(dialog).toBeVisible();
  const titleField = dialog.locator('fieldset[data-field="title"]');
  await expect(titleField.locator('[data-side="theirs"]')).toHaveText(`${title} — admin`);
  await expect(titleField.locator('[data-side="mine"]')).toHaveText(`${title} — author`);
  await titleField.getByLabel(ARTICLE_FORM.useTheirs).check();
  await dialog.getByRole('button', { name: ARTICLE_FORM.saveMerged }).click();
  await expect(dialog).toBeHidden();
  await expect(author.getByText(ARTICLE_FORM.saved)).toBeVisible();
  expect((await stored(id)).title).toBe(`${title} — admin`);
  const history = (
    await (await signedInApi('admin')).from('article_revisions').select('title').eq('article_id', id)
  ).data!.map((r) => r.title);
  expect(history).toContain(`${title} — author`);
});

test('a form left open past token expiry still saves without a collision', async ({ browser }) => {
  const title = `Left open ${tag()}`;
  const id = await createAsAuthor(title);
  const author = await open(browser, 'author', id, true);
  await author.getByLabel('Excerpt').fill('Written after lunch');
  await author.clock.fastForward('02:00:00');
  await author.getByRole('button', { name: 'Update Article' }).click();
  await expect(author.getByText(ARTICLE_FORM.updated)).toBeVisible();
  await expect(author.getByRole('dialog')).toHaveCount(0);
  expect((await stored(id)).excerpt).toBe('Written after lunch');
});

test('archived meanwhile: nothing is written and the work stays on this device', async ({ browser }) => {
  const title = `Archived meanwhile ${tag()}`;
  const id = await createAsAuthor(title);
  const author = await open(browser, 'author', id);
  await author.getByLabel('Excerpt').fill('Written while it was archived');
  const admin = await signedInApi('admin');
  await admin.from('articles_meta').update({ archived_at: new Date().toISOString() }).eq('id', id);
  await author.getByRole('button', { name: 'Update Article' }).click();
  await expect(author.getByText(ARTICLE_FORM.archivedMeanwhile(ADMIN))).toBeVisible();
  expect((await stored(id)).excerpt).toBe('Wind in the Cape');
  const backup = await author.evaluate((key) => localStorage.getItem(key), `dashboard:article-backup:${id}`);
  expect(JSON.parse(backup!).form.excerpt).toBe('Written while it was archived');
});

test('a restored local backup merges with what was saved since, instead of overwriting it', async ({ browser }) => {
  const title = `Backup chain ${tag()}`;
  const id = await createAsAuthor(title);
  const author = await open(browser, 'author', id);
  await author.getByLabel('Excerpt').fill('Kept on this device');
  // The backup is written a second after the last change: wait until it holds the new excerpt.
  await expect
    .poll(() => author.evaluate((key) => localStorage.getItem(key), `dashboard:article-backup:${id}`))
    .toContain('Kept on this device');
  const admin = await signedInApi('admin');
  const fix = await admin.rpc('save_article', {
    p_id: id,
    p_article: {
      title: `${title} (fixed)`,
      body: '<p>Wind farms in the Cape.</p>',
      excerpt: 'Wind in the Cape',
      hero_image_url: '/sidebar1.jpg',
      status: 'draft',
    },
    p_category_ids: [],
    p_base_version: 1,
  });
  expect(fix.error).toBeNull();
  await author.reload();
  await author.getByRole('button', { name: ARTICLE_FORM.restoreBackup }).click();
  await author.getByRole('button', { name: 'Update Article' }).click();
  await expect(author.getByText(/^Their changes to Title.* were merged into your version\.$/)).toBeVisible();
  expect(await stored(id)).toEqual({ title: `${title} (fixed)`, excerpt: 'Kept on this device' });
});

test('a save whose answer is lost is retried with the same key: applied once, no collision', async ({ browser }) => {
  const title = `Lost answer ${tag()}`;
  const id = await createAsAuthor(title);
  const author = await open(browser, 'author', id);
  const keys: string[] = [];
  let first = true;
  await author.route('**/rest/v1/rpc/save_article', async (route) => {
    keys.push((route.request().postDataJSON() as { p_save_key: string }).p_save_key);
    if (!first) return route.continue();
    first = false;
    await route.fetch(); // the save reaches the database…
    await route.abort('connectionreset'); // …and its answer is lost
  });
  await author.getByLabel('Excerpt').fill('Saved exactly once');
  await author.getByRole('button', { name: 'Update Article' }).click();
  await expect(author.getByText(ARTICLE_FORM.updated)).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const revisions = await (await signedInApi('admin')).from('article_revisions').select('id').eq('article_id', id);
  expect(revisions.data).toHaveLength(2);
  expect((await stored(id)).excerpt).toBe('Saved exactly once');
});
