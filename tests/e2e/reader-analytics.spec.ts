/**
 * Page and article views (spec §3, §7; issue 9 "Analytics"): nothing is recorded before the
 * cookie decision or after Decline; after Accept every page records a page_view (and an article
 * page an article_view with its id) carrying path, user agent, referrer and a visitor id that stays
 * the same across pages, and the user id when the reader is signed in. Each test browses with its
 * own user agent, so its rows are told apart from every other test's.
 */
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/rules/reader/keys.ts';
import { DEMO_PASSWORD } from './dashboard-session.ts';
import { overlaysReady, presetStorage, readStorage, service, signInAs } from './engagement-helpers.ts';

interface Row {
  event_type: string;
  article_id: number | null;
  user_id: string | null;
  metadata: { path: string; user_agent: string; referrer: string; visitor_id: string };
}

const since = new Date(Date.now() - 60_000).toISOString();
const agent = (tag: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 e2e-analytics-${tag}-${Date.now()}`;

async function rowsFrom(userAgent: string): Promise<Row[]> {
  const { data, error } = await service
    .from('analytics')
    .select('event_type, article_id, user_id, metadata, created_at')
    .gte('created_at', since)
    .order('id');
  if (error) throw new Error(error.message);
  return ((data ?? []) as unknown as Row[]).filter((row) => row.metadata?.user_agent === userAgent);
}

/** The first article linked from the home page, with the id its page declares. */
async function anArticle(page: Page): Promise<{ path: string; id: number }> {
  await page.goto('/');
  const href = await page.locator('main a[href^="/article/"]').first().getAttribute('href');
  await page.goto(href!);
  const id = Number(await page.locator('[data-article-view]').getAttribute('data-article-view'));
  expect(id).toBeGreaterThan(0);
  return { path: new URL(page.url()).pathname, id };
}

/**
 * The analytics inserts a page has sent, by the address of the page that sent them: counted when
 * the browser issues them, so one cut short by the next navigation still counts.
 */
function sentViews(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/rest/v1/analytics') sent.push(page.url());
  });
  return sent;
}

/** Until the overlays island has hydrated and run the effects of its first renders. */
async function settle(page: Page) {
  await overlaysReady(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

test.describe('before a decision, then Accept', () => {
  const ua = agent('accept');
  test.use({ userAgent: ua });

  test('nothing is sent until Accept; then this page, the article and later pages, with one visitor id', async ({
    page,
  }) => {
    const sent = sentViews(page);
    await page.goto('/about');
    await settle(page);
    await page.goto('/');
    await settle(page);
    // Reach the article by a link, as a reader does (so it has a referrer).
    await page.locator('main a[href^="/article/"]').first().click();
    await page.waitForURL(/\/article\//);
    await settle(page);
    expect(sent).toEqual([]);
    expect(await rowsFrom(ua)).toEqual([]);
    expect(await readStorage(page, STORAGE_KEYS.visitorId)).toBeNull();
    const article = {
      path: new URL(page.url()).pathname,
      id: Number(await page.locator('[data-article-view]').getAttribute('data-article-view')),
    };
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(async () => (await rowsFrom(ua)).length).toBe(2);
    // The same tracker sees them (control for the empty lists above and below).
    expect(sent.length).toBeGreaterThan(0);
    const visitor = JSON.parse((await readStorage(page, STORAGE_KEYS.visitorId))!) as { id: string };
    // The page sends its two views at once: they may arrive in either order.
    const views = await rowsFrom(ua);
    const pageView = views.find((r) => r.event_type === 'page_view');
    const articleView = views.find((r) => r.event_type === 'article_view');
    expect(pageView).toMatchObject({
      event_type: 'page_view',
      article_id: null,
      user_id: null,
      metadata: {
        path: article.path,
        user_agent: ua,
        visitor_id: visitor.id,
        referrer: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/),
      },
    });
    expect(articleView).toMatchObject({
      event_type: 'article_view',
      article_id: article.id,
      metadata: { path: article.path, visitor_id: visitor.id },
    });

    await page.goto('/press');
    await expect.poll(async () => (await rowsFrom(ua)).length).toBe(3);
    const press = (await rowsFrom(ua)).filter((r) => r.metadata.path === '/press');
    expect(press).toMatchObject([{ event_type: 'page_view', metadata: { path: '/press', visitor_id: visitor.id } }]);
  });
});

test.describe('after Decline', () => {
  const ua = agent('decline');
  test.use({ userAgent: ua });

  test('nothing is sent on this page or later ones', async ({ page }) => {
    const sent = sentViews(page);
    await page.goto('/about');
    await overlaysReady(page);
    await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Decline' }).click();
    await settle(page);
    await anArticle(page);
    await settle(page);
    await page.goto('/press');
    await settle(page);
    // Nothing issued on the three pages (a request cut short by leaving a page is counted too),
    // so nothing can arrive later either.
    expect(sent).toEqual([]);
    expect(await rowsFrom(ua)).toEqual([]);
    expect(await readStorage(page, STORAGE_KEYS.visitorId)).toBeNull();
  });
});

test.describe('signed in', () => {
  const ua = agent('signedin');
  test.use({ userAgent: ua });

  test('views carry the reader’s user id', async ({ page }) => {
    const session = await signInAs(page, 'reader4@demo.test', DEMO_PASSWORD);
    await presetStorage(page, { cookiesAccepted: 'true', subscribePopupDismissed: 'true' });
    const article = await anArticle(page);
    await expect.poll(async () => (await rowsFrom(ua)).filter((r) => r.metadata.path === article.path).length).toBe(2);
    const rows = (await rowsFrom(ua)).filter((r) => r.metadata.path === article.path);
    // Sent at once, so in either order.
    expect(rows.map((r) => [r.event_type, r.article_id, r.user_id]).sort()).toEqual([
      ['article_view', article.id, session.user.id],
      ['page_view', null, session.user.id],
    ]);
  });
});

test.describe('a changed browser fingerprint', () => {
  const ua = agent('fingerprint');
  test.use({ userAgent: ua });

  test('gets a new visitor id', async ({ page }) => {
    await presetStorage(page, {
      cookiesAccepted: 'true',
      subscribePopupDismissed: 'true',
      visitorId: JSON.stringify({ id: 'from-another-browser', fingerprint: '00000000' }),
    });
    await page.goto('/about');
    await expect.poll(async () => (await rowsFrom(ua)).length).toBe(1);
    const stored = JSON.parse((await readStorage(page, STORAGE_KEYS.visitorId))!) as {
      id: string;
      fingerprint: string;
    };
    expect(stored.id).not.toBe('from-another-browser');
    expect(stored.fingerprint).toMatch(/^[0-9a-f]{8}$/);
    expect((await rowsFrom(ua))[0]!.metadata.visitor_id).toBe(stored.id);

    await page.goto('/press');
    await expect.poll(async () => (await rowsFrom(ua)).length).toBe(2);
    expect((await rowsFrom(ua))[1]!.metadata.visitor_id).toBe(stored.id);
  });
});
