/**
 * When the publish worker builds (never how): the rules that turn a stream of webhooks into as
 * few builds as keep the site current. No I/O: the clock and the build are inputs, so
 * tests/unit/publish-scheduler.test.ts drives it with Vitest's fake timers.
 *
 * - `request()` after a quiet period (no request for `debounceMs`, nothing building): a build at
 *   once (leading edge), so a lone edit does not wait for a quiet time it already had.
 * - `request()` soon after another: a build once `debounceMs` pass without another request, but
 *   no later than `maxWaitMs` after the oldest request still waiting, so a steady stream still
 *   builds and a burst costs two builds (its first change at once, the rest together).
 * - One build at a time: requests during a build queue at most one more, which starts
 *   `debounceMs` after the running one ends (debounced as above). That build is `onlyIfPending`:
 *   a save's other webhooks arrive while the build their own transaction started is running, and
 *   the build job skips it when the database holds nothing that build did not cover.
 * - `hold()`: requests are remembered, not built, until `resume()` or `buildNow()`.
 * - `buildNow()`: a build at once (after the running one), without the debounce.
 * - `catchUp()`: a request for changes the database still holds unbuilt; after n failed builds
 *   in a row, not before 2^(n-1) × `retryMs` (at most 16×) since the last failure.
 * - A build's reason names the requests it covers (the first five distinct ones, then a count).
 */

export type SchedulerState = 'idle' | 'waiting' | 'building';

interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The global timers, looked up at each call (so Vitest's fake timers replace them). */
const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SchedulerOptions<T extends { error?: string }> {
  /**
   * Runs one build; resolves (never rejects) with its record, `error` set when it failed.
   * `onlyIfPending`: every request it covers arrived during or after an earlier build, so it
   * may be skipped when the database holds no change that build did not include.
   */
  build: (reason: string, opts: { onlyIfPending: boolean }) => Promise<T>;
  debounceMs: number;
  maxWaitMs: number;
  /** The backoff's unit after failed builds (the worker's poll interval, at least a second). */
  retryMs: number;
  /** Start held, as after hold(). */
  paused?: boolean;
  clock?: Clock;
}

export interface Scheduler<T> {
  readonly state: SchedulerState;
  /** A build waits behind the running one. */
  readonly queued: boolean;
  readonly stopped: boolean;
  request(reason: string): void;
  catchUp(reason: string): void;
  buildNow(reason: string): Promise<T>;
  hold(): void;
  resume(): void;
  /** Resolves when no build is running, waiting or queued. */
  idle(): Promise<void>;
  /** No more builds; resolves when the running one has ended. */
  stop(): Promise<void>;
}

/** The longest backoff, in units of retryMs. */
const MAX_BACKOFF = 16;
/** Reasons named in a build's reason before the rest are counted. */
const REASONS_NAMED = 5;

export function createScheduler<T extends { error?: string }>(options: SchedulerOptions<T>): Scheduler<T> {
  const { debounceMs, maxWaitMs } = options;
  const clock = options.clock ?? systemClock;
  let state: SchedulerState = 'idle';
  let queued = false;
  let reasons: string[] = [];
  /** When the last request arrived (-Infinity: never), for the leading edge. */
  let lastRequestAt = -Infinity;
  /** The build waiting now was queued behind another (see SchedulerOptions.build). */
  let afterBuild = false;
  /** When the oldest request still waiting for a build arrived. */
  let waitingSince: number | undefined;
  let timer: unknown;
  let running: Promise<T> | undefined;
  let stopped = false;
  let paused = options.paused ?? false;
  let failuresInRow = 0;
  let lastFailureAt = 0;
  let idleWaiters: (() => void)[] = [];

  function wakeIdle(): void {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  function request(reason: string): void {
    if (stopped) return;
    reasons.push(reason);
    const quiet = clock.now() - lastRequestAt >= debounceMs;
    lastRequestAt = clock.now();
    if (paused) return;
    if (state === 'building') {
      queued = true; // at most one build waits behind the running one
      return;
    }
    if (state === 'idle' && quiet) {
      void start();
      return;
    }
    state = 'waiting';
    waitingSince ??= clock.now();
    clock.clearTimeout(timer);
    const delay = Math.max(0, Math.min(debounceMs, waitingSince + maxWaitMs - clock.now()));
    timer = clock.setTimeout(() => void start(), delay);
  }

  function start(): Promise<T> {
    clock.clearTimeout(timer);
    waitingSince = undefined;
    const covered = reasons.length ? reasons : ['requested'];
    reasons = [];
    const onlyIfPending = afterBuild;
    afterBuild = false;
    const reason =
      [...new Set(covered)].slice(0, REASONS_NAMED).join(', ') +
      (covered.length > REASONS_NAMED ? ` (+${covered.length - REASONS_NAMED})` : '');
    state = 'building';
    running = options
      .build(reason, { onlyIfPending })
      .then((result) => {
        if (result.error === undefined) failuresInRow = 0;
        else {
          failuresInRow++;
          lastFailureAt = clock.now();
        }
        return result;
      })
      .finally(() => {
        running = undefined;
        state = 'idle';
        if (queued && !stopped) {
          queued = false;
          state = 'waiting';
          afterBuild = true;
          waitingSince = clock.now();
          timer = clock.setTimeout(() => void start(), debounceMs);
        }
        if (state === 'idle' && !queued) wakeIdle();
      });
    return running;
  }

  return {
    get state() {
      return state;
    },
    get queued() {
      return queued;
    },
    get stopped() {
      return stopped;
    },
    request,
    catchUp(reason) {
      if (failuresInRow > 0) {
        const wait = Math.min(2 ** (failuresInRow - 1), MAX_BACKOFF) * options.retryMs;
        if (clock.now() - lastFailureAt < wait) return;
      }
      request(reason);
    },
    async buildNow(reason) {
      paused = false;
      while (running) await running.catch(() => undefined);
      reasons.push(reason);
      queued = false;
      afterBuild = false;
      return start();
    },
    hold() {
      paused = true;
      clock.clearTimeout(timer);
      if (state === 'waiting') state = 'idle';
      afterBuild = false;
    },
    resume() {
      paused = false;
      if (reasons.length) request('resumed');
    },
    idle() {
      if (state === 'idle' && !queued) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running?.catch(() => undefined);
      wakeIdle();
    },
  };
}
