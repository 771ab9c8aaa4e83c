/**
 * Comments Moderation at newsroom volume (issue 29), for `npm run bench:dashboard`: the running
 * stack is given 500 pending comments (readers' comments on the published demo articles, written
 * through the API with the secret key and marked as the bench's), then, in a new browser context
 * per round, signed in as the admin:
 *   - navigation to /dashboard/comments → the Pending list's first page (20 comments) shown, and
 *     → the tabs' counts shown with Pending (500);
 *   - Approve selected on that page → the screen's "20 comments approved." (the one
 *     moderate_comments() request answered) and → the tabs' counts updated (Pending (480)).
 * Times are taken in the page (performance.now(), checked on every animation frame), so they do
 * not include Playwright's round trips. Between rounds the bench's comments go back to pending;
 * at the end they are deleted, leaving the stack as it was.
 */
import type { Browser, JSHandle } from '@playwright/test';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { MODERATION_DESK } from '../../../src/lib/messages/dashboard-moderation.ts';

const PENDING = 500;
const PAGE = 20;
const MARK = 'Bench moderation comment';

export interface ModerationScreenTimes {
  pending: number;
  /** How many comments the bench added to reach PENDING (the rest were already pending). */
  added: number;
  /** Navigation → the first page of Pending shown; → the tabs' counts shown (medians). */
  listMs: number;
  countsMs: number;
  /** Approve selected (20) → the notice; → the tabs' counts updated (medians). */
  approveMs: number;
  approveCountsMs: number;
  /** moderate_comments requests per bulk approve (each round). */
  requests: number[];
}

const tabText = (state: keyof typeof MODERATION_DESK.tabs, n: number) =>
  MODERATION_DESK.tab(MODERATION_DESK.tabs[state], n);

async function must<T>(what: string, query: PromiseLike<{ data: T | null; error: { message: string } | null }>) {
  const { data, error } = await query;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data as T;
}

/**
 * The time (the page's performance.now()) of the first animation frame on which a condition held:
 * each condition below returns performance.now() once it holds, else 0, and is polled with
 * `page.waitForFunction(condition, arg, FRAMES)`.
 */
const FRAMES = { polling: 'raf', timeout: 60_000 } as const;
const at = async (handle: Promise<JSHandle<number>>) => (await (await handle).jsonValue()) as number;

/** The Pending list shows a full first page. */
const listShown = (size: number) =>
  document.querySelectorAll('#dash-comments-panel li.dash-comment').length >= size ? performance.now() : 0;
/** Every given tab label is on screen. */
const tabsShow = (labels: string[]) => {
  const shown = new Set(Array.from(document.querySelectorAll('[role="tab"]'), (t) => t.textContent));
  return labels.every((l) => shown.has(l)) ? performance.now() : 0;
};
/** A status line says the given text. */
const noticeSays = (text: string) =>
  Array.from(document.querySelectorAll('[role="status"]')).some((s) => s.textContent === text) ? performance.now() : 0;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchModerationScreen(opts: {
  browser: Browser;
  site: string;
  /** The secret-key client: writes and removes the bench's comments. */
  service: SupabaseClient;
  /** The admin's client and session (the screen's caller). */
  admin: SupabaseClient;
  session: Session;
  storageKey: string;
  rounds: number;
}): Promise<ModerationScreenTimes> {
  const { browser, site, service, admin, session, storageKey, rounds } = opts;
  const counts = async () => must<Record<string, number>>('counts', admin.rpc('moderation_comment_counts').single());

  await must('old bench comments', service.from('comments').delete().like('content', `${MARK} %`));
  const before = await counts();
  const added = Math.max(0, PENDING - Number(before.pending));
  const readers = await must<{ id: string }[]>('readers', service.from('profiles').select('id').eq('role', 'reader'));
  const articles = await must<{ id: number }[]>(
    'articles',
    service.from('articles_meta').select('id').eq('status', 'published').is('archived_at', null).limit(50),
  );
  if (added > 0 && (!readers.length || !articles.length)) throw new Error('The stack has no readers or articles.');
  const now = Date.now();
  for (let i = 0; i < added; i += 250) {
    const rows = Array.from({ length: Math.min(250, added - i) }, (_, k) => {
      const n = i + k;
      return {
        article_id: articles[n % articles.length]!.id,
        user_id: readers[n % readers.length]!.id,
        content: `${MARK} ${n + 1}: what a reader thinks of the story.`,
        status: 'pending',
        // The newest (a second apart), so the first page, which each round approves, is the bench's.
        created_at: new Date(now - n * 1000).toISOString(),
      };
    });
    await must('bench comments', service.from('comments').insert(rows));
  }

  const listMs: number[] = [];
  const countsMs: number[] = [];
  const approveMs: number[] = [];
  const approveCountsMs: number[] = [];
  const requests: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      // Each round starts from the same 500 pending.
      await must(
        'reset',
        service.from('comments').update({ status: 'pending' }).like('content', `${MARK} %`).neq('status', 'pending'),
      );
      const start = await counts();
      const pending = Number(start.pending);
      const approved = Number(start.approved);

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${site}/robots.txt`);
      await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [storageKey, JSON.stringify(session)]);
      await page.goto(`${site}/dashboard/comments`);
      listMs.push(await at(page.waitForFunction(listShown, PAGE, FRAMES)));
      countsMs.push(await at(page.waitForFunction(tabsShow, [tabText('pending', pending)], FRAMES)));

      let calls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/rest/v1/rpc/moderate_comments')) calls++;
      });
      await page.getByLabel(MODERATION_DESK.selectAll).check();
      await page.getByText(MODERATION_DESK.selected(PAGE), { exact: true }).waitFor();
      const clicked = await page.getByRole('button', { name: MODERATION_DESK.approveSelected }).evaluate((button) => {
        const t = performance.now();
        (button as HTMLButtonElement).click();
        return t;
      });
      const done = MODERATION_DESK.doneMany(PAGE, MODERATION_DESK.done.approved);
      approveMs.push((await at(page.waitForFunction(noticeSays, done, FRAMES))) - clicked);
      const after = [tabText('pending', pending - PAGE), tabText('approved', approved + PAGE)];
      approveCountsMs.push((await at(page.waitForFunction(tabsShow, after, FRAMES))) - clicked);
      requests.push(calls);
      await context.close();
    }
  } finally {
    await must('remove bench comments', service.from('comments').delete().like('content', `${MARK} %`));
  }
  return {
    pending: Number(before.pending) + added,
    added,
    listMs: median(listMs),
    countsMs: median(countsMs),
    approveMs: median(approveMs),
    approveCountsMs: median(approveCountsMs),
    requests,
  };
}
