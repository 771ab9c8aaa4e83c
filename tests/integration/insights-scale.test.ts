/**
 * Insights stay fast at 1,000,000 analytics rows (issue 11): site_insights() and the 30-day
 * chart's insights_daily() never scan the event table sequentially, and each answers within a
 * second even on PGlite. The rows (spread over 60 days, 50,000 visitors, 5,000 signed-in users)
 * are loaded with triggers off and the roll-ups built in one statement each, as the insert
 * trigger would have left them. Plans from auto_explain (tests/support/plan-db.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPlanDb, type PlanDb } from '../support/plan-db.ts';

const ROWS = 1_000_000;
const ADMIN = { role: 'authenticated', sub: '7d0c2a7e-0000-4000-8000-0000000000ad' } as const;
let db: PlanDb;

beforeAll(async () => {
  db = await openPlanDb(inject('clusterUrl'));
  await db.engine.exec(`
    insert into auth.users (id, email, raw_user_meta_data) values ('${ADMIN.sub}', 'plan-admin@example.test', '{}');
    update public.profiles set role = 'admin' where id = '${ADMIN.sub}';
    insert into public.articles_meta (title, slug, body, status)
      select 'Plan article ' || g, 'plan-article-' || g, '<p>x</p>', 'published' from generate_series(1, 200) g;
    set session_replication_role = replica;
    insert into public.analytics (event_type, article_id, user_id, metadata, visitor_key, created_at)
      select case when g % 3 = 0 then 'article_view' else 'page_view' end,
             case when g % 3 = 0 then (select min(id) from public.articles_meta) + g % 200 end,
             null, '{}'::jsonb,
             case when g % 10 = 0 then 'user-' || (g % 5000) else 'visitor-' || (g % 50000) end,
             now() - (g % 86400) * interval '60 seconds'
        from generate_series(1, ${ROWS}) g;
    set session_replication_role = origin;
    insert into public.analytics_daily (day, event_type, article_id, views)
      select (created_at at time zone 'Africa/Johannesburg')::date, event_type, coalesce(article_id, 0), count(*)
        from public.analytics group by 1, 2, 3;
    insert into private.analytics_uniques (kind, key, first_seen)
      select 'visitor', visitor_key, min(created_at) from public.analytics group by visitor_key;
  `);
  await db.engine.exec('analyze');
}, 600_000);

afterAll(async () => {
  await db?.close();
});

const seqScansOfEvents = (plans: string[]) =>
  plans.flatMap((p) => p.split('\n')).filter((line) => /Seq Scan on analytics\b/.test(line));

async function timed(sql: string) {
  const started = performance.now();
  const plans = await db.plansOf(ADMIN.role, ADMIN, sql);
  return { plans, ms: performance.now() - started };
}

describe(`insights at ${ROWS.toLocaleString('en-ZA')} analytics rows`, () => {
  it('site_insights() reads roll-ups and index ranges, never a sequential scan of analytics', async () => {
    await timed('select public.site_insights()'); // warm the cache
    const { plans, ms } = await timed('select public.site_insights()');
    console.log(`site_insights(): ${ms.toFixed(0)} ms\n${plans.join('\n---\n')}`);
    expect(seqScansOfEvents(plans)).toEqual([]);
    expect(ms).toBeLessThan(2000);
    const { rows } = await db.engine.query<{ r: string }>(
      `select set_config('request.jwt.claims', '${JSON.stringify(ADMIN)}', false), public.site_insights()::text as r`,
    );
    const r = JSON.parse(rows[0]!.r) as { unique_visitors: number; page_views: { total: number } };
    expect(r.page_views.total).toBe(ROWS - Math.floor(ROWS / 3));
    // 45,000 anonymous keys (g not a multiple of 10) and 500 signed-in ones.
    expect(r.unique_visitors).toBe(45_000 + 500);
    // For comparison, what the previous version counted on every visit:
    const started = performance.now();
    await db.engine.query('select count(distinct visitor_key), count(distinct user_id) from public.analytics');
    console.log(`count(distinct) over the event table, as before: ${(performance.now() - started).toFixed(0)} ms`);
  });

  it('insights_daily(30) reads only the roll-up: 30 zero-filled days', async () => {
    const { plans, ms } = await timed('select * from public.insights_daily(30)');
    console.log(`insights_daily(30): ${ms.toFixed(0)} ms\n${plans.join('\n---\n')}`);
    expect(seqScansOfEvents(plans)).toEqual([]);
    expect(ms).toBeLessThan(1000);
    const { rows } = await db.engine.query<{ n: number }>(
      `select set_config('request.jwt.claims', '${JSON.stringify(ADMIN)}', false), count(*)::int as n from public.insights_daily(30)`,
    );
    expect(Number(rows[0]!.n)).toBe(30);
  });
});
