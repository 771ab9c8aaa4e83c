/**
 * The public reads stay on their indexes under row-level security (issue 14): the search RPC and
 * the newest-first listing with the author embedded, as the anon role and as a signed-in reader,
 * never scan articles_meta (or the search rows) sequentially. Plans come from auto_explain on a
 * private database with 10,000 synthetic articles (tests/support/plan-db.ts), for the SQL the
 * local server builds from the request supabase-js sends.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildRead, newContext, relationSource } from '../../supabase/local/rest/build-read.ts';
import { parseQuery } from '../../supabase/local/rest/parse.ts';
import { loadSchemaCache, type SchemaCache } from '../../supabase/local/rest/schema-cache.ts';
import { openPlanDb, type PlanDb } from '../support/plan-db.ts';
import { withSecondaryIndexesDropped } from '../../scripts/bench/lib/bulk-load.ts';

const ARTICLES = 10_000;
const PLACES = [
  'Accra',
  'Abuja',
  'Addis Ababa',
  'Algiers',
  'Antananarivo',
  'Bamako',
  'Bulawayo',
  'Cairo',
  'Cape Town',
  'Casablanca',
  'Dakar',
  'Dar es Salaam',
  'Durban',
  'Gaborone',
  'Harare',
  'Ibadan',
  'Johannesburg',
  'Kampala',
  'Khartoum',
  'Kigali',
  'Kinshasa',
  'Kisumu',
  'Lagos',
  'Libreville',
  'Lilongwe',
  'Luanda',
  'Lusaka',
  'Maputo',
  'Maseru',
  'Mombasa',
  'Nairobi',
  'Ndola',
  'Niamey',
  'Ouagadougou',
  'Port Elizabeth',
  'Pretoria',
  'Tunis',
  'Windhoek',
  'Yaoundé',
  'Zanzibar',
];
/** The place searched for, and which articles name it. */
const PLACE = PLACES.indexOf('Kisumu');
const ANON = { role: 'anon' } as const;
const READER = { role: 'authenticated', sub: '7d0c2a7e-0000-4000-8000-000000000001' } as const;

let db: PlanDb;
let cache: SchemaCache;

beforeAll(async () => {
  db = await openPlanDb(inject('clusterUrl'));
  // A place and a topic per title, so a place's name matches one article in 40, as a reader's
  // query does; one in ten is a draft and one in fifty archived. Bodies of ~2 KB.
  // Loaded with the two tables' secondary indexes made after (scripts/bench/lib/bulk-load.ts).
  await withSecondaryIndexesDropped(db.engine, ['public.articles_meta', 'private.article_search'], () =>
    db.engine.exec(`
      insert into public.articles_meta (title, slug, excerpt, body, status, published_at, archived_at)
      select (array[${PLACES.map((p) => `'${p}'`).join(', ')}])[g % ${PLACES.length} + 1]
               || ': ' || (array['energy', 'water', 'mining', 'finance', 'solar', 'coal'])[g % 6 + 1]
               || ' report ' || g,
             'report-' || g,
             -- Prose of a real excerpt's length (~200 characters), so the search rows are as wide as real ones.
             'What changed this quarter for investors, regulators and communities across the region, and what '
               || 'the new rules mean for companies that report on their emissions, water use and labour practices.',
             repeat('<p>Paragraph of a synthetic article body for the plan test.</p>', 30),
             case when g % 10 = 0 then 'draft' else 'published' end,
             now() - g * interval '17 minutes',
             case when g % 50 = 1 then now() end
        from generate_series(1, ${ARTICLES}) g`),
  );
  // After the insert has committed: ANALYZE in the inserting transaction leaves some columns
  // without a histogram, and the planner then guesses one matching row for any pattern.
  await db.engine.exec('analyze');
  cache = await loadSchemaCache(db.engine, ['public']);
  // The fixture is a fixed size (~8 s alone): the limit only catches a hang, as in insights-scale.
}, 600_000);

afterAll(async () => {
  await db?.close();
});

