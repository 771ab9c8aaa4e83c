/**
 * `npm run bench:pages`: builds the seeded site on a private stack (in-memory database, its own
 * ports), serves it like production, and runs Lighthouse (mobile defaults, Debian Chromium) on
 * the home page, an article, a category and search. Prints scores and the vitals; writes the
 * full figures to .data/bench/pages.json. A benchmark, never a test: it asserts nothing.
 *
 * Then the JavaScript budgets (issue 27, "JavaScript before any interaction", gzip: ≤ 35 KB each
 * on the home page, an article and a category, ≤ 50 KB on search, ≤ 90 KB for a signed-in reader):
 * each page is loaded at 390×844 in a fresh Playwright Chromium context (fresh storage, so the
 * cookie banner shows) and left alone until the network is quiet and the browser idle (idle-time
 * hydration and the offline worker's registration included); every script the
 * page received is counted, gzipped here at level 9 from its decoded body (the host may have sent
 * Brotli), and the transferred bytes as sent. Once as a visitor, once signed in as a reader (the
 * session stored as supabase-js keeps it). What the offline worker downloads in the background
 * (its precache) is listed separately: it is not the page's JavaScript, and mostly hits the HTTP
 * cache the page just filled.
 *
 * Then page weight (issue 27): each page type loaded once at 390×844 (a phone, 3× density) in a
 * fresh context, left alone until quiet, and every response the page received counted by kind
 * (HTML, CSS, fonts, JS, images; bytes on the wire, headers included) with the number of web-font
 * requests; once as a first visit and once asking for less data (`Save-Data: on` and
 * `navigator.connection.saveData`). Budgets: an article's everything-but-images ≤ 120 KB, and
 * ≤ 60 KB with no web-font request in data saver.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { createStack } from '../lib/stack.ts';
import { DATA_DIR } from '../lib/paths.ts';
import {
  CLS_BUDGET,
  PERFORMANCE_BUDGET,
  READER_JS_BUDGET_KB,
  SAVE_DATA_BUDGET_KB,
  SAVE_DATA_IMAGE_MAX_KB,
  SAVE_DATA_IMAGE_MAX_PX,
  VISITOR_JS_BUDGET_KB,
  WEIGHT_BUDGET_KB,
  kb,
  measureJs,
  measureWeight,
  readerSession,
  type JsRow,
  type WeightRow,
} from './lib/page-measures.ts';

const HOST = '127.0.0.1';
const API_PORT = Number(process.env.BENCH_API_PORT ?? 54339);
const SITE_PORT = Number(process.env.BENCH_SITE_PORT ?? 4339);
const SITE = `http://${HOST}:${SITE_PORT}`;
const OUT = path.join(DATA_DIR, 'bench');

interface Row {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  totalKb: number;
  /** Lighthouse's reading of the host's CPU speed (higher is faster): its simulated phone is this
   * host slowed down, so scores from machines of different speed compare only beside it. */
  benchmarkIndex: number;
}

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

async function pickUrls(apiUrl: string, publishableKey: string): Promise<[string, string][]> {
  const sb = createClient(apiUrl, publishableKey, { auth: { persistSession: false } });
  const { data: article } = await sb
    .from('articles_meta')
    .select('slug')
    .eq('status', 'published')
    .is('archived_at', null)
    .order('published_at', { ascending: false })
    .limit(1)
    .single();
  const { data: link } = await sb
    .from('article_categories')
    .select('categories(slug)')
    .eq('category_id', 1)
    .limit(1)
    .single();
  const category = (link?.categories as unknown as { slug: string } | null)?.slug ?? 'featured-stories';
  return [
    ['home', `${SITE}/`],
    ['article', `${SITE}/article/${article?.slug ?? ''}`],
    ['category', `${SITE}/category/${category}`],
    ['search', `${SITE}/search?q=energy`],
  ];
}

