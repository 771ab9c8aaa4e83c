/**
 * The fault and load scenario of issue 13, shared by the quick tests (tests/reliability/) and
 * `npm run bench:reliability`: the local server in its own process (api-target.ts), readers
 * that read, comment, react, bookmark and record views at once through the load generator
 * (load.ts), and a check of the database afterwards against what every client saw acknowledged.
 *
 * Each intended write carries a unique marker (comment text, analytics metadata), so the rows
 * per marker say whether a write was lost (acknowledged, 0 rows), duplicated (2 rows) or done
 * although refused. Reactions and bookmarks are toggles: each client knows its own final state
 * (it is the only writer for its user) and the database must hold exactly that. Identity is
 * checked on the way: a reader's RLS-scoped reads must only ever return that reader's rows, and
 * anonymous reads of private tables none, while other users' requests run in between.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../supabase/local/config.ts';
import { startPgCluster, type PgCluster } from '../../lib/pg-cluster.ts';
import { startServerProcess, stopProcess, type ServerProcess } from './api-target.ts';
import { runLoad, type LoadRequest, type LoadResult } from './load.ts';

export type Engine = 'pglite' | 'postgres';

/** A local server in its own process over a database that outlives it (restarts). */
export interface Deployment {
  engine: Engine;
  url: string;
  publishableKey: string;
  secretKey: string;
  /** The server process now running. */
  server: ServerProcess;
  /** SIGKILL: no shutdown, no flush; resolves when the process is gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same data (after kill()). */
  restart(): Promise<void>;
  /** Stops the server and the PostgreSQL cluster and removes the data. */
  stop(): Promise<void>;
}

const SERVER_ENV = { BCRYPT_COST: '4', EMAIL_MIN_INTERVAL: '0' };

/**
 * PGlite in a data folder on disk, or a throw-away PostgreSQL 15 cluster (pg-cluster.ts) that
 * keeps running while the API server is killed.
 */
