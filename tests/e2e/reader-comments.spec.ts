/**
 * Comments and reactions at #comments in a real browser against the local stack (reader-site.md
 * §2 "Comments section", §4, §5): the signed-out box and the pending comment through login, a
 * comment's life (Pending → Edited → Deleted → 'Confirm Restore'), what another reader and an
 * anonymous visitor can see (in the page and in the response), reactions, text-only rendering and
 * the one-query-each budget. reader2 comments, reader3 watches and reacts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { INTERACTIONS } from '../../src/lib/messages/interactions.ts';
import { LABELS } from '../../src/lib/messages/reader.ts';
import { STORAGE_KEYS } from '../../src/lib/rules/reader/keys.ts';
import {
  publishedArticles,
  readerApi,
  service,
  openComments,
  signInReader,
  storeSession,
  tag,
  type PublishedArticle,
} from './reader-session.ts';

const commentItem = (page: Page, content: string): Locator =>
  page.locator('#comments .comment', { has: page.locator('.comment-content', { hasText: content }) });

const status = async (id: number) =>
  (await service.from('comments').select('status, edited').eq('id', id).single()).data;

/** A third reader who writes the threads the tests read (created once per file). */
let commenterId: string;

/**
 * A comment in a given state, written as the service role, by reader2 where the test is about
 * reader2's own comments and otherwise by a third reader: reader2 also posts through the page,
 * and every comment of theirs counts towards the database's limit of 10 a minute per user.
 */
async function reader2Comment(
  article: PublishedArticle,
  content: string,
  then?: 'deleted' | 'approved',
  by: 'reader2' | 'commenter' = 'commenter',
) {
  const userId = by === 'reader2' ? (await readerApi('reader2')).userId : commenterId;
  const { data, error } = await service
    .from('comments')
    .insert({ article_id: article.id, user_id: userId, content, status: then ?? 'pending' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as number;
}

let articles: PublishedArticle[];
test.beforeAll(async () => {
  articles = await publishedArticles();
  const { data, error } = await service.auth.admin.createUser({
    email: `commenter-${tag()}@example.test`,
    password: 'correct-horse-battery',
    email_confirm: true,
    user_metadata: { display_name: 'Thread Commenter' },
  });
  if (error) throw new Error(error.message);
  commenterId = data.user.id;
});

test('signed out: typed text is kept through login and restored into the box', async ({ page }) => {
  const article = articles[8]!;
  const text = `Typed before signing in ${tag()}`;
  await openComments(page, article);
  const box = page.getByRole('textbox', { name: INTERACTIONS.commentLabel });
  await expect(box).toHaveAttribute('placeholder', LABELS.commentPlaceholderSignedOut);
  await box.fill(text);
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.pendingComment))!)).toEqual({
    articleId: article.id,
    text,
  });
  await page.getByRole('link', { name: LABELS.signInToComment }).click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`${article.path}#comments`)}`);

  await storeSession(page, 'reader2');
  await openComments(page, article);
  await expect(page.getByRole('textbox', { name: INTERACTIONS.commentLabel })).toHaveValue(text);
  await expect(page.getByRole('button', { name: INTERACTIONS.postComment })).toBeEnabled();
  expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.pendingComment)).toBeNull();
});

test("a comment's life: Pending, Edited, Deleted (owner only, no reactions), then restored", async ({ page }) => {
  const article = articles[9]!;
  const content = `My first thought ${tag()}`;
  await signInReader(page, 'reader2');
  await openComments(page, article);

  const post = page.getByRole('button', { name: INTERACTIONS.postComment });
  await expect(post).toBeDisabled();
  const box = page.getByRole('textbox', { name: INTERACTIONS.commentLabel });
  await box.fill('   ');
  await expect(post).toBeDisabled();
  await box.fill(content);
  await post.click();
  const item = commentItem(page, content);
  await expect(item.locator('.badge')).toHaveText(['Pending']);
  await expect(box).toHaveValue('');
  const id = Number(await item.getAttribute('data-comment-id'));
  expect(await status(id)).toEqual({ status: 'pending', edited: false });

  // Edit: Save disabled when blank; saved text is Edited (and pending again).
  const byId = page.locator(`#comments [data-comment-id="${id}"]`);
  await byId.getByRole('button', { name: INTERACTIONS.edit }).click();
  const edit = byId.getByRole('textbox', { name: INTERACTIONS.editLabel });
  await expect(edit).toHaveValue(content);
  await edit.fill(' ');
  await expect(byId.getByRole('button', { name: INTERACTIONS.save })).toBeDisabled();
  const edited = `${content} (edited)`;
  await edit.fill(edited);
  await byId.getByRole('button', { name: INTERACTIONS.save }).click();
  const editedItem = commentItem(page, edited);
  await expect(editedItem.locator('.badge')).toHaveText(['Pending', 'Edited']);
  expect(await status(id)).toEqual({ status: 'pending', edited: true });

  // Delete: Deleted badge, the note, reactions disabled, Restore offered.
  await editedItem.getByRole('button', { name: INTERACTIONS.delete }).click();
  await expect(editedItem.locator('.badge')).toHaveText(['Deleted', 'Edited']);
  await expect(editedItem.getByText(LABELS.onlyYouCanSeeComment)).toBeVisible();
  await expect(editedItem.getByRole('button', { name: /^Like/ })).toBeDisabled();
  await expect(editedItem.getByRole('button', { name: /^Dislike/ })).toBeDisabled();
  expect((await status(id))!.status).toBe('deleted');

  // Still there, as deleted, after a reload.
  await openComments(page, article);
  await expect(commentItem(page, edited).locator('.badge')).toHaveText(['Deleted', 'Edited']);

  // Restore through the dialog.
  await commentItem(page, edited).getByRole('button', { name: INTERACTIONS.restore }).click();
  const dialog = page.getByRole('dialog', { name: INTERACTIONS.restoreTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: INTERACTIONS.cancel }).click();
  await expect(dialog).toBeHidden();
  expect((await status(id))!.status).toBe('deleted');
  await commentItem(page, edited).getByRole('button', { name: INTERACTIONS.restore }).click();
  await dialog.getByRole('button', { name: LABELS.confirmRestore }).click();
  await expect(commentItem(page, edited).locator('.badge')).toHaveText(['Pending', 'Edited']);
  await expect(commentItem(page, edited).getByText(LABELS.onlyYouCanSeeComment)).toHaveCount(0);
  expect((await status(id))!.status).toBe('pending');
});

