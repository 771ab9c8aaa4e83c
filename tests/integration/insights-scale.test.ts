/**
 * Insights at 1,000,000 analytics rows (issue 11): site_insights() and the 30-day chart's
 * insights_daily() never scan the event table sequentially, and count what the rows hold. The
 * rows (spread over 60 days, 50,000 visitors, 5,000 signed-in users) are loaded with triggers off
 * and the roll-ups built in one statement each, as the insert trigger would have left them
 * (scripts/bench/lib/insights-rows.ts). Plans from auto_explain (tests/support/plan-db.ts).
 * How long the calls take is measured by `npm run bench:dashboard -- --insights-rows 1000000`
 * (docs/performance.md), never asserted here.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INSIGHTS_ADMIN as ADMIN, loadInsightsRows } from '../../scripts/bench/lib/insights-rows.ts';
import { openPlanDb, type PlanDb } from '../support/plan-db.ts';

const ROWS = 1_000_000;
let db: PlanDb;

beforeAll(async () => {
  db = await openPlanDb(inject('clusterUrl'));
  await loadInsightsRows(db.engine, ROWS);
}, 600_000);

afterAll(async () => {
  await db?.close();
});

const seqScansOfEvents = (plans: string[]) =>
  plans.flatMap((p) => p.split('\n')).filter((line) => /Seq Scan on analytics\b/.test(line));

/** The result of `sql` as the admin, as text. */
async function asAdmin(sql: string): Promise<string> {
  const { rows } = await db.engine.query<{ r: string }>(
    `select set_config('request.jwt.claims', '${JSON.stringify(ADMIN)}', false), (${sql})::text as r`,
  );
  return rows[0]!.r;
}

describe(`insights at ${ROWS.toLocaleString('en-ZA')} analytics rows`, () => {
  it('the rows are there, and a query that must read every event shows up as a sequential scan', async () => {
    expect(Number(await asAdmin('select count(*) from public.analytics'))).toBe(ROWS);
    // No index covers metadata: the check below would see a plan like this one.
    const plans = await db.plansOf('service_role', {}, `select count(*) from public.analytics where metadata ? 'x'`);
    expect(seqScansOfEvents(plans)).not.toEqual([]);
  });

  it('site_insights() reads roll-ups and index ranges, never a sequential scan of analytics', async () => {
    const plans = await db.plansOf(ADMIN.role, ADMIN, 'select public.site_insights()');
    expect(plans.length).toBeGreaterThan(0);
    expect(seqScansOfEvents(plans)).toEqual([]);
    const r = JSON.parse(await asAdmin('select public.site_insights()')) as {
      unique_visitors: number;
      page_views: { total: number };
    };
    expect(r.page_views.total).toBe(ROWS - Math.floor(ROWS / 3));
    // 45,000 anonymous keys (g not a multiple of 10) and 500 signed-in ones.
    expect(r.unique_visitors).toBe(45_000 + 500);
  });

  it('insights_daily(30) reads only the roll-up: 30 zero-filled days', async () => {
    const plans = await db.plansOf(ADMIN.role, ADMIN, 'select * from public.insights_daily(30)');
    expect(plans.length).toBeGreaterThan(0);
    expect(seqScansOfEvents(plans)).toEqual([]);
    expect(Number(await asAdmin('select count(*) from public.insights_daily(30)'))).toBe(30);
  });
});
