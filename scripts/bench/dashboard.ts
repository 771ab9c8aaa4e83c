/**
 * `npm run bench:dashboard`: what the staff dashboard costs, measured in Chromium against a
 * running stack (`npm start`; set SITE_URL / SUPABASE_URL for other ports) and its build:
 *   - JavaScript for the first dashboard screen and for the article form (TinyMCE included,
 *     and the form's own before TinyMCE), gzip-compressed sizes of the files the browser requested;
 *   - the article editor's time to interactive: from navigation to New Article to TinyMCE's
 *     body taking typing (issue 29);
 *   - the time from navigation to My Articles showing its first page, and from the shell
 *     (the island mounted) to that page, with however many articles the database holds
 *     (`npm run seed:generate -- --articles 10000` first for the 10,000-article figure);
 *   - the database time of dashboard_articles() for the first page and for a search;
 *   - Insights: the chart's JavaScript and site_insights() / insights_daily(30) over HTTP (with
 *     however many analytics rows the database holds);
 *   - Comments Moderation with 500 pending comments (issue 29): navigation → the first page and
 *     the tabs' counts shown, and Approve selected (20, one request) → done and the counts
 *     updated (lib/moderation-screen.ts; it adds the comments with the secret key,
 *     SUPABASE_SECRET_KEY or the local one, and removes them after).
 * With `--insights-rows N [--engine pglite|postgres|both]` it measures only the two Insights
 * functions, at N analytics rows on private databases, without a stack or a browser
 * (lib/insights-scale.ts). With `--lists [--engine …]` it measures the first and a deep page of
 * every long list (Archive, Contact Submissions, Subscribers, Your Article Views, My Articles,
 * Comments Moderation) at a newsroom's second-year size, the same way (lib/lists-scale.ts).
 * A benchmark, never a test: it asserts nothing. Figures also go to .data/bench/dashboard.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { DATA_DIR } from '../lib/paths.ts';
import { benchInsightsAtScale, type InsightsEngine } from './lib/insights-scale.ts';
import { benchListsAtScale, type ListsEngine } from './lib/lists-scale.ts';
import { benchModerationScreen } from './lib/moderation-screen.ts';

const { values: args } = parseArgs({
  options: {
    'insights-rows': { type: 'string' },
    lists: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    engine: { type: 'string', default: 'both' },
  },
});
if (args.lists) {
  const engines = args.engine === 'both' ? ['pglite', 'postgres'] : [args.engine];
  await benchListsAtScale(engines as ListsEngine[], Number(args.scale));
  process.exit();
}
if (args['insights-rows']) {
  const engines = args.engine === 'both' ? ['pglite', 'postgres'] : [args.engine];
  await benchInsightsAtScale(Number(args['insights-rows']), engines as InsightsEngine[]);
  process.exit();
}

const site = process.env.SITE_URL ?? 'http://127.0.0.1:4321';
const api = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';
const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const ROUNDS = 5;

const anon = loadConfig().publishableKey;
const secret = process.env.SUPABASE_SECRET_KEY || process.env.SUPABASE_SERVICE_ROLE_KEY || loadConfig().secretKey;
const client = createClient(api, anon, { auth: { persistSession: false, autoRefreshToken: false } });
const { data: auth, error } = await client.auth.signInWithPassword({
  email: 'admin@demo.test',
  password: 'demo-password',
});
if (error || !auth.session) throw new Error(`sign-in failed: ${error?.message}`);
const storageKey = `sb-${new URL(api).hostname.split('.')[0]}-auth-token`;

const gz = (file: string) => (fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file)).length : 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });

async function scriptsFor(route: string, ready: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site}/robots.txt`);
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [storageKey, JSON.stringify(auth.session)]);
  const urls = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.add(new URL(r.url()).pathname);
  });
  await page.goto(`${site}${route}`);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...urls].filter((u) => u.startsWith('/_astro/') || u.startsWith('/tinymce/'));
  // In request order: what the page asked for before its first TinyMCE file.
  const firstTinymce = files.findIndex((u) => u.startsWith('/tinymce/'));
  const own = firstTinymce < 0 ? files : files.slice(0, firstTinymce);
  const sum = (list: string[]) => list.reduce((total, u) => total + gz(path.join(dist, u)), 0);
  return { files: files.length, gzip: sum(files), beforeTinymce: { files: own.length, gzip: sum(own) } };
}

/** Navigation to New Article until TinyMCE's body is editable and a typed key lands in it. */
async function editorTimes() {
  const xs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site}/robots.txt`);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [storageKey, JSON.stringify(auth.session)]);
    await page.goto(`${site}/dashboard/articles/new`);
    const body = page.frameLocator('iframe#dash-body_ifr').locator('body[contenteditable="true"]');
    await body.waitFor({ timeout: 30_000 });
    await body.click();
    await page.keyboard.type('x');
    await body.getByText('x').waitFor({ timeout: 30_000 });
    xs.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  return median(xs);
}

async function myArticlesTimes() {
  const fromNav: number[] = [];
  const fromShell: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site}/robots.txt`);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [storageKey, JSON.stringify(auth.session)]);
    await page.goto(`${site}/dashboard/articles`);
    await page.locator('.dash-count').waitFor({ timeout: 30_000 });
    const t = await page.evaluate(() => {
      return { now: performance.now(), start: 0 };
    });
    // The shell: the header of the island (it renders as soon as the guard has the session).
    const shellAt = await page.evaluate(
      () => (window as unknown as { __dashShellAt?: number }).__dashShellAt ?? Number.NaN,
    );
    fromNav.push(t.now - t.start);
    fromShell.push(t.now - shellAt);
    await context.close();
  }
  return { fromNavigation: median(fromNav), fromShell: median(fromShell) };
}

