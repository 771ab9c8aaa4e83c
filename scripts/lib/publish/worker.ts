/**
 * The publish worker (issue 12, ARCHITECTURE.md "Publishing = rebuilding"): a small HTTP service
 * that receives the database's webhooks, coalesces bursts, runs the incremental Astro build and
 * swaps the result in atomically (scripts/lib/release/), so readers keep getting static files
 * and never a half-written or broken site. This file puts its three parts together:
 *
 * - `scheduler.ts`, when to build: at once for a webhook after a quiet period, else after a
 *   debounce window (bounded by a longest wait), one build at a time with at most one more
 *   queued (skipped when the running one covered its changes), retries with backoff;
 * - `build-job.ts`, one build: the outbox rows it covers, the build and the release swap (or a
 *   hosting provider's build hook, with `buildHookUrl`), the record of its success or failure;
 * - `http.ts`, `POST /webhook` (with the secret) and `GET /status` (the current build, the last
 *   success and failure, the queue; the failure's log tail only with the secret).
 *
 * Pending work lives in the database (`private.publish_outbox`, read with `publish_pending()`,
 * `queue.ts`), not only in memory: at start, and every `pollMs`, the worker builds if anything is
 * unbuilt, so a lost webhook or a worker killed mid-build costs a delay, never a publish. A failed
 * build keeps the last good release live and is retried with backoff while changes are pending.
 */
import type http from 'node:http';
import type { BuildRun } from '../astro-build.ts';
import type { ReleaseSite } from '../release/releases.ts';
import { createBuildJob, type BuildRecord, type FailedBuild } from './build-job.ts';
import { createWorkerHttp } from './http.ts';
import { createDbQueue, type PendingWork } from './queue.ts';
import { createScheduler, type SchedulerState } from './scheduler.ts';

export interface PublishWorkerOptions {
  site: ReleaseSite;
  /** Starts `astro build` into site.workDir with keepOutDir (runAstroBuild, or an AstroBuilder's run). */
  startBuild: () => BuildRun;
  /** Readies the next build while idle (AstroBuilder.warm): at listen() and after each build. */
  warmBuild?: () => void;
  /** The Supabase API (or a function giving it, once known) and a secret key: the worker's queue is the database's outbox. */
  apiUrl: string | (() => string);
  secretKey: string;
  /** Shared with the database webhook (Authorization: Bearer …). */
  secret: string;
  /** Quiet time after the last webhook before a build starts, unless it came after a quiet period (ms). */
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

interface WorkerStatus {
  state: SchedulerState;
  queued: boolean;
  current: BuildRecord | null;
  lastSuccess: BuildRecord | null;
  lastFailure: FailedBuild | null;
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
  /** Asks for a build as a webhook would (at once after a quiet period, else debounced). */
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

/**
 * Quiet time before building a webhook that came soon after another (the first after a quiet
 * period builds at once). One save sends its webhooks within milliseconds (one transaction): the
 * first starts the build, which reads all of them, and the rest queue a build that is skipped.
 * Half a second gathers the rest of a burst into one more build; a longer one is bounded by
 * maxWaitMs.
 */
export const DEFAULT_DEBOUNCE_MS = 500;

export function createPublishWorker(options: PublishWorkerOptions): PublishWorker {
  const pollMs = options.pollMs ?? 30_000;
  const clockMs = options.clockMs ?? 0;
  const log = options.log ?? (() => {});
  const db = createDbQueue(options.apiUrl, options.secretKey);
  const job = createBuildJob({
    site: options.site,
    startBuild: options.startBuild,
    warmBuild: options.warmBuild,
    db,
    buildHookUrl: options.buildHookUrl,
    logFile: options.logFile,
    log,
  });
  const scheduler = createScheduler({
    build: job.run,
    debounceMs: options.debounceMs ?? DEFAULT_DEBOUNCE_MS,
    maxWaitMs: options.maxWaitMs ?? 5_000,
    // After failures, wait 2^n poll intervals (capped) before trying the same changes again.
    retryMs: Math.max(pollMs, 1_000),
    paused: options.startPaused ?? false,
  });

  function status(includeLog = false): WorkerStatus {
    const failure = job.lastFailure;
    return {
      state: scheduler.state,
      queued: scheduler.queued,
      current: job.current,
      lastSuccess: job.lastSuccess,
      lastFailure: failure && !includeLog ? { ...failure, logTail: undefined } : failure,
      pending: job.pending,
      builds: job.builds,
    };
  }

  const server = createWorkerHttp({
    secret: options.secret,
    status,
    webhook(reason) {
      scheduler.request(reason);
      return { state: scheduler.state, queued: scheduler.queued };
    },
  });

  /** Builds when the database holds unbuilt changes (start-up, missed webhooks, failed builds). */
  async function checkPending(): Promise<void> {
    if (scheduler.stopped || scheduler.state !== 'idle') return;
    let pending: PendingWork;
    try {
      pending = await job.readPending();
    } catch (e) {
      log(`[publish] could not read the publish queue: ${(e as Error).message}`);
      return;
    }
    if (pending.changes === 0) return;
    scheduler.catchUp(`${pending.changes} pending change(s) in the database`);
  }

  const timers: NodeJS.Timeout[] = [];
  if (pollMs > 0) timers.push(setInterval(() => void checkPending(), pollMs));
  if (clockMs > 0) {
    timers.push(
      setInterval(() => {
        db.runClock().catch((e: unknown) => log(`[publish] clock failed: ${(e as Error).message}`));
      }, clockMs),
    );
  }
  for (const t of timers) t.unref();

  return {
    get port() {
      return server.port;
    },
    handle: server.handle,
    async listen(port, host = '127.0.0.1', opts = {}) {
      const bound = await server.listen(port, host);
      if (!options.buildHookUrl) options.warmBuild?.();
      if (opts.checkPending !== false) void checkPending();
      return bound;
    },
    request: (reason) => scheduler.request(reason),
    buildNow: (reason) => scheduler.buildNow(reason),
    idle: () => scheduler.idle(),
    status,
    hold: () => scheduler.hold(),
    resume: () => scheduler.resume(),
    async stop() {
      const ended = scheduler.stop();
      for (const t of timers) clearInterval(t);
      job.stop();
      await ended;
      await server.close();
    },
  };
}
