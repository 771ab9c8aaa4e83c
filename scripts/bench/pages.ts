/**
 * `npm run bench:pages`: builds the seeded site on a private stack (in-memory database, its own
 * ports), serves it like production, and runs Lighthouse (mobile defaults, Debian Chromium) on
 * the home page, an article, a category and search. Prints scores and the vitals; writes the
 * full figures to .data/bench/pages.json. A benchmark, never a test: it asserts nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { createStack } from '../lib/stack.ts';
import { DATA_DIR } from '../lib/paths.ts';

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
}

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

async function pickUrls(apiUrl: string, anonKey: string): Promise<[string, string][]> {
  const sb = createClient(apiUrl, anonKey, { auth: { persistSession: false } });
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
  const kb = (type: string) => Math.round((items.find((i) => i.resourceType === type)?.transferSize ?? 0) / 102.4) / 10;
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
    jsKb: kb('script'),
    totalKb: kb('total'),
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
try {
  console.log('Building the seeded site on a private stack…');
  await stack.start();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const rows: Row[] = [];
  for (const [page, url] of await pickUrls(stack.server!.url, config.anonKey)) {
    console.log(`Lighthouse: ${page} (${url})`);
    rows.push(await audit(chrome.port, page, url));
  }
  console.table(rows.map(({ url: _url, ...r }) => r));
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(
    path.join(OUT, 'pages.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2),
  );
  console.log(`Figures written to ${path.relative(process.cwd(), path.join(OUT, 'pages.json'))}`);
} finally {
  chrome?.kill();
  await stack.stop();
}