export async function deploy(engine: Engine): Promise<Deployment> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `reliability-${engine}-`));
  let cluster: PgCluster | undefined;
  try {
    if (engine === 'postgres') cluster = await startPgCluster();
    const start = () => startServerProcess(dataDir, cluster?.url, { port: 0, env: SERVER_ENV });
    let server = await start();
    const config = loadConfig();
    const deployment: Deployment = {
      engine,
      get url() {
        return server.url;
      },
      publishableKey: config.publishableKey,
      secretKey: config.secretKey,
      get server() {
        return server;
      },
      async kill() {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGKILL');
        await exited;
      },
      async restart() {
        server = await start();
      },
      async stop() {
        await stopProcess(server.child);
        await cluster?.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return deployment;
  } catch (e) {
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

// ------------------------------------------------------------------------------- the cast

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

const service = (api: Deployment, method: string, p: string, body?: unknown, headers?: Record<string, string>) =>
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

// ------------------------------------------------------------------------------- the load

type Fate = 'acked' | 'refused' | 'unknown';

/** What the clients saw: the ground truth the database is checked against. */
export interface Ledger {
  /** Comment and analytics markers by what the server answered. */
  inserts: Map<string, { table: 'comments' | 'analytics'; fate: Fate; id?: number }>;
  /** `${user}:${comment}` / `${user}:${article}` → present after the last acknowledged toggle, or unknown. */
  reactions: Map<string, boolean | 'unknown'>;
  bookmarks: Map<string, boolean | 'unknown'>;
  /** Answers that broke a rule, described (5xx, a foreign row, a toggle the server had lost…). */
  anomalies: string[];
  /** Answers per status (0 = network error or timeout). */
  statuses: Record<number, number>;
  identityChecks: number;
}

export function newLedger(): Ledger {
  return {
    inserts: new Map(),
    reactions: new Map(),
    bookmarks: new Map(),
    anomalies: [],
    statuses: {},
    identityChecks: 0,
  };
}

export type Mix = 'mixed' | 'writes';

function parse(body: string): unknown {
  try {
    return body ? JSON.parse(body) : null;
  } catch {
    return body;
  }
}

/** A refusal must be a 4xx with PostgREST's error object, never a 5xx. */
function judge(ledger: Ledger, what: string, status: number, body: string): 'ok' | 'refused' | 'unknown' {
  ledger.statuses[status] = (ledger.statuses[status] ?? 0) + 1;
  if (status === 0) return 'unknown';
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 500) {
    if (ledger.anomalies.length < 50) ledger.anomalies.push(`${what}: ${status} ${body.slice(0, 300)}`);
    return 'unknown';
  }
  const error = parse(body) as { code?: unknown; message?: unknown } | null;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    ledger.anomalies.push(`${what}: ${status} without a PostgREST error object: ${body.slice(0, 200)}`);
  }
  return 'refused';
}

/**
 * Runs `clients` readers (cast.readers[client]) against the server. `mixed`: reads (listing with
 * author, article by slug, an article's comments), comment posts, reaction and bookmark toggles,
 * anonymous analytics inserts and identity checks, except the first reader, who only posts
 * comments, over the limit (makeCast); `writes`: writes only (the restart test).
 * Every answer is entered into `ledger`.
 */
export function runScenario(
  api: { url: string; publishableKey: string },
  cast: Cast,
  ledger: Ledger,
  options: { clients: number; durationMs: number; mix: Mix; signal?: AbortSignal; onAck?: () => void },
): Promise<LoadResult> {
  const anon = { apikey: api.publishableKey, Authorization: `Bearer ${api.publishableKey}` };
  const seq = new Array<number>(options.clients).fill(0);
  const visitors = Array.from({ length: options.clients }, () => randomUUID());
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const others = cast.articles.slice(1);

  const next = (_: number, client: number): LoadRequest => {
    const reader = cast.readers[client]!;
    const asReader = { apikey: api.publishableKey, Authorization: `Bearer ${reader.token}` };
    const n = ++seq[client]!;
    const roll = Math.random();
    const writes = options.mix === 'writes';
    const ack = () => options.onAck?.();
    const eager = !writes && client === 0;
    // Each reader's first request checks its identity, however slow the machine.
    const identityFirst = !writes && !eager && n === 1;

    if (!writes && !eager && !identityFirst && roll < 0.3) {
      const article = pick(cast.articles);
      const reads = [
        '/rest/v1/articles_meta?select=id,title,slug,published_at,author:profiles!author_id(display_name)' +
          '&status=eq.published&archived_at=is.null&order=published_at.desc&limit=20',
        `/rest/v1/articles_meta?select=id,title,body,author:profiles!author_id(display_name)&slug=eq.${article.slug}`,
        `/rest/v1/comments?select=id,content,author_display_name,like_count&article_id=eq.${article.id}&order=created_at`,
      ];
      return {
        method: 'GET',
        path: pick(reads),
        headers: Math.random() < 0.5 ? anon : asReader,
        onAnswer: (status, body) => void judge(ledger, 'read', status, body),
      };
    }
    if (identityFirst || (!writes && !eager && roll < 0.38)) {
      // Identity: RLS-scoped reads answer with the requester's rows only, the anon role with none.
      const asAnon = !identityFirst && Math.random() < 0.3;
      const table = pick(['bookmarks', 'reactions']);
      return {
        method: 'GET',
        path: `/rest/v1/${table}?select=user_id`,
        headers: asAnon ? anon : asReader,
        onAnswer: (status, body) => {
          const verdict = judge(ledger, `identity ${table}`, status, body);
          ledger.identityChecks += 1;
          const rows = Array.isArray(parse(body)) ? (parse(body) as { user_id: string }[]) : [];
          if (asAnon && rows.length > 0) {
            ledger.anomalies.push(`anonymous read of ${table} returned ${rows.length} rows`);
          }
          if (!asAnon && verdict === 'refused') ledger.anomalies.push(`reader's own ${table} refused: ${status}`);
          const foreign = asAnon ? [] : rows.filter((r) => r.user_id !== reader.id);
          if (foreign.length) ledger.anomalies.push(`${table} of ${reader.id} returned rows of ${foreign[0]!.user_id}`);
          if (!asAnon && table === 'bookmarks' && verdict === 'ok' && rows.length === 0) {
            ledger.anomalies.push(`bookmarks of ${reader.id} came back empty (the pinned one is missing)`);
          }
        },
      };
    }
    const w = eager ? 0 : writes ? roll : (roll - 0.38) / 0.62;
    if (w < 0.25) {
      const marker = `rel:${cast.run}:c:${client}:${n}`;
      ledger.inserts.set(marker, { table: 'comments', fate: 'unknown' });
      return {
        method: 'POST',
        path: '/rest/v1/comments?select=id,user_id',
        headers: { ...asReader, 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ article_id: pick(cast.articles).id, content: marker }),
        onAnswer: (status, body) => {
          const verdict = judge(ledger, 'comment', status, body);
          const entry = ledger.inserts.get(marker)!;
          if (verdict === 'ok') {
            const row = (parse(body) as { id: number; user_id: string }[])[0];
            if (row?.user_id !== reader.id)
              ledger.anomalies.push(`comment of ${reader.id} came back as ${row?.user_id}`);
            entry.fate = 'acked';
            entry.id = row?.id;
            ack();
          } else if (verdict === 'refused') entry.fate = 'refused';
        },
      };
    }
    if (w < 0.5) {
      const marker = `rel:${cast.run}:a:${client}:${n}`;
      ledger.inserts.set(marker, { table: 'analytics', fate: 'unknown' });
      // Anonymous views, each client from its own address (private.client_address() reads the
      // first x-forwarded-for hop, docs/security.md) and with its own visitor id.
      return {
        method: 'POST',
        path: '/rest/v1/analytics',
        headers: {
          ...anon,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
          'x-forwarded-for': `10.13.${client >> 8}.${client & 255}`,
        },
        body: JSON.stringify({
          event_type: 'article_view',
          article_id: pick(cast.articles).id,
          metadata: { visitor_id: visitors[client], marker },
        }),
        onAnswer: (status, body) => {
          const verdict = judge(ledger, 'analytics', status, body);
          if (verdict === 'ok') {
            ledger.inserts.get(marker)!.fate = 'acked';
            ack();
          } else if (verdict === 'refused') ledger.inserts.get(marker)!.fate = 'refused';
        },
      };
    }
    // Toggles: only of a pair whose state this client knows (it is the pair's only writer).
    const kind = w < 0.75 ? 'reactions' : 'bookmarks';
    const state = kind === 'reactions' ? ledger.reactions : ledger.bookmarks;
    const target = kind === 'reactions' ? pick(cast.comments) : pick(others).id;
    const key = `${reader.id}:${target}`;
    const column = kind === 'reactions' ? 'comment_id' : 'article_id';
    const now = state.get(key) ?? false;
    if (now === 'unknown') return next(0, client);
    const headers = { ...asReader, 'Content-Type': 'application/json', Prefer: 'return=representation' };
    const settle = (status: number, body: string) => {
      const verdict = judge(ledger, kind, status, body);
      if (verdict === 'unknown') return state.set(key, 'unknown');
      if (verdict === 'refused') {
        ledger.anomalies.push(`${kind} toggle of ${key} refused: ${status} ${body.slice(0, 200)}`);
        return state.set(key, 'unknown');
      }
      const rows = parse(body) as { user_id: string }[];
      if (rows.length !== 1 || rows[0]!.user_id !== reader.id) {
        // Deleting a row the client had been told exists and finding none is a lost write.
        ledger.anomalies.push(`${kind} ${now ? 'remove' : 'add'} of ${key} answered ${JSON.stringify(rows)}`);
        return state.set(key, 'unknown');
      }
      state.set(key, !now);
      ack();
    };
    return now
      ? { method: 'DELETE', path: `/rest/v1/${kind}?${column}=eq.${target}&select=user_id`, headers, onAnswer: settle }
      : {
          method: 'POST',
          path: `/rest/v1/${kind}?select=user_id`,
          headers,
          body: JSON.stringify(kind === 'reactions' ? { comment_id: target, type: 'like' } : { article_id: target }),
          onAnswer: settle,
        };
  };
  return runLoad(api.url, next, {
    clients: options.clients,
    durationMs: options.durationMs,
    timeoutMs: 30_000,
    signal: options.signal,
  });
}

