/**
 * A small, isolated cast for security tests: two readers, two authors and an admin (fresh
 * accounts, so tests never depend on the demo seed's state), with articles in every state and
 * comments in every status, created as the service role.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, signedInClient, uniqueEmail } from './clients.ts';

export type Actor = 'anon' | 'reader' | 'reader2' | 'author' | 'author2' | 'admin';

export interface World {
  clients: Record<Actor, SupabaseClient>;
  ids: Record<Exclude<Actor, 'anon'>, string>;
  articles: { draftA: number; pubA: number; pubB: number; draftB: number; archivedB: number };
  comments: { pending: number; approved: number; deleted: number; hidden: number; reader2Approved: number };
  categoryId: number;
  eventActive: number;
  eventArchived: number;
  submission: number;
}

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;

export async function insertOne<T = { id: number }>(table: string, row: object, select = 'id'): Promise<T> {
  const { data, error } = await serviceClient().from(table).insert(row).select(select).single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as T;
}

export async function makeArticle(authorId: string, extra: object = {}): Promise<number> {
  const t = tag();
  return (
    await insertOne('articles_meta', {
      title: `Test article ${t}`,
      slug: `test-article-${t}`,
      body: '<p>Body</p>',
      author_id: authorId,
      status: 'published',
      ...extra,
    })
  ).id;
}

export async function makeComment(articleId: number, userId: string, status: string): Promise<number> {
  return (await insertOne('comments', { article_id: articleId, user_id: userId, content: `Comment ${tag()}`, status }))
    .id;
}

export async function buildWorld(): Promise<World> {
  const admin = serviceClient();
  const actors = ['reader', 'reader2', 'author', 'author2', 'admin'] as const;
  const signed = await Promise.all(
    actors.map((a) => signedInClient(uniqueEmail(a), 'correct-horse-battery', { display_name: `Test ${a}` })),
  );
  const ids = Object.fromEntries(actors.map((a, i) => [a, signed[i]!.userId])) as World['ids'];
  for (const a of actors) {
    const role = a.startsWith('reader') ? 'reader' : a.startsWith('author') ? 'author' : 'admin';
    const { error } = await admin.from('profiles').update({ role }).eq('id', ids[a]);
    if (error) throw new Error(error.message);
  }
  const clients = {
    anon: anonClient(),
    ...Object.fromEntries(actors.map((a, i) => [a, signed[i]!.client])),
  } as World['clients'];

  const articles = {
    draftA: await makeArticle(ids.author, { status: 'draft' }),
    pubA: await makeArticle(ids.author),
    pubB: await makeArticle(ids.author2),
    draftB: await makeArticle(ids.author2, { status: 'draft' }),
    archivedB: await makeArticle(ids.author2, { archived_at: new Date().toISOString(), archived_by: ids.admin }),
  };
  const { error: linkError } = await admin
    .from('article_categories')
    .insert({ article_id: articles.draftA, category_id: 1, display_order: 0 });
  if (linkError) throw new Error(linkError.message);
  await insertOne('app_errors', { event: 'signup_failed', message: 'Test error' });
  const comments = {
    pending: await makeComment(articles.pubA, ids.reader, 'pending'),
    approved: await makeComment(articles.pubA, ids.reader, 'approved'),
    deleted: await makeComment(articles.pubA, ids.reader, 'deleted'),
    hidden: await makeComment(articles.pubA, ids.reader, 'hidden'),
    reader2Approved: await makeComment(articles.pubA, ids.reader2, 'approved'),
  };
  return {
    clients,
    ids,
    articles,
    comments,
    categoryId: 1,
    eventActive: (
      await insertOne('events', { title: `Event ${tag()}`, event_date: '2030-01-01T10:00:00Z', location: 'Durban' })
    ).id,
    eventArchived: (
      await insertOne('events', {
        title: `Old ${tag()}`,
        event_date: '2030-01-02T10:00:00Z',
        location: 'Durban',
        archived_at: new Date().toISOString(),
      })
    ).id,
    submission: (
      await insertOne('contact_submissions', {
        name: 'Lebo',
        email: `${tag()}@example.test`,
        message: 'Hello',
        form_type: 'contact',
      })
    ).id,
  };
}

/** Re-reads one row as the service role (the ground truth for a case's effect). */
export async function row<T = Record<string, unknown>>(
  table: string,
  id: number | string,
  column = 'id',
): Promise<T | null> {
  const { data } = await serviceClient().from(table).select('*').eq(column, id).maybeSingle();
  return data as T | null;
}