test("another reader never receives reader2's pending or deleted comments", async ({ page }) => {
  const article = articles[10]!;
  const pending = `Pending thought ${tag()}`;
  const deleted = `Deleted thought ${tag()}`;
  const approved = `Approved thought ${tag()}`;
  await reader2Comment(article, pending, undefined, 'reader2');
  await reader2Comment(article, deleted, 'deleted', 'reader2');
  await reader2Comment(article, approved, 'approved', 'reader2');

  for (const who of ['anonymous', 'reader3'] as const) {
    if (who === 'reader3') await signInReader(page, 'reader3');
    const bodies: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/rest/v1/comments') && r.request().method() === 'GET')
        void r.text().then((body) => bodies.push(body));
    });
    await openComments(page, article);
    await expect(commentItem(page, approved)).toBeVisible();
    await expect(page.locator('#comments')).not.toContainText(pending);
    await expect(page.locator('#comments')).not.toContainText(deleted);
    await expect.poll(() => bodies.length).toBe(1);
    expect(bodies[0]).toContain(approved);
    expect(bodies[0]).not.toContain(pending);
    expect(bodies[0]).not.toContain(deleted);
    page.removeAllListeners('response');
  }
});

test('approved comments show to anonymous visitors and reader3, loaded after the page (not in its HTML)', async ({
  page,
  request,
}) => {
  const article = articles[11]!;
  const content = `Worth reading ${tag()}`;
  await reader2Comment(article, content, 'approved');
  const html = await (await request.get(article.path)).text();
  expect(html).not.toContain(content);

  await openComments(page, article);
  const item = commentItem(page, content);
  await expect(item.locator('.comment-author')).not.toBeEmpty();
  await expect(item.locator('.badge')).toHaveCount(0);
  await expect(item.getByRole('button', { name: /^Like/ })).toBeDisabled();
  await expect(page.getByRole('link', { name: LABELS.signInToComment })).toBeVisible();

  await signInReader(page, 'reader3');
  await openComments(page, article);
  await expect(commentItem(page, content)).toBeVisible();
  await expect(commentItem(page, content).getByRole('button', { name: /^Like/ })).toBeEnabled();
});

