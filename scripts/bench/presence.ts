/**
 * `npm run bench:presence`: what "who else is editing" (issue 18) costs, on a throw-away
 * PostgreSQL 15 cluster behind the local API, with the demo content plus 10,000 synthetic
 * articles (`ARTICLES=…` to change) and 50 staff members with a form open:
 *   - the heartbeat load at 50 open forms (one request per form every 20 s) and what the API
 *     sustains: 50 heartbeats at once, repeated, in requests per second;
 *   - My Articles' first page (dashboard_articles, the admin's view of every article) with no
 *     presence marks and with 50 live marks on the listed rows: the issue asks that the second
 *     stays within 10 % of the first.
 * A benchmark, never a test: it asserts nothing. Figures also go to .data/bench/presence.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer } from '../../supabase/local/server.ts';
import { startPgCluster } from '../lib/pg-cluster.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { DATA_DIR } from '../lib/paths.ts';
import { generate } from '../seed/generate.ts';
import { seedIfEmpty } from '../seed/index.ts';

const ARTICLES = Number(process.env.ARTICLES ?? 10_000);
const STAFF = 50;
/** The form's heartbeat (src/dashboard/features/article-form/api/presence.ts, which needs a browser). */
const HEARTBEAT_MS = 20_000;
const ROUNDS = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const opts = { auth: { persistSession: false, autoRefreshToken: false } };

const cluster = await startPgCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-presence-'));
const server = await startLocalServer(loadConfig({ port: 0, databaseUrl: cluster.url, dataDir, inMemory: false }));
try {
  const { publishableKey, secretKey } = server.config;
  await seedIfEmpty(server);
  const service = createClient(server.url, secretKey, opts);
  await generate(service, ARTICLES, () => {});
  await server.engine.query('analyze');

  // 50 staff members (admins, so each may open any article), each signed in.
  const staff: SupabaseClient<Database>[] = [];
  for (let i = 0; i < STAFF; i++) {
    const email = `bench-staff-${i}@bench.test`;
    const { data, error } = await service.auth.admin.createUser({
      email,
      password: 'bench-password',
      email_confirm: true,
      user_metadata: { display_name: `Bench Staff ${i}` },
    });
    if (error) throw new Error(error.message);
    await server.engine.query(`update public.profiles set role = 'admin' where id = $1`, [data.user.id]);
    const client = createClient<Database>(server.url, publishableKey, opts);
    const signIn = await client.auth.signInWithPassword({ email, password: 'bench-password' });
    if (signIn.error) throw new Error(signIn.error.message);
    staff.push(client);
  }
  const admin = createClient<Database>(server.url, publishableKey, opts);
  await admin.auth.signInWithPassword({ email: 'admin@demo.test', password: 'demo-password' });

  const firstPage = async () => {
    const t0 = performance.now();
    const { data, error } = await admin.rpc('dashboard_articles', { p_search: '', p_limit: 20, p_offset: 0 });
    if (error) throw new Error(error.message);
    return { ms: performance.now() - t0, rows: data };
  };
  const listed = (await firstPage()).rows.map((r) => r.id);

  // Every staff member opens a form on one of the listed articles and beats, all at once.
  const beat = (i: number) => staff[i]!.rpc('article_heartbeat', { p_article_id: listed[i % listed.length]! });
  const latencies: number[] = [];
  const t0 = performance.now();
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      staff.map(async (_, i) => {
        const s = performance.now();
        const { error } = await beat(i);
        if (error) throw new Error(error.message);
        latencies.push(performance.now() - s);
      }),
    );
  }
  const sustained = (10 * STAFF) / ((performance.now() - t0) / 1000);
  const editing = (await firstPage()).rows.reduce((n, r) => n + r.editing_names.length, 0);

  // The list with and without the marks, alternating round by round so drift hits both alike.
  const marks = await server.engine.query<{ article_id: number; user_id: string }>(
    'select article_id, user_id from public.article_presence',
  );
  const withoutMarks: number[] = [];
  const withMarks: number[] = [];
  for (let i = 0; i < 5; i++) await firstPage(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    await server.engine.query('delete from public.article_presence');
    withoutMarks.push((await firstPage()).ms);
    await server.engine.query(
      `insert into public.article_presence (article_id, user_id)
       select * from unnest($1::bigint[], $2::uuid[])`,
      [marks.rows.map((m) => m.article_id), marks.rows.map((m) => m.user_id)],
    );
    withMarks.push((await firstPage()).ms);
  }
  const without = median(withoutMarks);
  const with_ = median(withMarks);

  const result = {
    articles: ARTICLES,
    staffWithFormsOpen: STAFF,
    heartbeatLoadPerSecond: STAFF / (HEARTBEAT_MS / 1000),
    heartbeatSustainedPerSecond: Math.round(sustained),
    heartbeatMedianMs: median(latencies),
    myArticlesFirstPageMs: { withoutMarks: without, withMarks: with_, marksOnPage: editing },
    overheadPercent: ((with_ - without) / without) * 100,
  };
  console.log(`articles: ${ARTICLES}; staff with a form open: ${STAFF}`);
  console.log(
    `heartbeat load: ${result.heartbeatLoadPerSecond.toFixed(1)} requests/s (one per form every ${HEARTBEAT_MS / 1000} s); ` +
      `sustained: ${result.heartbeatSustainedPerSecond} requests/s, median ${result.heartbeatMedianMs.toFixed(1)} ms under 50 at once`,
  );
  console.log(
    `My Articles first page: ${without.toFixed(1)} ms without marks, ${with_.toFixed(1)} ms with ${editing} live marks ` +
      `(${result.overheadPercent >= 0 ? '+' : ''}${result.overheadPercent.toFixed(1)} %)`,
  );
  fs.mkdirSync(path.join(DATA_DIR, 'bench'), { recursive: true });
  fs.writeFileSync(path.join(DATA_DIR, 'bench', 'presence.json'), JSON.stringify(result, null, 2));
} finally {
  await server.close();
  await cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
