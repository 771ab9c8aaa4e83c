/**
 * The rest of a newsroom in its second year (issue 28), beside `generate.ts`'s synthetic
 * articles: some of those articles archived, comments on them in every state, subscribers,
 * enquiries and events. Written through the API with a secret key, so the database's triggers run
 * as for real rows; deterministic, resumable (each kind continues from the rows it already wrote)
 * and removable (`--remove`: every row carries the synthetic prefix or hangs off a synthetic
 * article). `npm run seed:generate -- --second-year` asks for the issue's sizes.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

const SYNTHETIC_MARK = 'synthetic';
const BATCH = 1000;

export interface NewsroomExtras {
  archived: number;
  comments: number;
  subscribers: number;
  submissions: number;
  events: number;
}

/** 70 % approved, 10 % each pending, hidden and deleted: every state moderation shows. */
export function commentStatus(n: number): 'approved' | 'pending' | 'hidden' | 'deleted' {
  const r = n % 10;
  return r < 7 ? 'approved' : r === 7 ? 'pending' : r === 8 ? 'hidden' : 'deleted';
}

/** Rows n = from … to-1 of each kind (pure; exported for tests). */
export const newsroomRows = {
  subscriber: (n: number, now: number) => ({
    email: `${SYNTHETIC_MARK}-subscriber-${n + 1}@example.test`,
    subscribed_at: new Date(now - n * 600_000).toISOString(),
  }),
  submission: (n: number, now: number) => ({
    name: `Synthetic sender ${n + 1}`,
    email: `${SYNTHETIC_MARK}-sender-${n + 1}@example.test`,
    company: n % 2 ? `Company ${n + 1}` : null,
    message: `Synthetic enquiry ${n + 1}.`,
    form_type: n % 2 ? 'advertise' : 'contact',
    status: (['new', 'read', 'replied'] as const)[n % 3],
    created_at: new Date(now - n * 1_800_000).toISOString(),
  }),
  event: (n: number, now: number) => ({
    title: `Synthetic event ${n + 1}`,
    event_date: new Date(now + (n - 250) * 86_400_000).toISOString(),
    location: ['Durban', 'Cape Town', 'Johannesburg', 'Nairobi', 'Lagos'][n % 5]!,
    link: `https://www.example.org/events/${n + 1}`,
    archived_at: n % 5 === 0 ? new Date(now).toISOString() : null,
  }),
};

async function must<T>(what: string, q: PromiseLike<{ data: T | null; error: { message: string } | null }>) {
  const { data, error } = await q;
  if (error) throw new Error(`${what}: ${error.message}`);
  return data as T;
}

async function count(client: SupabaseClient, table: string, column: string, pattern: string): Promise<number> {
  const { count: n, error } = await client
    .from(table)
    .select('id', { count: 'exact', head: true })
    .like(column, pattern);
  if (error) throw new Error(`${table}: ${error.message}`);
  return n ?? 0;
}

/** Inserts rows from … to-1 made by `make`, BATCH at a time. */
async function insertRange(
  client: SupabaseClient,
  table: string,
  from: number,
  to: number,
  make: (n: number) => object,
  log: (line: string) => void,
) {
  for (let start = from; start < to; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, to - start) }, (_, i) => make(start + i));
    await must(`insert ${table}`, client.from(table).insert(rows));
    log(`${Math.min(to, start + BATCH).toLocaleString('en')} / ${to.toLocaleString('en')} synthetic ${table}`);
  }
}

/** Ids of synthetic articles, oldest first (paged: the API returns at most 1,000 rows a request). */
async function syntheticArticleIds(client: SupabaseClient, archived: boolean, limit: number): Promise<number[]> {
  const ids: number[] = [];
  while (ids.length < limit) {
    let q = client.from('articles_meta').select('id').like('slug', `${SYNTHETIC_MARK}-%`).order('id');
    q = archived ? q.not('archived_at', 'is', null) : q.is('archived_at', null);
    const last = ids.at(-1);
    if (last !== undefined) q = q.gt('id', last);
    const data = await must<{ id: number }[]>('articles', q.limit(Math.min(BATCH, limit - ids.length)));
    if (!data.length) break;
    ids.push(...data.map((r) => r.id));
  }
  return ids;
}

export async function generateNewsroom(
  client: SupabaseClient,
  sizes: NewsroomExtras,
  log: (line: string) => void = console.log,
): Promise<void> {
  const now = Date.now();
  // Archive: the oldest synthetic articles, until `archived` of them are.
  const already = (await syntheticArticleIds(client, true, sizes.archived)).length;
  const toArchive = await syntheticArticleIds(client, false, Math.max(0, sizes.archived - already));
  for (let i = 0; i < toArchive.length; i += 500) {
    const ids = toArchive.slice(i, i + 500);
    await must(
      'archive',
      client
        .from('articles_meta')
        .update({ archived_at: new Date(now - i * 60_000).toISOString() })
        .in('id', ids),
    );
    log(`${(already + i + ids.length).toLocaleString('en')} / ${sizes.archived.toLocaleString('en')} archived`);
  }

  // Comments: on the live synthetic articles, by the readers the demo content has.
  if (sizes.comments > 0) {
    const readers = await must<{ id: string }[]>('readers', client.from('profiles').select('id').eq('role', 'reader'));
    const articles = await syntheticArticleIds(client, false, 100_000);
    if (!readers.length || !articles.length) throw new Error('Comments need readers and synthetic articles first.');
    const have = await count(client, 'comments', 'content', `${SYNTHETIC_MARK} comment %`);
    await insertRange(
      client,
      'comments',
      have,
      sizes.comments,
      (n) => ({
        article_id: articles[n % articles.length]!,
        user_id: readers[n % readers.length]!.id,
        content: `${SYNTHETIC_MARK} comment ${n + 1}: a reader's view of the story.`,
        status: commentStatus(n),
        created_at: new Date(now - n * 60_000).toISOString(),
      }),
      log,
    );
  }
  const kinds = [
    ['newsletter_subscribers', 'email', `${SYNTHETIC_MARK}-subscriber-%`, sizes.subscribers, newsroomRows.subscriber],
    ['contact_submissions', 'email', `${SYNTHETIC_MARK}-sender-%`, sizes.submissions, newsroomRows.submission],
    ['events', 'title', 'Synthetic event %', sizes.events, newsroomRows.event],
  ] as const;
  for (const [table, column, pattern, size, make] of kinds) {
    const have = await count(client, table, column, pattern);
    await insertRange(client, table, have, size, (n) => make(n, now), log);
  }
}

/** Deletes the synthetic subscribers, enquiries and events (comments go with their articles). */
export async function removeNewsroom(client: SupabaseClient): Promise<number> {
  let removed = 0;
  for (const [table, column, pattern] of [
    ['newsletter_subscribers', 'email', `${SYNTHETIC_MARK}-subscriber-%`],
    ['contact_submissions', 'email', `${SYNTHETIC_MARK}-sender-%`],
    ['events', 'title', 'Synthetic event %'],
  ] as const) {
    const { count: n, error } = await client.from(table).delete({ count: 'exact' }).like(column, pattern);
    if (error) throw new Error(`${table}: ${error.message}`);
    removed += n ?? 0;
  }
  return removed;
}
