/**
 * The long dashboard lists read their pages from an index (issue 28): Archive, Contact
 * Submissions and Subscribers, as the local server builds them from the requests the screens send
 * (a `range` with `count=exact`), are planned as index scans in their page order, without sorting
 * every match. Plans come from auto_explain on a private database (tests/support/plan-db.ts) with
 * a small newsroom (scripts/bench/lib/newsroom-rows.ts); the times at full size are
 * `npm run bench:dashboard -- --lists` (docs/performance.md).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildRead, newContext, relationSource } from '../../supabase/local/rest/build-read.ts';
import { parseQuery } from '../../supabase/local/rest/parse.ts';
import { loadSchemaCache, type SchemaCache } from '../../supabase/local/rest/schema-cache.ts';
import { NEWSROOM_ADMIN, loadNewsroomRows } from '../../scripts/bench/lib/newsroom-rows.ts';
import { openPlanDb, type PlanDb } from '../support/plan-db.ts';

let db: PlanDb;
let cache: SchemaCache;

beforeAll(async () => {
  db = await openPlanDb(inject('clusterUrl'));
  await loadNewsroomRows(db.engine, {
    articles: 5_000,
    archived: 1_000,
    comments: 100,
    subscribers: 10_000,
    submissions: 5_000,
    events: 10,
  });
  cache = await loadSchemaCache(db.engine, ['public']);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** The SQL the local server runs for `GET /rest/v1/{table}?{query}` with `count=exact`, first page. */
function restPage(table: string, query: string) {
  const parsed = parseQuery(new URLSearchParams(query));
  const ctx = newContext(cache, parsed.levels);
  return buildRead(ctx, relationSource(cache, 'public', table), parsed.select, { count: true, limit: 50, offset: 0 });
}

describe.each([
  [
    'Archive',
    'articles_meta',
    'select=id,title,slug,archived_at&archived_at=not.is.null&order=archived_at.desc,id.desc',
    'articles_meta_archived_at_idx',
  ],
  [
    'Contact Submissions',
    'contact_submissions',
    'select=*&order=created_at.desc,id.desc',
    'contact_submissions_created_idx',
  ],
  [
    'Subscribers',
    'newsletter_subscribers',
    'select=id,email,subscribed_at,created_at,user_id&order=subscribed_at.desc.nullslast,id.desc',
    'newsletter_subscribers_subscribed_at_idx',
  ],
] as const)('%s', (_list, table, query, index) => {
  it(`reads its first page from ${index}, in order, without a sort`, async () => {
    const stmt = restPage(table, query);
    const plans = (await db.plansOf('authenticated', NEWSROOM_ADMIN, stmt.sql, stmt.values)).join('\n');
    expect(plans).toMatch(new RegExp(`Index (Only )?Scan using ${index} on ${table}`));
    // The page is read in index order: no Sort over the table's rows.
    expect(plans).not.toMatch(/Sort Key: .*(archived_at|created_at|subscribed_at)/);
  });
});
