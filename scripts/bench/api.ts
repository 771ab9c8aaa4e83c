/**
 * `npm run bench:api [-- --articles 100000] [--engine pglite|postgres|both] [--seconds 10]`:
 * the local API under load. On a private stack (scripts/bench/lib/api-target.ts) with the demo
 * content plus N synthetic articles (10,000 by default), sends the public site's calls — the
 * newest-first listing with its author (without and with explicit filters), the search RPC, an
 * article by slug with its categories, a comment insert by one of 1,500 bench readers — from 1 and from 50
 * concurrent clients for a fixed time each, and prints requests/s, p50, p99, errors, client
 * timeouts (10 s) and how long one request sent right after the run waits, as a markdown table.
 * Then two faults per engine (medians of 3): how soon a call past its own 300 ms statement
 * timeout is answered, and how soon a read is answered after a client left a 2 s call
 * (tests/integration/server-load.test.ts checks what happens; this measures when). A benchmark, never a test: it asserts nothing. Figures
 * also go to .data/bench/api.json; docs/performance.md records them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { signJwt } from '../../supabase/local/auth/jwt.ts';
import { DEV_JWT_SECRET } from '../../supabase/local/config.ts';
import { DATA_DIR } from '../lib/paths.ts';
import { DEMO_PASSWORD } from '../seed/index.ts';
import { startTarget, type BenchEngine, type BenchTarget } from './lib/api-target.ts';
import { createConfirmedUser, inBatches } from './lib/reliability/cast.ts';
import { runLoad, type LoadRequest, type LoadResult } from './lib/load.ts';

const CLIENTS = [1, 50];
const TIMEOUT_MS = 10_000;
const SEARCH_COLUMNS = 'id,title,slug,excerpt,hero_image_url,published_at,created_at,author_id,primary_category_id';
const LIST = '/rest/v1/articles_meta?select=id,title,slug,published_at,author:profiles!author_id(display_name)';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    engine: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
  },
});
const articles = Number(values.articles);
const durationMs = Number(values.seconds) * 1000;
const engines: BenchEngine[] = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine as BenchEngine];
const log = (line: string) => console.error(`[bench:api] ${line}`);

interface Scenario {
  name: string;
  request: (i: number) => LoadRequest;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Readers for the comment scenario: at 10 comments a minute per reader, 1,500 readers post up to
 * 15,000 comments, more than both comment rows send in their minute on PostgreSQL. Made once per database
 * (`bench-reader-N@demo.test`); their tokens are signed here with the development secret, as the
 * API on 127.0.0.1 uses, since PostgREST checks only the signature.
 */
const READERS = 1500;
async function benchReaders(target: BenchTarget, n: number): Promise<string[]> {
  const svc = { apikey: target.secretKey, Authorization: `Bearer ${target.secretKey}` };
  // Read 1,000 at a time (the API's row limit).
  const known: { id: string; email: string }[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await json<{ id: string; email: string }[]>(
      await fetch(
        `${target.url}/rest/v1/profiles?select=id,email&email=like.bench-reader-*&order=email&limit=1000&offset=${offset}`,
        { headers: svc },
      ),
    );
    known.push(...page);
    if (page.length < 1000) break;
  }
  const ids = new Map(known.map((p) => [p.email, p.id]));
  const emails = Array.from({ length: n }, (_, i) => `bench-reader-${i}@demo.test`);
  const missing = emails.filter((e) => !ids.has(e));
  await inBatches(missing, 10, async (email) =>
    ids.set(email, await createConfirmedUser(target, email, DEMO_PASSWORD)),
  );
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return emails.map((e) =>
    signJwt({ sub: ids.get(e)!, role: 'authenticated', aud: 'authenticated', exp }, DEV_JWT_SECRET),
  );
}

