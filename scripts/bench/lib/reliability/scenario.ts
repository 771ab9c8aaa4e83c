/**
 * The fault and load scenario of issue 13, shared by the quick tests (tests/reliability/) and
 * `npm run bench:reliability`: the local server in its own process (deployment.ts), readers
 * (cast.ts) that read, comment, react, bookmark and record views at once through the load
 * generator (../load.ts), and a check of the database afterwards against what every client saw
 * acknowledged (verify.ts). This file is the load and its ledger; restart.ts kills the server
 * during writes.
 *
 * Each intended write carries a unique marker (comment text, analytics metadata), so the rows
 * per marker say whether a write was lost (acknowledged, 0 rows), duplicated (2 rows) or done
 * although refused. Reactions and bookmarks are toggles: each client knows its own final state
 * (it is the only writer for its user) and the database must hold exactly that. Identity is
 * checked on the way: a reader's RLS-scoped reads must only ever return that reader's rows, and
 * anonymous reads of private tables none, while other users' requests run in between.
 */
import { randomUUID } from 'node:crypto';
import { runLoad, type LoadRequest, type LoadResult } from '../load.ts';
import type { Cast } from './cast.ts';

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
