/**
 * The publish worker's scheduler (scripts/lib/publish/scheduler.ts) on Vitest's fake timers: the
 * leading edge after a quiet period, the debounce and its longest wait, one build at a time with one queued behind it, hold and resume,
 * buildNow, the backoff after failed builds, idle() and stop(). Builds are promises the test
 * settles, so every step is the clock or a build ending, never a real wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduler, type SchedulerOptions } from '../../scripts/lib/publish/scheduler.ts';

interface Result {
  reason: string;
  error?: string;
}

interface Started {
  reason: string;
  onlyIfPending: boolean;
  finish(error?: string): Promise<void>;
}

/** A build function whose builds wait for the test to finish them. */
function fakeBuilds() {
  const started: Started[] = [];
  const build = (reason: string, { onlyIfPending }: { onlyIfPending: boolean }) =>
    new Promise<Result>((resolve) => {
      started.push({
        reason,
        onlyIfPending,
        async finish(error) {
          resolve(error === undefined ? { reason } : { reason, error });
          await vi.advanceTimersByTimeAsync(0);
        },
      });
    });
  return { started, build };
}

function scheduler(overrides: Partial<SchedulerOptions<Result>> = {}) {
  const builds = fakeBuilds();
  const s = createScheduler<Result>({
    build: builds.build,
    debounceMs: 500,
    maxWaitMs: 2_000,
    retryMs: 1_000,
    ...overrides,
  });
  return { s, started: builds.started };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('leading edge', () => {
  it('builds the first request after a quiet period at once', async () => {
    const { s, started } = scheduler();
    s.request('update articles_meta');
    expect(s.state).toBe('building');
    expect(started.map((b) => [b.reason, b.onlyIfPending])).toEqual([['update articles_meta', false]]);
    await started[0]!.finish();
    expect(s.state).toBe('idle');
    // Quiet for debounceMs since the last request: the next one builds at once too.
    await vi.advanceTimersByTimeAsync(500);
    s.request('update profiles');
    expect(started).toHaveLength(2);
  });

  it('debounces a request that follows another within debounceMs, even after a quick build', async () => {
    const { s, started } = scheduler();
    s.request('first');
    await started[0]!.finish();
    await vi.advanceTimersByTimeAsync(100);
    s.request('second');
    expect(s.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.map((b) => b.reason)).toEqual(['first', 'second']);
    expect(started[1]!.onlyIfPending).toBe(false);
  });

  it('a burst of 20 requests 250 ms apart costs two builds: the first at once, the rest together', async () => {
    const { s, started } = scheduler({ maxWaitMs: 5_000 });
    for (let i = 0; i < 20; i++) {
      s.request(`edit ${i}`);
      await vi.advanceTimersByTimeAsync(250);
      // The first build takes 1.2 s.
      if (i === 4) await started[0]!.finish();
    }
    await vi.advanceTimersByTimeAsync(250);
    expect(started).toHaveLength(2);
    expect(started[1]!.onlyIfPending).toBe(true);
    expect(started[1]!.reason).toBe('edit 1, edit 2, edit 3, edit 4, edit 5 (+14)');
    await started[1]!.finish();
    expect(s.state).toBe('idle');
  });
});

describe('debounce', () => {
  /** A scheduler that has just built, so the next requests are not after a quiet period. */
  async function busy() {
    const made = scheduler();
    made.s.request('earlier');
    await made.started[0]!.finish();
    made.started.length = 0;
    return made;
  }

  it('builds once the requests have been quiet for debounceMs, with their reasons', async () => {
    const { s, started } = await busy();
    s.request('insert articles');
    expect(s.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(300);
    s.request('update comments');
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.map((b) => b.reason)).toEqual(['insert articles, update comments']);
    expect(s.state).toBe('building');
  });

  it('names the same reason once and counts those past the fifth', async () => {
    const { s, started } = await busy();
    for (const r of ['a', 'a', 'b', 'c', 'd', 'e', 'f']) s.request(r);
    await vi.advanceTimersByTimeAsync(500);
    expect(started[0]!.reason).toBe('a, b, c, d, e (+2)');
  });

  it('still builds within maxWaitMs of the oldest request under a steady stream', async () => {
    const { s, started } = await busy();
    s.request('first');
    for (let t = 400; t < 2_000; t += 400) {
      await vi.advanceTimersByTimeAsync(400);
      s.request(`at ${t}`);
      expect(started).toHaveLength(0);
    }
    // 1,600 ms have passed: the last request's debounce would end at 2,100, the longest wait at 2,000.
    await vi.advanceTimersByTimeAsync(399);
    expect(started).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(1);
  });
});

describe('one build at a time', () => {
  it('queues the requests that arrive during a build into one more build, debounced after it, only if pending', async () => {
    const { s, started } = scheduler();
    s.request('first');
    await vi.advanceTimersByTimeAsync(500);
    s.request('second');
    s.request('third');
    expect(s.queued).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toHaveLength(1);

    await started[0]!.finish();
    expect(s.state).toBe('waiting');
    expect(s.queued).toBe(false);
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.map((b) => [b.reason, b.onlyIfPending])).toEqual([
      ['first', false],
      ['second, third', true],
    ]);
    await started[1]!.finish();
    expect(s.state).toBe('idle');
  });

  it('buildNow waits for the running build, then builds at once', async () => {
    const { s, started } = scheduler();
    s.request('webhook');
    await vi.advanceTimersByTimeAsync(500);
    const now = s.buildNow('start');
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1);
    await started[0]!.finish();
    expect(started.map((b) => b.reason)).toEqual(['webhook', 'start']);
    await started[1]!.finish('broken');
    await expect(now).resolves.toEqual({ reason: 'start', error: 'broken' });
  });
});

