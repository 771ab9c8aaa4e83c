/**
 * The cast of a fault and load run (scenario.ts): fresh readers signed in, an author, published
 * articles and approved comments, all of this run only, made through the API as the service role.
 * The API benchmark (../../api.ts) makes its accounts with the same helpers.
 */
import type { Deployment } from './deployment.ts';

interface Reader {
  id: string;
  token: string;
}

export interface Cast {
  run: string;
  readers: Reader[];
  /** Published articles of the run; the first is every reader's pinned bookmark. */
  articles: { id: number; slug: string }[];
  /** Approved comments (by the run's author) readers react to. */
  comments: number[];
}

async function call<T>(
  api: { url: string },
  method: string,
  pathAndQuery: string,
  token: string,
  apikey: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${api.url}${pathAndQuery}`, {
    method,
    headers: {
      apikey,
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A call as the service role (the secret key). */
export const service = (api: Deployment, method: string, p: string, body?: unknown, headers?: Record<string, string>) =>
  call<unknown>(api, method, p, api.secretKey, api.secretKey, body, headers);

export async function inBatches<T, R>(items: T[], size: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)))));
  }
  return out;
}

/** A confirmed account made through the admin API; returns its user id. */
export async function createConfirmedUser(
  api: { url: string; secretKey: string },
  email: string,
  password: string,
): Promise<string> {
  const user = await call<{ id: string }>(api, 'POST', '/auth/v1/admin/users', api.secretKey, api.secretKey, {
    email,
    password,
    email_confirm: true,
  });
  return user.id;
}

/** A confirmed account made through the admin API, signed in with its password. */
async function account(api: Deployment, email: string): Promise<Reader> {
  const password = 'correct-horse-battery';
  const id = await createConfirmedUser(api, email, password);
  const session = await call<{ access_token: string }>(
    api,
    'POST',
    '/auth/v1/token?grant_type=password',
    api.publishableKey,
    api.publishableKey,
    { email, password },
  );
  return { id, token: session.access_token };
}

/** Fresh readers, an author, articles and approved comments of this run only. */
export async function makeCast(
  api: Deployment,
  readers: number,
  { articles = 8, comments = 16 }: { articles?: number; comments?: number } = {},
): Promise<Cast> {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const author = await account(api, `rel-author-${run}@example.test`);
  await service(api, 'PATCH', `/rest/v1/profiles?id=eq.${author.id}`, { role: 'author' });
  const made = (await service(
    api,
    'POST',
    '/rest/v1/articles_meta?select=id,slug',
    Array.from({ length: articles }, (_, k) => ({
      title: `Reliability ${run} ${k}`,
      slug: `reliability-${run}-${k}`,
      body: '<p>Body</p>',
      author_id: author.id,
      status: 'published',
    })),
    { Prefer: 'return=representation' },
  )) as { id: number; slug: string }[];
  const approved = (await service(
    api,
    'POST',
    '/rest/v1/comments?select=id',
    Array.from({ length: comments }, (_, k) => ({
      article_id: made[k % made.length]!.id,
      user_id: author.id,
      content: `Reliability ${run} approved ${k}`,
      status: 'approved',
    })),
    { Prefer: 'return=representation' },
  )) as { id: number }[];
  const cast = await inBatches(Array.from({ length: readers }), 8, (_, i) =>
    account(api, `rel-reader-${run}-${i}@example.test`),
  );
  // The first reader has used up the comment limit (10 a minute) before the load starts, and in
  // the mixed load only posts comments: the limit's refusals are part of every run.
  await service(
    api,
    'POST',
    '/rest/v1/comments',
    Array.from({ length: 10 }, (_, k) => ({
      article_id: made[0]!.id,
      user_id: cast[0]!.id,
      content: `Reliability ${run} earlier comment ${k}`,
    })),
  );
  // The pinned bookmark: every reader's own-rows read has at least one row to check.
  await service(
    api,
    'POST',
    '/rest/v1/bookmarks',
    cast.map((r) => ({ user_id: r.id, article_id: made[0]!.id })),
  );
  return { run, readers: cast, articles: made, comments: approved.map((c) => c.id) };
}
