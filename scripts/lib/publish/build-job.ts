/**
 * One publish build (scripts/lib/publish/worker.ts decides when): reads which outbox rows it
 * covers, runs the incremental Astro build into a new release and swaps it live
 * (scripts/lib/release/), or calls a hosting provider's build hook instead; then marks the rows
 * built. A failure keeps the last good release live, is recorded on the rows (the dashboard's
 * 'Failed: …') and in the build log, and keeps the output's tail for the status.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BuildRun } from '../astro-build.ts';
import { buildRelease } from '../release/build.ts';
import { activateRelease, pruneReleases, type ReleaseSite } from '../release/releases.ts';
import type { DbQueue, PendingWork } from './queue.ts';

export interface BuildRecord {
  reason: string;
  /** Not built: an `onlyIfPending` run found every change already built. */
  skipped?: boolean;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  /** The outbox rows (ids ≤ upTo) this build includes. */
  upTo: number | null;
  release?: string;
  /** Files in the release, and how many were new or changed (re-rendered pages and assets). */
  files?: number;
  changed?: number;
  /** Milliseconds of the build itself (a warm render, or a full `astro build`). */
  buildMs?: number;
  /** Milliseconds from the build's end to the release being ready to swap in (prune and snapshot). */
  releaseMs?: number;
  /** Milliseconds from startedAt to the swap: readers get the new site from then. */
  liveMs?: number;
  error?: string;
}

export type FailedBuild = BuildRecord & { logTail?: string };

export interface BuildJobOptions {
  site: ReleaseSite;
  /** Starts `astro build` into site.workDir with keepOutDir (runAstroBuild, AstroBuilder.run). */
  startBuild: () => BuildRun;
  /** Prepares the next build after each one (AstroBuilder.warm: its process loads Astro meanwhile). */
  warmBuild?: (() => void) | undefined;
  db: DbQueue;
  /** Forward to a hosting provider's build hook instead of building here. */
  buildHookUrl?: string | undefined;
  /** Append each build's record and output here. */
  logFile?: string | undefined;
  log: (line: string) => void;
}

export interface BuildJob {
  /**
   * Runs one build; never rejects (a failure is the record's `error`). With `onlyIfPending`,
   * first reads the outbox and builds nothing when it holds no unbuilt change (webhooks of
   * changes that the previous build already read).
   */
  run(reason: string, opts?: { onlyIfPending?: boolean }): Promise<BuildRecord>;
  /** Reads the outbox (kept for the status). */
  readPending(): Promise<PendingWork>;
  /** Kills a running build; its failure is then neither recorded nor logged. */
  stop(): void;
  readonly current: BuildRecord | null;
  readonly lastSuccess: BuildRecord | null;
  readonly lastFailure: FailedBuild | null;
  readonly pending: PendingWork | null;
  /** Builds started. */
  readonly builds: number;
}

const LOG_TAIL_LINES = 40;

export function createBuildJob(options: BuildJobOptions): BuildJob {
  const { db, log } = options;
  let current: BuildRecord | null = null;
  let lastSuccess: BuildRecord | null = null;
  let lastFailure: FailedBuild | null = null;
  let pending: PendingWork | null = null;
  let builds = 0;
  let stopped = false;
  let killBuild: (() => void) | undefined;

  function writeLog(text: string): void {
    if (!options.logFile) return;
    fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
    fs.appendFileSync(options.logFile, text.endsWith('\n') ? text : `${text}\n`);
  }

  async function readPending(): Promise<PendingWork> {
    pending = await db.pending();
    return pending;
  }

  /** The build and the swap, here; `output` receives the build's output. */
  async function buildAndSwap(record: BuildRecord, output: (text: string) => void): Promise<void> {
    const { release, stats } = await buildRelease(
      options.site,
      async () => {
        const build = options.startBuild();
        killBuild = () => build.kill();
        try {
          return await build.done;
        } finally {
          output(build.output());
          killBuild = undefined;
        }
      },
      { log },
    );
    // Live first; old snapshots (11,000 files at 10,000 articles) are deleted after.
    await activateRelease(options.site.releasesDir, release, { prune: false });
    Object.assign(record, {
      liveMs: Date.now() - Date.parse(record.startedAt),
      release: release.id,
      files: stats.files,
      changed: stats.copied,
      buildMs: stats.buildMs,
      releaseMs: stats.pruneMs + stats.snapshotMs,
    });
  }

  async function callBuildHook(url: string): Promise<void> {
    const res = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(30_000) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`build hook answered HTTP ${res.status}`);
  }

  async function run(reason: string, opts: { onlyIfPending?: boolean } = {}): Promise<BuildRecord> {
    const record: BuildRecord = { reason, startedAt: new Date().toISOString(), upTo: null };
    let unbuilt: PendingWork | undefined;
    if (opts.onlyIfPending) {
      unbuilt = await readPending().catch(() => undefined);
      if (unbuilt?.changes === 0) {
        log(`[publish] nothing unbuilt, no build — ${reason}`);
        return { ...record, skipped: true, finishedAt: record.startedAt, durationMs: 0 };
      }
    }
    current = record;
    builds++;
    const t0 = Date.now();
    let output = '';
    try {
      // Everything in the outbox now is in the database this build reads.
      record.upTo = (unbuilt ?? (await readPending())).upTo;
      if (options.buildHookUrl) await callBuildHook(options.buildHookUrl);
      else await buildAndSwap(record, (text) => (output = text));
      if (record.upTo !== null) await db.markBuilt(record.upTo);
      if (!options.buildHookUrl) await pruneReleases(options.site.releasesDir);
      record.finishedAt = new Date().toISOString();
      record.durationMs = Date.now() - t0;
      lastSuccess = record;
      log(
        `[publish] ${options.buildHookUrl ? 'build hook called' : `live: ${record.release}`} in ${record.durationMs} ms` +
          (record.changed !== undefined ? ` (${record.changed} of ${record.files} files new or changed)` : '') +
          (record.buildMs !== undefined ? `; build ${record.buildMs} ms, release ${record.releaseMs} ms` : '') +
          ` — ${reason}`,
      );
    } catch (e) {
      record.finishedAt = new Date().toISOString();
      record.durationMs = Date.now() - t0;
      record.error = (e as Error).message.split('\n')[0]!.slice(0, 300);
      const tail = (output || (e as Error).message).trim().split('\n').slice(-LOG_TAIL_LINES).join('\n');
      lastFailure = { ...record, logTail: tail };
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
      // After the swap, so loading the next build's Astro does not slow this one down.
      if (!stopped && !options.buildHookUrl) options.warmBuild?.();
    }
    return record;
  }

  return {
    run,
    readPending,
    stop() {
      stopped = true;
      killBuild?.();
    },
    get current() {
      return current;
    },
    get lastSuccess() {
      return lastSuccess;
    },
    get lastFailure() {
      return lastFailure;
    },
    get pending() {
      return pending;
    },
    get builds() {
      return builds;
    },
  };
}
