/**
 * `npm run bench:dashboard -- --insights-rows 1000000 [--engine pglite|postgres|both]`: what the
 * Insights screen's two calls cost at N analytics rows (issue 11), on a private database per
 * engine (in-memory PGlite; a throw-away PostgreSQL 15 cluster) with the app's migrations and
 * the rows of insights-rows.ts. Each call runs as the admin, as the API runs it (one
 * transaction, role and claims set); warm, median of 5. For comparison, the uniques count the
 * first version made on every visit. tests/integration/insights-scale.test.ts holds the plans
 * (no sequential scan of the events) and the counts; the times are recorded in
 * docs/performance.md. Writes .data/bench/dashboard-insights.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Engine } from '../../../supabase/local/db/engine.ts';
import { openEngine } from '../../../supabase/local/db/open-engine.ts';
import { bootstrap, migrate } from '../../../supabase/local/db/migrate.ts';
import { startPgCluster, type PgCluster } from '../../lib/pg-cluster.ts';
import { DATA_DIR, ROOT } from '../../lib/paths.ts';
import { INSIGHTS_ADMIN, loadInsightsRows } from './insights-rows.ts';

export type InsightsEngine = 'pglite' | 'postgres';

const ROUNDS = 5;
/** The calls, as the admin; the last as the first version's security-definer function ran it. */
const CALLS = [
  {
    name: '`site_insights()` (totals, 7 days, today, uniques, top 5)',
    sql: 'select public.site_insights()',
    asAdmin: true,
  },
  { name: '`insights_daily(30)` (the chart)', sql: 'select * from public.insights_daily(30)', asAdmin: true },
  {
    name: 'the previous uniques, `count(distinct visitor_key), count(distinct user_id)` over the events',
    sql: 'select count(distinct visitor_key), count(distinct user_id) from public.analytics',
    asAdmin: false,
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(engine: Engine, sql: string, asAdmin: boolean): Promise<number> {
  const once = () =>
    engine.transaction(async (tx) => {
      if (asAdmin)
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          INSIGHTS_ADMIN.role,
          JSON.stringify(INSIGHTS_ADMIN),
        ]);
      const started = performance.now();
      await tx.query(sql);
      return performance.now() - started;
    });
  await once(); // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await once());
  return median(times);
}

async function measure(kind: InsightsEngine, rows: number, log: (line: string) => void) {
  let cluster: PgCluster | undefined;
  let engine: Engine | undefined;
  try {
    if (kind === 'postgres') cluster = await startPgCluster();
    engine = await openEngine({ databaseUrl: cluster?.url, poolSize: 1 });
    await bootstrap(engine);
    await migrate(engine, path.join(ROOT, 'supabase', 'migrations'));
    const started = performance.now();
    await loadInsightsRows(engine, rows);
    log(`${kind}: ${rows.toLocaleString('en')} rows loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const ms: Record<string, number> = {};
    for (const { name, sql, asAdmin } of CALLS) {
      ms[name] = await time(engine, sql, asAdmin);
      log(`${kind}: ${name} ${ms[name]!.toFixed(1)} ms`);
    }
    return ms;
  } finally {
    await engine?.close();
    await cluster?.stop();
  }
}

export async function benchInsightsAtScale(rows: number, engines: InsightsEngine[]): Promise<void> {
  const log = (line: string) => console.error(`[bench:dashboard] ${line}`);
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const results: Partial<Record<InsightsEngine, Record<string, number>>> = {};
  for (const kind of engines) results[kind] = await measure(kind, rows, log);
  const fmt = (v: number | undefined) =>
    v === undefined ? '–' : v < 10 ? `${v.toFixed(1)} ms` : `${Math.round(v)} ms`;
  console.log(
    [
      `Insights at ${rows.toLocaleString('en')} analytics rows, warm, median of ${ROUNDS}; ${os.cpus().length} cores, ` +
        `load average ${loadBefore} before and ${os.loadavg()[0]!.toFixed(1)} after`,
      '',
      '| Call | PGlite | PostgreSQL 15 |',
      '| --- | --- | --- |',
      ...CALLS.map(({ name }) => `| ${name} | ${fmt(results.pglite?.[name])} | ${fmt(results.postgres?.[name])} |`),
    ].join('\n'),
  );
  fs.mkdirSync(path.join(DATA_DIR, 'bench'), { recursive: true });
  fs.writeFileSync(
    path.join(DATA_DIR, 'bench', 'dashboard-insights.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), rows, results }, null, 2),
  );
}
