/**
 * A year's worth of Insights data in one go (issue 11), for the plan test
 * (tests/integration/insights-scale.test.ts) and `npm run bench:dashboard -- --insights-rows N`:
 * N analytics events over 60 days (every third an article view of one of 200 articles; 50,000
 * anonymous visitors and 5,000 signed-in users), loaded with triggers and the event table's
 * secondary indexes off (the indexes made again after), then the roll-ups built in one statement
 * each, as the insert trigger would have left them, and `analyze`.
 */
import type { Queryable } from '../../../supabase/local/db/engine.ts';
import { withSecondaryIndexesDropped } from './bulk-load.ts';

/** The admin who reads Insights: the claims its calls run with. */
export const INSIGHTS_ADMIN = { role: 'authenticated', sub: '7d0c2a7e-0000-4000-8000-0000000000ad' } as const;

/** Loads the admin, 200 published articles and `rows` events into a freshly migrated database. */
export async function loadInsightsRows(db: Queryable, rows: number): Promise<void> {
  await db.exec(`
    insert into auth.users (id, email, raw_user_meta_data) values ('${INSIGHTS_ADMIN.sub}', 'plan-admin@example.test', '{}');
    update public.profiles set role = 'admin' where id = '${INSIGHTS_ADMIN.sub}';
    insert into public.articles_meta (title, slug, body, status)
      select 'Plan article ' || g, 'plan-article-' || g, '<p>x</p>', 'published' from generate_series(1, 200) g;
  `);
  // The event table's secondary indexes are dropped for the load and made again after it
  // (PGlite: ~11 -> ~7 CPU-seconds for the load).
  await withSecondaryIndexesDropped(db, ['public.analytics'], () =>
    // One statement string: on PostgreSQL each call may take another pooled connection.
    db.exec(`
      set session_replication_role = replica;
      insert into public.analytics (event_type, article_id, user_id, metadata, visitor_key, created_at)
        select case when g % 3 = 0 then 'article_view' else 'page_view' end,
               case when g % 3 = 0 then (select min(id) from public.articles_meta) + g % 200 end,
               null, '{}'::jsonb,
               case when g % 10 = 0 then 'user-' || (g % 5000) else 'visitor-' || (g % 50000) end,
               now() - (g % 86400) * interval '60 seconds'
          from generate_series(1, ${rows}) g;
      set session_replication_role = origin;
    `),
  );
  await db.exec(`
    insert into public.analytics_daily (day, event_type, article_id, views)
      select (created_at at time zone 'Africa/Johannesburg')::date, event_type, coalesce(article_id, 0), count(*)
        from public.analytics group by 1, 2, 3;
    insert into private.analytics_uniques (kind, key, first_seen)
      select 'visitor', visitor_key, min(created_at) from public.analytics group by visitor_key;
  `);
  await db.exec('analyze');
}