/** The SQL and values the local server runs for `GET /rest/v1/{table}?{query}`. */
function restRead(table: string, query: string) {
  const parsed = parseQuery(new URLSearchParams(query));
  const ctx = newContext(cache, parsed.levels);
  const limit = parsed.levels.get('')!.limit ?? 1000;
  return buildRead(ctx, relationSource(cache, 'public', table), parsed.select, { count: false, limit, offset: 0 });
}

function seqScans(plans: string[]): string[] {
  return plans
    .flatMap((p) => p.split('\n'))
    .filter((line) => /Seq Scan on (articles_meta|article_search)\b/.test(line));
}

const listings = [
  [
    'without filters',
    'select=id,title,slug,published_at,author:profiles!author_id(display_name)&order=published_at.desc&limit=20',
  ],
  [
    'with explicit public filters',
    'select=id,title,slug,published_at,author:profiles!author_id(display_name)&status=eq.published&archived_at=is.null&order=published_at.desc&limit=20',
  ],
] as const;

describe.each([
  ['anon', ANON],
  ['a signed-in reader', READER],
] as const)('as %s', (_name, claims) => {
  it.each(listings)('the newest-first listing with the author embedded, %s, reads an index', async (_label, query) => {
    const stmt = restRead('articles_meta', query);
    const plans = await db.plansOf(claims.role, claims, stmt.sql, stmt.values);
    expect(plans.join('\n')).toMatch(/Index Scan (Backward )?using articles_meta_\w+ on articles_meta/);
    expect(seqScans(plans)).toEqual([]);
  });

  it('search_articles reads the trigram index and fetches the ranked rows by key', async () => {
    const plans = await db.plansOf(claims.role, claims, 'select id, title from public.search_articles($1, $2)', [
      'KISUMU',
      49,
    ]);
    const text = plans.join('\n');
    expect(text).toContain('Bitmap Index Scan on article_search_document_idx');
    expect(text).toMatch(/Index Cond: \(id = ANY \(/);
    expect(seqScans(plans)).toEqual([]);
  });
});

describe.each([
  ['by relevance', false],
  ['newest first', true],
] as const)('search_articles_page %s', (_label, newest) => {
  it('reads the trigram index and fetches the page by key, a deep page too', async () => {
    for (const offset of [0, 96]) {
      const plans = await db.plansOf(
        ANON.role,
        ANON,
        'select id, total_count from public.search_articles_page($1, $2, $3, $4)',
        ['KISUMU', newest, 24, offset],
      );
      const text = plans.join('\n');
      expect(text).toMatch(/Index Cond: \(id = ANY \(/);
      expect(seqScans(plans)).toEqual([]);
    }
    const { rows } = await db.engine.query<{ id: number; total_count: number }>(
      `select id, total_count from public.search_articles_page('kisumu', ${newest}, 24, 96)`,
    );
    expect(rows).toHaveLength(24);
    const all = await db.engine.query(`select id from public.search_articles('Kisumu')`);
    expect(rows.map((r) => Number(r.total_count))).toEqual(rows.map(() => all.rows.length));
  });
});

describe('search_articles on the plan database', () => {
  it('finds only public articles, accent- and case-insensitively, at most max_results', async () => {
    const { rows } = await db.engine.query<{ title: string; status: string; archived: string }>(
      `select title, status, (archived_at is not null)::text as archived from public.search_articles('yaounde', 49)`,
    );
    expect(rows).toHaveLength(49);
    expect(rows.every((r) => r.status === 'published' && r.archived === 'false')).toBe(true);
    expect(rows.every((r) => r.title.startsWith('Yaoundé: '))).toBe(true);
    const all = await db.engine.query(`select id from public.search_articles('Kisumu')`);
    // Drafts (g % 10 = 0) and archived articles (g % 50 = 1) are left out.
    const expected = Array.from({ length: ARTICLES }, (_, i) => i + 1).filter(
      (g) => g % PLACES.length === PLACE && g % 10 !== 0 && g % 50 !== 1,
    ).length;
    expect(expected).toBeGreaterThan(100);
    expect(all.rows).toHaveLength(expected);
  });
});