/** What the scenarios need from the data: published slugs and ids, readers' access tokens. */
async function scenarios(target: BenchTarget): Promise<Scenario[]> {
  const anon = { apikey: target.publishableKey, Authorization: `Bearer ${target.publishableKey}` };
  const published = await json<{ id: number; slug: string }[]>(
    await fetch(
      `${target.url}/rest/v1/articles_meta?select=id,slug&status=eq.published&archived_at=is.null&order=id.desc&limit=500`,
      { headers: anon },
    ),
  );
  const tokens = await benchReaders(target, READERS);
  const pick = (i: number) => published[(i * 7919) % published.length]!;
  return [
    {
      name: 'newest 20 with author, no filters',
      request: () => ({ method: 'GET', path: `${LIST}&order=published_at.desc&limit=20`, headers: anon }),
    },
    {
      name: 'newest 20 with author, published filters',
      request: () => ({
        method: 'GET',
        path: `${LIST}&status=eq.published&archived_at=is.null&order=published_at.desc&limit=20`,
        headers: anon,
      }),
    },
    {
      name: "search_articles('energy'), 49 rows",
      request: () => ({
        method: 'POST',
        path: `/rest/v1/rpc/search_articles?select=${SEARCH_COLUMNS}&limit=49`,
        headers: { ...anon, 'Content-Type': 'application/json' },
        // As the search page asks: max_results cuts the ranked list before whole rows are read.
        body: JSON.stringify({ q: 'energy', max_results: 49 }),
      }),
    },
    {
      name: 'article by slug with categories',
      request: (i) => ({
        method: 'GET',
        path:
          '/rest/v1/articles_meta?select=id,title,slug,excerpt,body,hero_image_url,published_at,' +
          'author:profiles!author_id(display_name),article_categories(display_order,categories(id,name,slug))' +
          `&slug=eq.${encodeURIComponent(pick(i).slug)}`,
        headers: { ...anon, Accept: 'application/vnd.pgrst.object+json' },
      }),
    },
    {
      name: 'comment insert as a reader',
      request: (i) => ({
        method: 'POST',
        path: '/rest/v1/comments',
        headers: {
          apikey: target.publishableKey,
          // Comments are limited to 10 a minute per reader (docs/security.md): spread them.
          Authorization: `Bearer ${tokens[i % tokens.length]!}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
        },
        body: JSON.stringify({ article_id: pick(i).id, content: `bench:api comment ${i}` }),
      }),
    },
  ];
}

/** Removes the benchmark's comments, so a reused database does not grow from run to run. */
async function removeComments(target: BenchTarget): Promise<void> {
  await fetch(`${target.url}/rest/v1/comments?content=like.bench:api*`, {
    method: 'DELETE',
    headers: { apikey: target.secretKey, Authorization: `Bearer ${target.secretKey}` },
  });
}

interface Row extends LoadResult {
  engine: BenchEngine;
  request: string;
  /** How long a cheap read sent right after the run waits: whether the server is still busy. */
  nextMs: number;
}

/** The time one small published-articles read takes. */
async function probe(target: BenchTarget): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${target.url}${LIST}&status=eq.published&archived_at=is.null&limit=1`, {
    headers: { apikey: target.publishableKey, Authorization: `Bearer ${target.publishableKey}` },
  });
  await res.arrayBuffer();
  return performance.now() - started;
}

/** A call to one of api-target.ts's slow functions as anon. */
function slowCall(target: BenchTarget, fn: string, seconds: number, signal?: AbortSignal): Promise<Response> {
  return fetch(`${target.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: target.publishableKey,
      Authorization: `Bearer ${target.publishableKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ seconds }),
    ...(signal ? { signal } : {}),
  });
}

interface Faults {
  engine: BenchEngine;
  /** From sending a 2 s call with a 300 ms statement timeout to its 57014 answer. */
  statementTimeoutMs: number;
  /** From a client leaving its 2 s call (200 ms in) to the answer of a read sent then. */
  afterAbandonedMs: number;
}

async function faults(target: BenchTarget, engine: BenchEngine): Promise<Faults> {
  const median3 = async (measure: () => Promise<number>) => {
    const xs = [await measure(), await measure(), await measure()];
    return xs.sort((a, b) => a - b)[1]!;
  };
  const statementTimeoutMs = await median3(async () => {
    const started = performance.now();
    const res = await slowCall(target, 'bench_sleep_limited', 2);
    const body = (await res.json()) as { code?: string };
    if (res.status !== 500 || body.code !== '57014') throw new Error(`expected 57014, got ${res.status}`);
    return performance.now() - started;
  });
  const afterAbandonedMs = await median3(async () => {
    const gone = new AbortController();
    const abandoned = slowCall(target, 'bench_sleep', 2, gone.signal).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    gone.abort();
    await abandoned;
    const ms = await probe(target);
    // Whatever is left of the abandoned call on PGlite, before the next measurement.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return ms;
  });
  return { engine, statementTimeoutMs, afterAbandonedMs };
}

const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const loadBefore = loadAverage();
const rows: Row[] = [];
const faultRows: Faults[] = [];
for (const engine of engines) {
  log(`${engine}: preparing ${articles.toLocaleString('en')} synthetic articles`);
  const target = await startTarget(engine, articles, log);
  try {
    for (const scenario of await scenarios(target)) {
      for (const clients of CLIENTS) {
        // Warm the plan and the caches, then let the server settle.
        await runLoad(target.url, scenario.request, { clients: 1, durationMs: 300, timeoutMs: TIMEOUT_MS });
        const result = await runLoad(target.url, scenario.request, { clients, durationMs, timeoutMs: TIMEOUT_MS });
        rows.push({ engine, request: scenario.name, ...result, nextMs: await probe(target) });
        log(`${engine} · ${scenario.name} · ${clients} clients: ${Math.round(result.rps)} req/s`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    await removeComments(target);
    faultRows.push(await faults(target, engine));
  } finally {
    await target.stop();
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? `${v.toFixed(1)} ms` : `${Math.round(v)} ms`);
const errors = (r: Row) =>
  Object.entries(r.errors)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ') || '0';
console.log(
  [
    `Local API at ${articles.toLocaleString('en')} synthetic articles, ${durationMs / 1000} s per row, ` +
      `${os.cpus().length} cores, load average ${loadBefore} before and ${loadAverage()} after ` +
      '(other work on the machine skews the figures: compare runs with similar load)',
    '',
    '| Engine | Request | Clients | Requests/s | p50 | p99 | Errors | Timeouts | Next request |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.engine} | ${r.request} | ${r.clients} | ${Math.round(r.rps)} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${errors(r)} | ${r.timeouts} | ${ms(r.nextMs)} |`,
    ),
    '',
    '| Engine | A 2 s call past its 300 ms statement timeout: answered 57014 after | A client leaves its 2 s call at 200 ms: a read sent then answered after |',
    '| --- | --- | --- |',
    ...faultRows.map((f) => `| ${f.engine} | ${ms(f.statementTimeoutMs)} | ${ms(f.afterAbandonedMs)} |`),
  ].join('\n'),
);
fs.mkdirSync(path.join(DATA_DIR, 'bench'), { recursive: true });
fs.writeFileSync(
  path.join(DATA_DIR, 'bench', 'api.json'),
  JSON.stringify({ measuredAt: new Date().toISOString(), articles, durationMs, rows, faults: faultRows }, null, 2),
);
