/**
 * The publish worker (issue 12, ARCHITECTURE.md "Publishing = rebuilding"): a small HTTP service
 * that receives the database's webhooks, coalesces bursts, runs the incremental Astro build and
 * swaps the result in atomically (scripts/lib/release.ts), so readers keep getting static files
 * and never a half-written or broken site.
 *
 * - `POST /webhook` with `Authorization: Bearer <secret>` (constant-time compare; 401 otherwise):
 *   202, and a build after the debounce window. One build runs at a time; webhooks arriving
 *   during a build queue at most one more.
 * - `GET /status`: the current build, the last success and failure, the queue (the failure's log
 *   tail only with the secret). CORS-open so the dashboard can show an article's publish state.
 * - Pending work lives in the database (`private.publish_outbox`, read with `publish_pending()`),
 *   not only in memory: at start, and every `pollMs`, the worker builds if anything is unbuilt,
 *   so a lost webhook or a worker killed mid-build costs a delay, never a publish.
 * - A failed build keeps the last good release live, is reported in the status and the build
 *   log, and is retried with backoff while changes are pending.
 * - With `buildHookUrl` the worker forwards instead of building (a hosting provider's build hook).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { BuildRun } from '../astro-build.ts';
import { activateRelease, buildRelease, pruneReleases, type ReleaseSite } from '../release.ts';
import { createDbQueue, type PendingWork } from './queue.ts';

export interface PublishWorkerOptions {
  site: ReleaseSite;
  /** Starts `astro build` into site.workDir with keepOutDir (runAstroBuild). */
  startBuild: () => BuildRun;
  /** The Supabase API (or a function giving it, once known) and a secret key: the worker's queue is the database's outbox. */
  apiUrl: string | (() => string);
  secretKey: string;
  /** Shared with the database webhook (Authorization: Bearer …). */
  secret: string;
  /** Quiet time after the last webhook before a build starts (ms). */
  debounceMs?: number;
  /** Longest a change waits for quiet (ms): a steady stream of webhooks still builds. */
  maxWaitMs?: number;
  /** How often the database's queue is checked without a webhook (ms; 0 = never). */
  pollMs?: number;
  /** Run the publish clock (`publish_due()`) this often (ms; 0 = never: pg_cron or the local server does). */
  clockMs?: number;
  /** Forward to a hosting provider's build hook instead of building here. */
  buildHookUrl?: string;
  /** Append each build's record and output here. */
  logFile?: string;
  /** Hold webhooks (remembering them) until the first buildNow(): a stack still seeding. */
  startPaused?: boolean;
  log?: (line: string) => void;
}

interface BuildRecord {
  reason: string;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  /** The outbox rows (ids ≤ upTo) this build includes. */
  upTo: number | null;
  release?: string;
  /** Files in the release, and how many were new or changed (re-rendered pages and assets). */
  files?: number;
  changed?: number;
  error?: string;
}

interface WorkerStatus {
  state: 'idle' | 'waiting' | 'building';
  queued: boolean;
  current: BuildRecord | null;
  lastSuccess: BuildRecord | null;
  lastFailure: (BuildRecord & { logTail?: string }) | null;
  pending: PendingWork | null;
  builds: number;
}

