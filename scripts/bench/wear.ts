/**
 * `npm run bench:wear [-- --articles 10000] [--cycles 3] [--port 54371]`: does the embedded stack
 * wear out? As a new user would try it (issue 26): on a private PGlite stack in a temporary data
 * folder, with the demo content and a stand-in publish worker (it answers the outbox's webhooks
 * and marks what they announced built, as the real worker does after a build), runs N cycles of
 * `seed:generate --articles N` then `--remove`, adds the articles once more, then prints: the data
 * folder's size (total, pg_wal, base), the API process's CPU over 10 idle seconds, a one-row read
 * p50/p99 over 200 sequential requests, search p50 from 1 client and requests/s and p50 at 50
 * clients, and how long after a `kill -9` the restarted API answers its first request.
 * `--cycles 0` measures a fresh stack. A benchmark, never a test: it asserts nothing.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer } from '../../supabase/local/server.ts';
import { generate, removeSynthetic } from '../seed/generate.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { startServerProcess, stopProcess } from './lib/api-target.ts';
import { runLoad, type LoadRequest } from './lib/load.ts';
import { cpuSeconds, percentile } from './lib/proc.ts';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    cycles: { type: 'string', default: '3' },
    port: { type: 'string', default: '54371' },
    seconds: { type: 'string', default: '10' },
  },
});
const articles = Number(values.articles);
const cycles = Number(values.cycles);
const apiPort = Number(values.port);
const workerPort = apiPort + 1;
const durationMs = Number(values.seconds) * 1000;
const log = (line: string) => console.error(`[bench:wear] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Bytes under `dir`, files only. */
function du(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * The publish worker's part, without the build: answers each webhook, then (debounced, as a
 * build coalesces changes) marks everything pending built, so the outbox moves as under `npm start`.
 */
function standInWorker(client: () => SupabaseClient | undefined): http.Server {
  let timer: NodeJS.Timeout | undefined;
  const markBuilt = async () => {
    const db = client();
    if (!db) return;
    const { data } = await db.rpc('publish_pending');
    const upTo = (data as { up_to: number | null }[] | null)?.[0]?.up_to;
    if (upTo) await db.rpc('publish_mark_built', { up_to: upTo });
  };
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.end('ok');
      clearTimeout(timer);
      timer = setTimeout(() => void markBuilt().catch((e: unknown) => log(`worker: ${String(e)}`)), 300);
    });
  });
}

async function firstAnswer(url: string, key: string): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`${url}/rest/v1/categories?select=id&limit=1`, { headers: { apikey: key } });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(20);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (v: number) => (v < 10 ? `${v.toFixed(1)} ms` : `${Math.round(v)} ms`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wear-'));
const pgliteDir = path.join(dataDir, 'pglite');
const config = loadConfig({ port: apiPort, host: '127.0.0.1', dataDir, inMemory: false });
const anon = { apikey: config.publishableKey, Authorization: `Bearer ${config.publishableKey}` };
let admin: SupabaseClient | undefined;
const worker = standInWorker(() => admin);
await new Promise<void>((resolve) => worker.listen(workerPort, '127.0.0.1', resolve));
const env = { PUBLISH_WEBHOOK_URL: `http://127.0.0.1:${workerPort}/webhook` };
let child: ChildProcess | undefined;
const loadBefore = os.loadavg()[0]!.toFixed(1);
try {
  log(`seeding the demo content in ${dataDir}`);
  const prep = await startLocalServer(config);
  await seedIfEmpty(prep);
  await prep.close();

  let server = await startServerProcess(dataDir, undefined, { port: apiPort, env });
  child = server.child;
  admin = createClient(server.url, config.secretKey, { auth: { persistSession: false } });
  const quiet = () => {};
  const started = performance.now();
  for (let cycle = 1; cycle <= cycles; cycle++) {
    await generate(admin, articles, quiet);
    const removed = await removeSynthetic(admin);
    log(`cycle ${cycle}/${cycles}: added and removed ${removed} articles`);
  }
  await generate(admin, articles, quiet);
  log(`${articles} articles in place after ${((performance.now() - started) / 1000).toFixed(0)} s; letting it settle`);
  await sleep(5_000);

  const sizes = {
    total: du(pgliteDir),
    wal: du(path.join(pgliteDir, 'pg_wal')),
    base: du(path.join(pgliteDir, 'base')),
  };

  const cpuBefore = cpuSeconds(child.pid) ?? 0;
  await sleep(10_000);
  const idleCpu = ((cpuSeconds(child.pid) ?? 0) - cpuBefore) / 10;

  const reads: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const res = await fetch(`${server.url}/rest/v1/articles_meta?select=id,title&limit=1`, { headers: anon });
    await res.arrayBuffer();
    reads.push(performance.now() - t);
  }
  reads.sort((a, b) => a - b);

  const search = (): LoadRequest => ({
    method: 'POST',
    path: '/rest/v1/rpc/search_articles?select=id,title,slug,excerpt,published_at&limit=49',
    headers: { ...anon, 'Content-Type': 'application/json' },
    body: JSON.stringify({ q: 'energy', max_results: 49 }),
  });
  await runLoad(server.url, search, { clients: 1, durationMs: 300, timeoutMs: 10_000 });
  const one = await runLoad(server.url, search, { clients: 1, durationMs: durationMs / 2, timeoutMs: 10_000 });
  const fifty = await runLoad(server.url, search, { clients: 50, durationMs, timeoutMs: 10_000 });

  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  const restartedAt = performance.now();
  server = await startServerProcess(dataDir, undefined, { port: apiPort, env });
  child = server.child;
  await firstAnswer(server.url, config.publishableKey);
  const recoveryMs = performance.now() - restartedAt;

  console.log(
    [
      `Embedded stack (PGlite) after ${cycles} add/remove cycle(s) of ${articles.toLocaleString('en')} articles, ` +
        `then ${articles.toLocaleString('en')} added; ${os.cpus().length} cores, load average ${loadBefore} before ` +
        `and ${os.loadavg()[0]!.toFixed(1)} after`,
      '',
      '| Measure | Value |',
      '| --- | --- |',
      `| data folder: total / pg_wal / base | ${mb(sizes.total)} / ${mb(sizes.wal)} / ${mb(sizes.base)} |`,
      `| API process CPU, 10 s idle | ${(idleCpu * 100).toFixed(0)} % of a core |`,
      `| one-row read, 200 sequential: p50 / p99 | ${ms(percentile(reads, 0.5))} / ${ms(percentile(reads, 0.99))} |`,
      `| search, 1 client: p50 | ${ms(one.p50Ms)} |`,
      `| search, 50 clients: requests/s, p50 | ${Math.round(fifty.rps)}, ${ms(fifty.p50Ms)} |`,
      `| first answer after kill -9 and restart | ${ms(recoveryMs)} |`,
    ].join('\n'),
  );
} finally {
  if (child) await stopProcess(child);
  worker.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