describe('hold and resume', () => {
  it('remembers requests while held and builds them after resume()', async () => {
    const { s, started } = scheduler({ paused: true });
    s.request('during the seed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toHaveLength(0);
    expect(s.state).toBe('idle');
    s.resume();
    await vi.advanceTimersByTimeAsync(500);
    expect(started.map((b) => b.reason)).toEqual(['during the seed, resumed']);
  });

  it('hold() cancels a waiting build; buildNow() ends the hold', async () => {
    const { s, started } = scheduler();
    s.request('earlier');
    await started[0]!.finish();
    s.request('edit');
    expect(s.state).toBe('waiting');
    s.hold();
    expect(s.state).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started).toHaveLength(1);
    void s.buildNow('import done');
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map((b) => b.reason)).toEqual(['earlier', 'edit, import done']);
    await started[1]!.finish();
    s.request('later');
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toHaveLength(3);
  });
});

describe('retries after failed builds', () => {
  it('waits 2^(n-1) × retryMs after n failures in a row, at most 16×, and resets on success', async () => {
    const { s, started } = scheduler();
    const fail = async (n: number) => {
      s.catchUp('pending');
      await vi.advanceTimersByTimeAsync(500);
      expect(started).toHaveLength(n);
      await started[n - 1]!.finish('broken');
    };
    await fail(1);
    // One failure: 1 × retryMs.
    s.catchUp('pending');
    await vi.advanceTimersByTimeAsync(999);
    expect(s.state).toBe('idle');
    await vi.advanceTimersByTimeAsync(1);
    await fail(2);
    // Two failures: 2 × retryMs.
    await vi.advanceTimersByTimeAsync(1_999);
    s.catchUp('pending');
    expect(s.state).toBe('idle');
    await vi.advanceTimersByTimeAsync(1);
    for (let n = 3; n <= 7; n++) {
      await fail(n);
      await vi.advanceTimersByTimeAsync(60_000);
    }
    await fail(8);
    // Eight failures: 128× would be the rule, 16× the cap.
    await vi.advanceTimersByTimeAsync(15_999);
    s.catchUp('pending');
    expect(s.state).toBe('idle');
    await vi.advanceTimersByTimeAsync(1);
    s.catchUp('pending');
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toHaveLength(9);
    await started[8]!.finish();
    // A success resets the count: the next pending change builds at once.
    s.catchUp('pending');
    expect(s.state).toBe('building');
  });

  it('a webhook is not held back by the backoff', async () => {
    const { s, started } = scheduler();
    s.request('edit');
    await vi.advanceTimersByTimeAsync(500);
    await started[0]!.finish('broken');
    s.request('another edit');
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toHaveLength(2);
  });
});

describe('idle and stop', () => {
  it('idle() resolves once nothing runs, waits or is queued', async () => {
    const { s, started } = scheduler();
    await expect(s.idle()).resolves.toBeUndefined();
    s.request('one');
    let idle = false;
    void s.idle().then(() => (idle = true));
    await vi.advanceTimersByTimeAsync(500);
    s.request('two');
    await started[0]!.finish();
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await started[1]!.finish();
    expect(idle).toBe(true);
  });

  it('stop() cancels a waiting build, ignores new requests and waits for the running one', async () => {
    const { s, started } = scheduler();
    s.request('one');
    await vi.advanceTimersByTimeAsync(500);
    s.request('queued');
    let stopped = false;
    void s.stop().then(() => (stopped = true));
    s.request('after stop');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stopped).toBe(false);
    await started[0]!.finish();
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toHaveLength(1);
    expect(s.stopped).toBe(true);
  });
});
