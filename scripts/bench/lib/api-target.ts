/**
 * The private stack `npm run bench:api` measures: the demo content plus N synthetic articles on
 * PGlite (a data directory under .data/bench, kept between runs so a rerun only starts it) or on
 * a throw-away PostgreSQL 15 cluster (filled on every run), then the local server in its own
 * process, as `npm run supabase:local` runs it, so the load generator does not share its thread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../../supabase/local/config.ts';
import { startLocalServer } from '../../../supabase/local/server.ts';
import { startPgCluster, type PgCluster } from '../../lib/pg-cluster.ts';
import { generate } from '../../seed/generate.ts';
import { seedIfEmpty } from '../../seed/index.ts';
import { DATA_DIR, ROOT } from '../../lib/paths.ts';

export type BenchEngine = 'pglite' | 'postgres';

export interface BenchTarget {
  url: string;
  publishableKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const API_PORT = Number(process.env.BENCH_API_PORT ?? 54350);
const PREP_PORT = Number(process.env.BENCH_PREP_PORT ?? 54358);

/**
 * Two slow calls for the faults bench:api measures (statement timeouts, clients that leave), as
 * tests/integration/server-load.test.ts makes them with its fixtures: a sleep, and a sleep with
 * its own 300 ms statement timeout, which the server applies to the call as PostgREST 12.2+ does.
 * Bench databases only.
 */
const SLOW_CALLS = `
  create or replace function public.bench_sleep(seconds float8) returns void
    language sql volatile set search_path = '' as $$ select pg_sleep(seconds) $$;
  create or replace function public.bench_sleep_limited(seconds float8) returns void
    language sql volatile set search_path = '' set statement_timeout = '300ms' as $$ select pg_sleep(seconds) $$;
  grant execute on function public.bench_sleep(float8), public.bench_sleep_limited(float8) to anon;
`;

/**
 * Seeds the demo content when missing, tops the synthetic articles up to `articles` and adds the
 * slow calls.
 */
async function fill(dataDir: string, databaseUrl: string | undefined, articles: number, log: (l: string) => void) {
  const config = loadConfig({ port: PREP_PORT, host: HOST, dataDir, databaseUrl, inMemory: false });
  const server = await startLocalServer(config);
  try {
    if (await seedIfEmpty(server)) log('demo content seeded');
    const admin = createClient(server.url, config.secretKey, { auth: { persistSession: false } });
    let last = 0;
    await generate(admin, articles, (line) => {
      const done = Number(/^(\d+) \//.exec(line)?.[1] ?? 0);
      if (done - last >= 10_000 || line.startsWith('done')) {
        log(`synthetic articles: ${line}`);
        last = done;
      }
    });
    await server.engine.exec(SLOW_CALLS);
    // Steady state: PostgreSQL's autovacuum would analyze the new rows at a moment of its own
    // choosing, in the middle of a measurement.
    await server.engine.exec('analyze');
  } finally {
    await server.close();
  }
}

export interface ServerProcess {
  child: ChildProcess;
  /** The API's base URL, as the server printed it (port 0 picks a free port). */
  url: string;
}

/**
 * Starts `supabase/local/main.ts` in its own process (so a test can SIGKILL it) and resolves
 * once it listens. `env` is added to this process's environment (e.g. BCRYPT_COST).
 */
export async function startServerProcess(
  dataDir: string,
  databaseUrl: string | undefined,
  { port = API_PORT, env: extra = {} }: { port?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_LOCAL_HOST: HOST, ...extra };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'supabase/local/main.ts'), '--port', String(port), '--data-dir', dataDir, '--quiet'],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onExit = (code: number | null) => reject(new Error(`the API server exited (${code}) before listening`));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Local Supabase-compatible API\s+(\S+)/.exec(out);
      if (m) {
        child.off('exit', onExit);
        resolve(m[1]!);
      }
    });
    child.once('exit', onExit);
  });
  child.stdout!.resume();
  return { child, url };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function startTarget(
  engine: BenchEngine,
  articles: number,
  log: (l: string) => void,
): Promise<BenchTarget> {
  let cluster: PgCluster | undefined;
  let dataDir: string;
  if (engine === 'postgres') {
    cluster = await startPgCluster();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  } else {
    dataDir = path.join(DATA_DIR, 'bench', `api-pglite-${articles}`);
  }
  try {
    const started = Date.now();
    await fill(dataDir, cluster?.url, articles, log);
    log(`${engine}: data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Cheap password hashes: the comment scenario makes hundreds of reader accounts.
    const { child, url } = await startServerProcess(dataDir, cluster?.url, { env: { BCRYPT_COST: '4' } });
    const config = loadConfig();
    return {
      url,
      publishableKey: config.publishableKey,
      secretKey: config.secretKey,
      async stop() {
        await stopProcess(child);
        await cluster?.stop();
        if (cluster) fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await cluster?.stop();
    throw e;
  }
}
