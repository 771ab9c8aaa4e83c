/**
 * `npm run bench:dashboard -- --lists [--engine pglite|postgres|both]`: the first page and a deep
 * page of every long dashboard list at a newsroom's second-year size (issue 28; newsroom-rows.ts),
 * on a private database per engine (in-memory PGlite; a throw-away PostgreSQL 15 cluster) with the
 * app's migrations. Each call runs as the API runs it: one transaction with the caller's role and
 * claims, so row-level security applies. The PostgREST reads (Archive, Contact Submissions,
 * Subscribers) are the statement the local server builds for a `range` with `count=exact`: the
 * page and, in the same statement, the count of every match. My Articles and Comments Moderation
 * call the functions those screens call. Warm, median of 5. Writes .data/bench/dashboard-lists.json.
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
import { NEWSROOM_ADMIN, NEWSROOM_AUTHOR, SECOND_YEAR, loadNewsroomRows, type NewsroomSizes } from './newsroom-rows.ts';

export type ListsEngine = 'pglite' | 'postgres';

const ROUNDS = 5;
const PAGE = 50;

/** A PostgREST read with `count=exact`, as supabase/local/rest/build-read.ts words it. */
function restPage(table: string, columns: string, where: string, order: string, offset: number): string {
  return `select (select count(*) from public.${table} where ${where}) as total, count(*) as n,
                 coalesce(json_agg(p), '[]') as body
            from (select ${columns} from public.${table} where ${where} order by ${order}
                  limit ${PAGE} offset ${offset}) as p`;
}

const archived = 'archived_at is not null';
const archiveOrder = 'archived_at desc, id desc';
const submissionOrder = 'created_at desc, id desc';
const subscriberOrder = 'subscribed_at desc nulls last, id desc';
const last = (rows: number) => Math.max(0, Math.floor((rows - 1) / PAGE) * PAGE);

interface Call {
  list: string;
  page: string;
  sql: string;
  as: { role: string; sub: string };
}

function calls(s: NewsroomSizes): Call[] {
  const admin = NEWSROOM_ADMIN;
  const author = NEWSROOM_AUTHOR;
  const authorArticles = Math.floor((s.articles - s.archived) / 20);
  return [
    ...[0, last(s.archived)].map((offset) => ({
      list: 'Archive',
      page: offset ? `last (offset ${offset.toLocaleString('en')})` : 'first',
      sql: restPage('articles_meta', 'id, title, slug, archived_at', archived, archiveOrder, offset),
      as: admin,
    })),
    {
      list: 'Archive',
      page: 'title search, first',
      sql: restPage(
        'articles_meta',
        'id, title, slug, archived_at',
        `${archived} and title ilike '%hydrogen%'`,
        archiveOrder,
        0,
      ),
      as: admin,
    },
    ...[0, last(s.submissions)].map((offset) => ({
      list: 'Contact Submissions',
      page: offset ? `last (offset ${offset.toLocaleString('en')})` : 'first',
      sql: restPage('contact_submissions', '*', 'true', submissionOrder, offset),
      as: admin,
    })),
    {
      list: 'Contact Submissions',
      page: "status 'new' and Advertise, last",
      sql: restPage(
        'contact_submissions',
        '*',
        `status = 'new' and form_type = 'advertise'`,
        submissionOrder,
        last(Math.ceil(s.submissions / 6)),
      ),
      as: admin,
    },
    ...[0, last(s.subscribers)].map((offset) => ({
      list: 'Subscribers',
      page: offset ? `last (offset ${offset.toLocaleString('en')})` : 'first',
      sql: restPage(
        'newsletter_subscribers',
        'id, email, subscribed_at, created_at, user_id',
        'true',
        subscriberOrder,
        offset,
      ),
      as: admin,
    })),
    {
      list: 'Subscribers',
      page: 'e-mail search, first',
      sql: restPage(
        'newsletter_subscribers',
        'id, email, subscribed_at, created_at, user_id',
        `email ilike '%er-4999%'`,
        subscriberOrder,
        0,
      ),
      as: admin,
    },
    ...[0, last(authorArticles)].map((offset) => ({
      list: 'Your Article Views (an author)',
      page: offset ? `last (offset ${offset.toLocaleString('en')})` : 'first',
      sql: `select * from public.my_article_views(${PAGE}, ${offset})`,
      as: author,
    })),
    ...[0, last(s.articles - s.archived) - 30].map((offset) => ({
      list: 'My Articles (admin, dashboard_articles)',
      page: offset ? `deep (offset ${offset.toLocaleString('en')})` : 'first',
      sql: `select * from public.dashboard_articles('', 20, ${offset})`,
      as: admin,
    })),
    {
      list: 'My Articles (admin, dashboard_articles)',
      page: "search 'hydrogen', first",
      sql: `select * from public.dashboard_articles('hydrogen', 20, 0)`,
      as: admin,
    },
    {
      list: 'My Articles (an author, dashboard_articles)',
      page: 'first',
      sql: `select * from public.dashboard_articles('', 20, 0)`,
      as: author,
    },
    {
      list: 'Comments Moderation (moderation_comment_counts)',
      page: 'the tab counts',
      sql: `select * from public.moderation_comment_counts()`,
      as: admin,
    },
    // commentStatus (scripts/seed/newsroom.ts): 7 in 10 approved, 1 in 10 pending.
    ...[0, last(Math.floor(s.comments / 10))].map((offset) => ({
      list: 'Comments Moderation (moderation_comments, Pending tab)',
      page: offset ? `deep (offset ${offset.toLocaleString('en')})` : 'first',
      sql: `select * from public.moderation_comments('pending', null, ${PAGE}, ${offset})`,
      as: admin,
    })),
    ...[0, last(Math.floor((s.comments * 7) / 10))].map((offset) => ({
      list: 'Comments Moderation (moderation_comments, Approved tab)',
      page: offset ? `deep (offset ${offset.toLocaleString('en')})` : 'first',
      sql: `select * from public.moderation_comments('approved', null, ${PAGE}, ${offset})`,
      as: admin,
    })),
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(engine: Engine, call: Call): Promise<number> {
  const once = () =>
    engine.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        call.as.role,
        JSON.stringify(call.as),
      ]);
      const started = performance.now();
      await tx.query(call.sql);
      return performance.now() - started;
    });
  await once(); // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await once());
  return median(times);
}