// ------------------------------------------------------------------------------- the check

async function readAll<T>(api: Deployment, pathAndQuery: string): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = (await service(api, 'GET', `${pathAndQuery}&order=id&limit=1000&offset=${offset}`)) as T[];
    rows.push(...page);
    if (page.length < 1000) return rows;
  }
}

export interface Verdict {
  acked: number;
  found: number;
  /** Acknowledged writes without their row. */
  lost: string[];
  /** Markers with more than one row. */
  duplicated: string[];
  /** Refused writes that left a row anyway. */
  refusedButWritten: string[];
  /** Writes whose answer never came (killed server), and how many of them were done. */
  unknown: number;
  unknownWritten: number;
  /** Toggle pairs whose row does not match the client's last acknowledged state. */
  toggleMismatches: string[];
  /** Comments whose like_count differs from their likes. */
  counterMismatches: string[];
}

/** Re-reads the run's rows as the service role and compares them with the ledger. */
export async function verify(api: Deployment, cast: Cast, ledger: Ledger): Promise<Verdict> {
  const comments = await readAll<{ id: number; content: string }>(
    api,
    `/rest/v1/comments?select=id,content&content=like.rel:${cast.run}:*`,
  );
  const views = await readAll<{ id: number; marker: string }>(
    api,
    `/rest/v1/analytics?select=id,marker:metadata->>marker&metadata->>marker=like.rel:${cast.run}:*`,
  );
  const rowsByMarker = new Map<string, number[]>();
  for (const [marker, id] of [
    ...comments.map((c) => [c.content, c.id] as const),
    ...views.map((v) => [v.marker, v.id] as const),
  ]) {
    rowsByMarker.set(marker, [...(rowsByMarker.get(marker) ?? []), id]);
  }
  const verdict: Verdict = {
    acked: 0,
    found: 0,
    lost: [],
    duplicated: [],
    refusedButWritten: [],
    unknown: 0,
    unknownWritten: 0,
    toggleMismatches: [],
    counterMismatches: [],
  };
  for (const [marker, rows] of rowsByMarker) {
    if (rows.length > 1) verdict.duplicated.push(marker);
    if (!ledger.inserts.has(marker)) verdict.duplicated.push(`${marker} (never sent)`);
  }
  for (const [marker, entry] of ledger.inserts) {
    const rows = rowsByMarker.get(marker) ?? [];
    if (entry.fate === 'acked') {
      verdict.acked += 1;
      if (rows.length > 0) verdict.found += 1;
      if (rows.length === 0) verdict.lost.push(marker);
      else if (entry.id !== undefined && rows[0] !== entry.id)
        verdict.lost.push(`${marker} (id ${entry.id} ≠ ${rows[0]})`);
    } else if (entry.fate === 'refused') {
      if (rows.length > 0) verdict.refusedButWritten.push(marker);
    } else {
      verdict.unknown += 1;
      if (rows.length > 0) verdict.unknownWritten += 1;
    }
  }

  const ids = new Set(cast.readers.map((r) => r.id));
  const reactions = await readAll<{ user_id: string; comment_id: number; type: string }>(
    api,
    `/rest/v1/reactions?select=id,user_id,comment_id,type&comment_id=in.(${cast.comments.join(',')})`,
  );
  const bookmarks = await readAll<{ user_id: string; article_id: number }>(
    api,
    `/rest/v1/bookmarks?select=id,user_id,article_id&article_id=in.(${cast.articles.map((a) => a.id).join(',')})`,
  );
  const compare = (kind: string, state: Map<string, boolean | 'unknown'>, present: Set<string>) => {
    for (const [key, value] of state) {
      if (value !== 'unknown' && value !== present.has(key)) {
        verdict.toggleMismatches.push(`${kind} ${key}: client ${value}, database ${present.has(key)}`);
      }
    }
    for (const key of present) {
      if (!state.has(key)) verdict.toggleMismatches.push(`${kind} ${key}: in the database, never added`);
    }
  };
  compare(
    'reaction',
    ledger.reactions,
    new Set(reactions.filter((r) => ids.has(r.user_id)).map((r) => `${r.user_id}:${r.comment_id}`)),
  );
  const pinned = cast.articles[0]!.id;
  compare(
    'bookmark',
    ledger.bookmarks,
    new Set(
      bookmarks.filter((b) => ids.has(b.user_id) && b.article_id !== pinned).map((b) => `${b.user_id}:${b.article_id}`),
    ),
  );
  for (const r of cast.readers) {
    if (!bookmarks.some((b) => b.user_id === r.id && b.article_id === pinned)) {
      verdict.toggleMismatches.push(`bookmark ${r.id}:${pinned} (pinned) is gone`);
    }
  }
  const counts = (await service(
    api,
    'GET',
    `/rest/v1/comments?select=id,like_count&id=in.(${cast.comments.join(',')})`,
  )) as { id: number; like_count: number }[];
  for (const c of counts) {
    const likes = reactions.filter((r) => r.comment_id === c.id && r.type === 'like').length;
    if (likes !== c.like_count)
      verdict.counterMismatches.push(`comment ${c.id}: like_count ${c.like_count}, ${likes} likes`);
  }
  return verdict;
}