export interface PublishWorker {
  /** The port it listens on (after listen()). */
  readonly port: number | undefined;
  /** Node request handler (POST /webhook, GET /status). */
  handle(req: http.IncomingMessage, res: http.ServerResponse): void;
  /** Serves the HTTP API; by default first checks the database for unbuilt changes. */
  listen(port: number, host?: string, opts?: { checkPending?: boolean }): Promise<number>;
  /** Queues a build as a webhook would (debounced). */
  request(reason: string): void;
  /** Builds now (after the running build), resolving with its record. */
  buildNow(reason: string): Promise<BuildRecord>;
  /** Resolves when no build is running, waiting or queued. */
  idle(): Promise<void>;
  /** Holds webhooks (remembered, not built) until resume(): bulk imports, benchmarks. */
  hold(): void;
  resume(): void;
  status(includeLog?: boolean): WorkerStatus;
  stop(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const LOG_TAIL_LINES = 40;

/** Constant-time comparison of a presented secret with the expected one. */
function secretMatches(presented: string | undefined, expected: string): boolean {
  if (!presented || !expected) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function bearer(req: http.IncomingMessage): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7);
  const header = req.headers['x-webhook-secret'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * Quiet time after a webhook before building. One save sends its webhooks within milliseconds
 * (one transaction), so half a second waits for all of them and for a quick second save, and
 * adds little to publish-to-live; a longer burst is bounded by maxWaitMs.
 */
export const DEFAULT_DEBOUNCE_MS = 500;

export function createPublishWorker(options: PublishWorkerOptions): PublishWorker {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  /** When the oldest webhook still waiting for a build arrived. */
  let waitingSince: number | undefined;
  const pollMs = options.pollMs ?? 30_000;
  const clockMs = options.clockMs ?? 0;
  const log = options.log ?? (() => {});
  const db = createDbQueue(options.apiUrl, options.secretKey);

  let state: WorkerStatus['state'] = 'idle';
  let queued = false;
  let queuedReasons: string[] = [];
  let current: BuildRecord | null = null;
  let lastSuccess: BuildRecord | null = null;
  let lastFailure: (BuildRecord & { logTail?: string }) | null = null;
  let pending: PendingWork | null = null;
  let builds = 0;
  let failuresInRow = 0;
  let debounce: NodeJS.Timeout | undefined;
  let running: Promise<BuildRecord> | undefined;
  let stopped = false;
  let paused = options.startPaused ?? false;
  let killBuild: (() => void) | undefined;
  let idleWaiters: (() => void)[] = [];
  const timers: NodeJS.Timeout[] = [];
  let server: http.Server | undefined;

  function writeLog(text: string): void {
    if (!options.logFile) return;
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
    fs.appendFileSync(options.logFile, text.endsWith('\n') ? text : `${text}\n`);
  }

  function settleIdle(): void {
    if (state !== 'idle' || queued) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  function request(reason: string): void {
    if (stopped) return;
    queuedReasons.push(reason);
    if (paused) return;
    if (state === 'building') {
      queued = true; // at most one build waits behind the running one
      return;
    }
    state = 'waiting';
    waitingSince ??= Date.now();
    clearTimeout(debounce);
    const delay = Math.max(0, Math.min(debounceMs, waitingSince + maxWaitMs - Date.now()));
    debounce = setTimeout(() => void startBuild(), delay);
  }

  async function runOne(reason: string): Promise<BuildRecord> {
    const record: BuildRecord = { reason, startedAt: new Date().toISOString(), upTo: null };
    current = record;
    builds++;
    const t0 = Date.now();
    let output = '';
    try {
      // Everything in the outbox now is in the database this build reads.
      pending = await db.pending();
      record.upTo = pending.upTo;
      if (options.buildHookUrl) {
        const res = await fetch(options.buildHookUrl, { method: 'POST', signal: AbortSignal.timeout(30_000) });
        await res.body?.cancel();
        if (!res.ok) throw new Error(`build hook answered HTTP ${res.status}`);
      } else {
        const { release, stats } = await buildRelease(
          options.site,
          async () => {
            const build = options.startBuild();
            killBuild = () => build.child.kill('SIGTERM');
            try {
              await build.done;
            } finally {
              output = build.output();
              killBuild = undefined;
            }
          },
          { log },
        );
        // Live first; old snapshots (11,000 files at 10,000 articles) are deleted after.
        await activateRelease(options.site.releasesDir, release, { prune: false });
        Object.assign(record, { release: release.id, files: stats.files, changed: stats.copied });
      }
      if (record.upTo !== null) await db.markBuilt(record.upTo);
      if (!options.buildHookUrl) await pruneReleases(options.site.releasesDir);
      record.finishedAt = new Date().toISOString();
      record.durationMs = Date.now() - t0;
      lastSuccess = record;
      failuresInRow = 0;
      log(
        `[publish] ${options.buildHookUrl ? 'build hook called' : `live: ${record.release}`} in ${record.durationMs} ms` +
          (record.changed !== undefined ? ` (${record.changed} of ${record.files} files new or changed)` : '') +
          ` — ${reason}`,
      );
    } catch (e) {
      record.finishedAt = new Date().toISOString();
      record.durationMs = Date.now() - t0;
      record.error = (e as Error).message.split('\n')[0]!.slice(0, 300);
      const tail = (output || (e as Error).message).trim().split('\n').slice(-LOG_TAIL_LINES).join('\n');
      lastFailure = { ...record, logTail: tail };
      failuresInRow++;
      if (record.upTo !== null && !stopped) {
        await db
          .markFailed(record.upTo, record.error)
          .catch((err: unknown) => log(`[publish] could not record the failure: ${(err as Error).message}`));
      }
      // A build killed by stop() is not news.
      if (!stopped) log(`[publish] build failed, the previous site stays live: ${record.error}`);
    } finally {
      current = null;
      writeLog(`${JSON.stringify(record)}\n${output}`);
    }
    return record;
  }

  function startBuild(): Promise<BuildRecord> {
    clearTimeout(debounce);
    waitingSince = undefined;
    const reasons = queuedReasons.length ? queuedReasons : ['requested'];
    queuedReasons = [];
    const reason =
      [...new Set(reasons)].slice(0, 5).join(', ') + (reasons.length > 5 ? ` (+${reasons.length - 5})` : '');
    state = 'building';
    running = runOne(reason).finally(() => {
      running = undefined;
      state = 'idle';
      if (queued && !stopped) {
        queued = false;
        state = 'waiting';
        waitingSince = Date.now();
        debounce = setTimeout(() => void startBuild(), debounceMs);
      }
      settleIdle();
    });
    return running;
  }

  async function buildNow(reason: string): Promise<BuildRecord> {
    paused = false;
    while (running) await running.catch(() => undefined);
    queuedReasons.push(reason);
    queued = false;
    return startBuild();
  }

  /** Builds when the database holds unbuilt changes (start-up, missed webhooks, failed builds). */
  async function checkPending(): Promise<void> {
    if (stopped || state !== 'idle') return;
    try {
      pending = await db.pending();
    } catch (e) {
      log(`[publish] could not read the publish queue: ${(e as Error).message}`);
      return;
    }
    if (pending.changes === 0) return;
    // After failures, wait 2^n poll intervals (capped) before trying the same changes again.
    if (failuresInRow > 0 && lastFailure?.finishedAt) {
      const wait = Math.min(2 ** (failuresInRow - 1), 16) * Math.max(pollMs, 1_000);
      if (Date.now() - Date.parse(lastFailure.finishedAt) < wait) return;
    }
    request(`${pending.changes} pending change(s) in the database`);
  }

  if (pollMs > 0) timers.push(setInterval(() => void checkPending(), pollMs));
  if (clockMs > 0) {
    timers.push(
      setInterval(() => {
        db.runClock().catch((e: unknown) => log(`[publish] clock failed: ${(e as Error).message}`));
      }, clockMs),
    );
  }
  for (const t of timers) t.unref();

  function status(includeLog = false): WorkerStatus {
    const failure = lastFailure && !includeLog ? { ...lastFailure, logTail: undefined } : lastFailure;
    return { state, queued, current, lastSuccess, lastFailure: failure, pending, builds };
  }

  function send(res: http.ServerResponse, code: number, body: unknown): void {
    res.writeHead(code, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type',
    });
    res.end(JSON.stringify(body));
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://worker');
    if (req.method === 'OPTIONS') return send(res, 204, null);
    if (url.pathname === '/status' && (req.method === 'GET' || req.method === 'HEAD')) {
      return send(res, 200, status(secretMatches(bearer(req), options.secret)));
    }
    if (url.pathname === '/webhook' && req.method === 'POST') {
      if (!secretMatches(bearer(req), options.secret)) {
        req.resume();
        return send(res, 401, { error: 'invalid or missing webhook secret' });
      }
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY) chunks.push(c);
      });
      req.on('end', () => {
        let reason = 'webhook';
        try {
          const payload = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { type?: string; table?: string };
          if (payload.table) reason = `${payload.type ?? 'change'} ${payload.table}`;
        } catch {
          // A webhook without a JSON body still means "something changed".
        }
        request(reason);
        send(res, 202, { accepted: true, state, queued });
      });
      return;
    }
    send(res, 404, { error: 'not found' });
  }

  return {
    get port() {
      const address = server?.address();
      return typeof address === 'object' && address ? address.port : undefined;
    },
    handle,
    async listen(port, host = '127.0.0.1', opts = {}) {
      server = http.createServer(handle);
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => resolve());
      });
      if (opts.checkPending !== false) void checkPending();
      return (server.address() as { port: number }).port;
    },
    request,
    buildNow,
    idle() {
      if (state === 'idle' && !queued) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    status,
    hold() {
      paused = true;
      clearTimeout(debounce);
      if (state === 'waiting') state = 'idle';
    },
    resume() {
      paused = false;
      if (queuedReasons.length) request('resumed');
    },
    async stop() {
      stopped = true;
      clearTimeout(debounce);
      for (const t of timers) clearInterval(t);
      killBuild?.();
      await running?.catch(() => undefined);
      if (server) {
        await new Promise<void>((r) => {
          server!.close(() => r());
          server!.closeAllConnections();
        });
      }
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    },
  };
}