async function rpcTimes() {
  const staff = createClient(api, anon, { auth: { persistSession: false, autoRefreshToken: false } });
  await staff.auth.setSession(auth.session!);
  const time = async (search: string) => {
    const xs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const { error: e } = await staff.rpc('dashboard_articles', { p_search: search, p_limit: 20, p_offset: 0 });
      if (e) throw new Error(e.message);
      xs.push(performance.now() - t0);
    }
    return median(xs);
  };
  const { data: total } = await staff.rpc('dashboard_article_total');
  const timeRpc = async (fn: 'site_insights' | 'insights_daily') => {
    const xs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const { error: e } = await staff.rpc(fn);
      if (e) throw new Error(e.message);
      xs.push(performance.now() - t0);
    }
    return median(xs);
  };
  return {
    articles: total,
    firstPageMs: await time(''),
    searchMs: await time('hydrogen'),
    siteInsightsMs: await timeRpc('site_insights'),
    insightsDailyMs: await timeRpc('insights_daily'),
  };
}

const firstScreen = await scriptsFor('/dashboard/articles', '.dash-count');
const insights = await scriptsFor('/dashboard', '.dash-chart');
const articleForm = await scriptsFor('/dashboard/articles/new', 'iframe#dash-body_ifr');
const editorInteractiveMs = await editorTimes();
const list = await myArticlesTimes();
const rpc = await rpcTimes();
const moderation = await benchModerationScreen({
  browser,
  site,
  service: createClient(api, secret, { auth: { persistSession: false, autoRefreshToken: false } }),
  admin: client,
  session: auth.session,
  storageKey,
  rounds: ROUNDS,
});
await browser.close();

const result = { site, firstScreen, insights, articleForm, editorInteractiveMs, myArticles: list, rpc, moderation };
console.log(`articles in the database (admin's view): ${rpc.articles}`);
console.log(`first dashboard screen: ${firstScreen.files} JS files, ${kb(firstScreen.gzip)} gzipped`);
console.log(`Insights with its chart: ${insights.files} JS files, ${kb(insights.gzip)} gzipped`);
console.log(`article form (TinyMCE included): ${articleForm.files} JS files, ${kb(articleForm.gzip)} gzipped`);
console.log(
  `article form before TinyMCE: ${articleForm.beforeTinymce.files} JS files, ${kb(articleForm.beforeTinymce.gzip)} gzipped`,
);
console.log(
  `article editor interactive (typing lands in the body): ${editorInteractiveMs.toFixed(0)} ms after navigation`,
);
console.log(
  `My Articles first page: ${list.fromNavigation.toFixed(0)} ms after navigation, ${list.fromShell.toFixed(0)} ms after the shell`,
);
console.log(`dashboard_articles(): first page ${rpc.firstPageMs.toFixed(0)} ms, search ${rpc.searchMs.toFixed(0)} ms`);
console.log(
  `site_insights(): ${rpc.siteInsightsMs.toFixed(0)} ms, insights_daily(30): ${rpc.insightsDailyMs.toFixed(0)} ms (over HTTP)`,
);
console.log(
  `Comments Moderation, ${moderation.pending} pending (${moderation.added} added by the bench): first page ${moderation.listMs.toFixed(0)} ms, tab counts ${moderation.countsMs.toFixed(0)} ms after navigation`,
);
console.log(
  `Approve selected (20; moderate_comments requests per round: ${moderation.requests.join(', ')}): done ${moderation.approveMs.toFixed(0)} ms, tab counts updated ${moderation.approveCountsMs.toFixed(0)} ms after the click`,
);
fs.mkdirSync(path.join(DATA_DIR, 'bench'), { recursive: true });
fs.writeFileSync(path.join(DATA_DIR, 'bench', 'dashboard.json'), JSON.stringify(result, null, 2));