/** The per-status tally, e.g. `201: 812, 200: 1533, 429: 40`. */
export function describeStatuses(statuses: Record<number, number>): string {
  return Object.entries(statuses)
    .map(([status, n]) => `${status === '0' ? 'no answer' : status}: ${n}`)
    .join(', ');
}

export const fiveXx = (statuses: Record<number, number>): number =>
  Object.entries(statuses).reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0);

// ------------------------------------------------------------------------------- restart

export interface RestartResult {
  verdict: Verdict;
  /** Writes acknowledged before the kill. */
  ackedBeforeKill: number;
  /** A read and a write right after the restart. */
  freshRead: number;
  freshWrite: number;
  /** Rows of that fresh write found afterwards (1). */
  freshWriteRows: number;
  statuses: Record<number, number>;
  anomalies: string[];
}

/**
 * Concurrent writes, the server SIGKILLed once `killAfterAcks` writes were acknowledged, the
 * server started again on the same data, then the ledger checked and one fresh read and write.
 */
export async function killDuringWrites(
  api: Deployment,
  { clients, killAfterAcks }: { clients: number; killAfterAcks: number },
): Promise<RestartResult> {
  const cast = await makeCast(api, clients);
  const ledger = newLedger();
  const stop = new AbortController();
  let acks = 0;
  let killing: Promise<void> | undefined;
  await runScenario(api, cast, ledger, {
    clients,
    // Until the kill (the test's own timeout bounds it).
    durationMs: 600_000,
    mix: 'writes',
    signal: stop.signal,
    onAck: () => {
      acks += 1;
      if (acks >= killAfterAcks && !killing) {
        killing = api.kill();
        stop.abort();
      }
    },
  });
  await (killing ?? api.kill());
  const ackedBeforeKill = acks;
  // Requests sent between the kill and the end of the load have no answer: not errors of the server.
  delete ledger.statuses[0];
  await api.restart();
  const verdict = await verify(api, cast, ledger);
  const read = await fetch(`${api.url}/rest/v1/articles_meta?select=id,slug&slug=eq.${cast.articles[1]!.slug}`, {
    headers: { apikey: api.publishableKey, Authorization: `Bearer ${api.publishableKey}` },
  });
  await read.arrayBuffer();
  const reader = cast.readers[0]!;
  const write = await fetch(`${api.url}/rest/v1/analytics`, {
    method: 'POST',
    headers: {
      apikey: api.publishableKey,
      Authorization: `Bearer ${reader.token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify({ event_type: 'page_view', metadata: { marker: `rel:${cast.run}:after-restart` } }),
  });
  await write.arrayBuffer();
  const written = (await service(
    api,
    'GET',
    `/rest/v1/analytics?select=id&metadata->>marker=eq.rel:${cast.run}:after-restart`,
  )) as unknown[];
  return {
    verdict,
    ackedBeforeKill,
    freshRead: read.status,
    freshWrite: write.status,
    freshWriteRows: written.length,
    statuses: ledger.statuses,
    anomalies: ledger.anomalies,
  };
}