async function audit(port: number, page: string, url: string): Promise<Row> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const items =
    (
      lhr.audits['resource-summary']?.details as
        { items?: { resourceType: string; transferSize: number }[] } | undefined
    )?.items ?? [];
  const typeKb = (type: string) => kb(items.find((i) => i.resourceType === type)?.transferSize ?? 0);
  // What moved, when anything did: the elements Lighthouse blames for each shift.
  const shifts =
    (
      lhr.audits['layout-shifts']?.details as
        { items?: { score?: number; node?: { selector?: string; snippet?: string } }[] } | undefined
    )?.items ?? [];
  for (const shift of shifts) {
    console.log(
      `    ${page}: layout shift ${shift.score?.toFixed(4)} at ${shift.node?.selector ?? '?'} ${shift.node?.snippet ?? ''}`,
    );
  }
  return {
    page,
    url,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    jsKb: typeKb('script'),
    totalKb: typeKb('total'),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

const config = loadConfig({
  port: API_PORT,
  host: HOST,
  inMemory: true,
  databaseUrl: undefined,
  bcryptCost: 4,
  siteUrl: SITE,
});
const stack = createStack({
  config,
  siteHost: HOST,
  sitePort: SITE_PORT,
  outDir: path.join(OUT, 'dist'),
  cacheDir: path.join(OUT, 'astro-cache'),
  releasesDir: path.join(OUT, 'releases'),
  servePrevious: false,
  seed: true,
  quietBuild: true,
  log: () => {},
});

let chrome: chromeLauncher.LaunchedChrome | undefined;
let browser: Browser | undefined;
try {
  console.log('Building the seeded site on a private stack…');
  await stack.start();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const urls = await pickUrls(stack.server!.url, config.publishableKey);
  const rows: Row[] = [];
  for (const [page, url] of urls) {
    console.log(`Lighthouse: ${page} (${url})`);
    rows.push(await audit(chrome.port, page, url));
  }
  console.table(rows.map(({ url: _url, ...r }) => r));

  console.log('JavaScript before any interaction (Playwright Chromium, fresh storage: cookie banner showing)…');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  const session = await readerSession(stack.server!.url, config.publishableKey);
  const jsRows: JsRow[] = [];
  for (const [page, url] of urls) {
    jsRows.push(await measureJs(browser, page, url, 'visitor'));
    jsRows.push(await measureJs(browser, page, url, 'reader', session));
  }
  console.table(jsRows.map(({ files: _files, ...r }) => r));

  console.log('Page weight at 390×844, first visit, KB on the wire (Playwright Chromium)…');
  const weightRows: WeightRow[] = [];
  for (const saveData of [false, true]) {
    for (const [page, url] of urls) weightRows.push(await measureWeight(browser, page, url, saveData));
  }
  console.table(weightRows);

  console.log('Budgets (issue 27):');
  for (const r of jsRows) {
    const budget = r.who === 'reader' ? READER_JS_BUDGET_KB : (VISITOR_JS_BUDGET_KB[r.page] ?? READER_JS_BUDGET_KB);
    const ok = r.jsGzipKb <= budget;
    console.log(
      `  JS before interaction, ${r.page} (${r.who}): ${r.jsGzipKb} KB gzipped ${ok ? '≤' : '>'} ${budget} KB ${ok ? 'ok' : 'OVER'}`,
    );
  }
  for (const r of rows) {
    const ok =
      r.performance >= PERFORMANCE_BUDGET &&
      r.accessibility === 100 &&
      r.bestPractices === 100 &&
      r.seo === 100 &&
      r.cls <= CLS_BUDGET;
    console.log(
      `  Lighthouse ${r.page}: perf ${r.performance} (≥ ${PERFORMANCE_BUDGET}), a11y ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo} (100), CLS ${r.cls} (≤ ${CLS_BUDGET}) ${ok ? 'ok' : 'MISSED'}`,
    );
  }
  for (const r of weightRows.filter((r) => r.page === 'article')) {
    const budget = r.saveData ? SAVE_DATA_BUDGET_KB : WEIGHT_BUDGET_KB;
    const imagesOk =
      !r.saveData || (r.widestImage <= SAVE_DATA_IMAGE_MAX_PX && r.largestImage <= SAVE_DATA_IMAGE_MAX_KB);
    const ok = r.noImages <= budget && (!r.saveData || r.fontRequests === 0) && imagesOk;
    console.log(
      `  article${r.saveData ? ' with Save-Data: on' : ''}: ${r.noImages} KB without images (≤ ${budget} KB)` +
        `${r.saveData ? `, ${r.fontRequests} web-font requests (0)` : ''}` +
        `, images up to ${r.widestImage} px and ${r.largestImage} KB` +
        `${r.saveData ? ` (≤ ${SAVE_DATA_IMAGE_MAX_PX} px, ≤ ${SAVE_DATA_IMAGE_MAX_KB} KB)` : ''} ${ok ? 'ok' : 'OVER'}`,
    );
  }
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(
    path.join(OUT, 'pages.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), rows, js: jsRows, weight: weightRows }, null, 2),
  );
  console.log(`Figures written to ${path.relative(process.cwd(), path.join(OUT, 'pages.json'))}`);
} finally {
  await browser?.close();
  chrome?.kill();
  await stack.stop();
}