test('reactions: like, like again removes, dislike switches; counts persist after reload', async ({ page }) => {
  const article = articles[12]!;
  const content = `React to me ${tag()}`;
  const id = await reader2Comment(article, content, 'approved');
  await signInReader(page, 'reader3');
  await openComments(page, article);
  const item = commentItem(page, content);
  const like = item.getByRole('button', { name: /^Like/ });
  const dislike = item.getByRole('button', { name: /^Dislike/ });
  const counts = async () =>
    (await service.from('comments').select('like_count, dislike_count').eq('id', id).single()).data;

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like.locator('.reaction-count')).toHaveText('1');
  await expect.poll(counts).toEqual({ like_count: 1, dislike_count: 0 });

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like.locator('.reaction-count')).toHaveText('0');
  await expect.poll(counts).toEqual({ like_count: 0, dislike_count: 0 });

  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await dislike.click();
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like.locator('.reaction-count')).toHaveText('0');
  await expect(dislike.locator('.reaction-count')).toHaveText('1');
  await expect.poll(counts).toEqual({ like_count: 0, dislike_count: 1 });

  await openComments(page, article);
  await expect(commentItem(page, content).getByRole('button', { name: /^Dislike/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(commentItem(page, content).locator('[data-reaction="dislike"] .reaction-count')).toHaveText('1');
  await expect(commentItem(page, content).locator('[data-reaction="like"] .reaction-count')).toHaveText('0');
});

test('comment text with <script> and <b> renders as text', async ({ page }) => {
  const article = articles[13]!;
  const content = `<script>window.__commentXss = 1</script><b>bold ${tag()}</b>`;
  await signInReader(page, 'reader2');
  await openComments(page, article);
  await page.getByRole('textbox', { name: INTERACTIONS.commentLabel }).fill(content);
  await page.getByRole('button', { name: INTERACTIONS.postComment }).click();
  const check = async () => {
    const item = page.locator('#comments .comment-content').filter({ hasText: 'window.__commentXss' });
    await expect(item).toHaveText(content);
    await expect(item.locator('b, script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __commentXss?: number }).__commentXss)).toBeUndefined();
  };
  await check();
  await openComments(page, article);
  await check();
});

test('one request for the comments and one for the reactions, however many comments', async ({ page }) => {
  const article = articles[14]!;
  const approved = Array.from({ length: 4 }, (_, i) => `Busy thread ${i} ${tag()}`);
  const pending = `Busy thread pending ${tag()}`;
  for (const content of approved) await reader2Comment(article, content, 'approved');
  await reader2Comment(article, pending, undefined, 'reader2');
  const ours = [...approved, pending];
  await signInReader(page, 'reader2');
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/rest\/v1\/(comments|reactions)\b/.test(r.url())) requests.push(r.url());
  });
  await openComments(page, article);
  // The article may already have comments (the seed's threads; the list of newest articles moves
  // as other files publish): the thread shows ours, each once, with whatever was there before.
  for (const content of ours) await expect(commentItem(page, content)).toHaveCount(1);
  expect(await page.locator('#comments .comment').count()).toBeGreaterThanOrEqual(ours.length);
  const comments = requests.filter((u) => u.includes('/rest/v1/comments'));
  const reactions = requests.filter((u) => u.includes('/rest/v1/reactions'));
  expect(comments).toHaveLength(1);
  expect(reactions).toHaveLength(1);
  expect(decodeURIComponent(reactions[0]!)).toMatch(/comment_id=in\.\(/);
});

test('a failed post shows a message and keeps the typed text', async ({ page }) => {
  const article = articles[15]!;
  const text = `Not lost ${tag()}`;
  await signInReader(page, 'reader2');
  await openComments(page, article);
  await page.route('**/rest/v1/comments*', (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
  );
  await page.getByRole('textbox', { name: INTERACTIONS.commentLabel }).fill(text);
  await page.getByRole('button', { name: INTERACTIONS.postComment }).click();
  await expect(page.getByRole('alert').filter({ hasText: INTERACTIONS.commentPostFailed })).toBeVisible();
  await expect(page.getByRole('textbox', { name: INTERACTIONS.commentLabel })).toHaveValue(text);
  await expect(page.getByRole('button', { name: INTERACTIONS.postComment })).toBeEnabled();
  await page.unrouteAll();
  await page.getByRole('button', { name: INTERACTIONS.postComment }).click();
  await expect(commentItem(page, text).locator('.badge')).toHaveText(['Pending']);
});

test('a signed-in reader sees the thread and their reactions without downloading supabase-js', async ({ page }) => {
  const article = articles[16]!;
  const content = `Light page ${tag()}`;
  await reader2Comment(article, content, 'approved');
  await signInReader(page, 'reader3');
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await openComments(page, article);
  await expect(commentItem(page, content)).toBeVisible();
  // The chunk of src/lib/browser/supabase.ts (supabase-js) is requested only when a write is near.
  expect(scripts.filter((p) => /\/supabase\.[\w-]+\.js$/.test(p))).toEqual([]);
  await commentItem(page, content).getByRole('button', { name: /^Like/ }).click();
  await expect(commentItem(page, content).getByRole('button', { name: /^Like/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(scripts.filter((p) => /\/supabase\.[\w-]+\.js$/.test(p))).toHaveLength(1);
});