async function measure(
  kind: ListsEngine,
  s: NewsroomSizes,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  let cluster: PgCluster | undefined;
  let engine: Engine | undefined;
  try {
    if (kind === 'postgres') cluster = await startPgCluster();
    engine = await openEngine({ databaseUrl: cluster?.url, poolSize: 1 });
    await bootstrap(engine);
    await migrate(engine, path.join(ROOT, 'supabase', 'migrations'));
    const started = performance.now();
    await loadNewsroomRows(engine, s);
    log(`${kind}: second-year newsroom loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const ms: Record<string, number> = {};
    for (const call of calls(s)) {
      const key = `${call.list} · ${call.page}`;
      // A list whose function changed its arguments since (another branch's paging) prints '–'
      // and the reason, and the others are still measured.
      try {
        ms[key] = await time(engine, call);
        log(`${kind}: ${key} ${ms[key]!.toFixed(1)} ms`);
      } catch (error) {
        log(`${kind}: ${key} failed: ${(error as Error).message}`);
      }
    }
    return ms;
  } finally {
    await engine?.close();
    await cluster?.stop();
  }
}

/** `scale` below 1 shrinks every size (a quick check of the bench itself, not a figure to record). */
export async function benchListsAtScale(engines: ListsEngine[], scale = 1): Promise<void> {
  const s = Object.fromEntries(
    Object.entries(SECOND_YEAR).map(([k, v]) => [k, Math.max(1, Math.round(v * scale))]),
  ) as unknown as NewsroomSizes;
  const log = (line: string) => console.error(`[bench:dashboard] ${line}`);
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const results: Partial<Record<ListsEngine, Record<string, number>>> = {};
  for (const kind of engines) results[kind] = await measure(kind, s, log);
  const fmt = (v: number | undefined) =>
    v === undefined ? '–' : v < 10 ? `${v.toFixed(1)} ms` : `${Math.round(v)} ms`;
  console.log(
    [
      `Dashboard lists at a second-year newsroom (${s.articles.toLocaleString('en')} articles, ` +
        `${s.archived.toLocaleString('en')} archived, ${s.comments.toLocaleString('en')} comments, ` +
        `${s.subscribers.toLocaleString('en')} subscribers, ${s.submissions.toLocaleString('en')} enquiries, ` +
        `${s.events} events), warm, median of ${ROUNDS}; ${os.cpus().length} cores, ` +
        `load average ${loadBefore} before and ${os.loadavg()[0]!.toFixed(1)} after`,
      '',
      '| List | Page | PGlite | PostgreSQL 15 |',
      '| --- | --- | --- | --- |',
      ...calls(s).map(({ list, page }) => {
        const key = `${list} · ${page}`;
        return `| ${list} | ${page} | ${fmt(results.pglite?.[key])} | ${fmt(results.postgres?.[key])} |`;
      }),
    ].join('\n'),
  );
  fs.mkdirSync(path.join(DATA_DIR, 'bench'), { recursive: true });
  fs.writeFileSync(
    path.join(DATA_DIR, 'bench', 'dashboard-lists.json'),
    JSON.stringify({ measuredAt: new Date().toISOString(), sizes: s, results }, null, 2),
  );
}
