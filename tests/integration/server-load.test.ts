/**
 * The local server stays fair and bounded under load: a statement that runs too long is cut off
 * with PostgREST's 500 / 57014, requests get the engine in the order they arrived, and work for a
 * client that disconnected never commits. Calls go to fixture functions that record themselves
 * in `fx_calls` (tests/fixtures/migrations/99990103000000_load_fixtures.sql): a row there means
 * the call committed.
 *
 * To queue requests, every engine connection is first taken by a sleeping call (PGlite has one,
 * PostgreSQL the pool's): all but one sleep longer than the test needs, the last — the "head" —
 * frees its connection first, so queued requests then run one at a time on it.
 *
 * Nothing here is timed: on PostgreSQL a call that must be cut off or cancelled sleeps for an
 * hour, so only an interruption lets the test go on. How soon the server answers is measured by
 * `npm run bench:api` (docs/performance.md).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { serviceClient } from '../support/clients.ts';

const onPostgres = inject('engineKind') === 'postgres';
const HEAD_SECONDS = 0.6;
/** Longer than any test may run: a PostgreSQL statement this long ends only if it is interrupted. */
const AN_HOUR = 3600;

let counter = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${++counter}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function call(fn: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  return fetch(`${inject('apiUrl')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: inject('anonKey'),
      Authorization: `Bearer ${inject('anonKey')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
    ...(signal ? { signal } : {}),
  });
}

/** The labels of committed calls starting with `prefix`, in the order they ran. */
async function committed(prefix: string): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from('fx_calls')
    .select('label')
    .like('label', `${prefix}%`)
    .order('id');
  if (error) throw new Error(error.message);
  return data.map((r: { label: string }) => r.label);
}

// A call the server failed to cancel would hold the cluster's shutdown for the rest of its hour,
// after its test failed: end such calls here.
afterAll(async () => {
  if (!onPostgres) return;
  const { error } = await serviceClient().rpc('fx_catalog', {
    query: `select pg_cancel_backend(pid) from pg_stat_activity
             where query like '%fx_log_then_sleep%' and pid <> pg_backend_pid()`,
  });
  if (error) throw new Error(error.message);
});

/**
 * PostgreSQL's statements calling `fn` now (not counting this query); `sleeping` only those
 * already in pg_sleep, past the function's insert.
 */
async function activeCalls(fn: string, sleeping = false): Promise<number> {
  const { data, error } = await serviceClient().rpc('fx_catalog', {
    query: `select pid from pg_stat_activity where state = 'active' and query like '%${fn}%'
            and pid <> pg_backend_pid() ${sleeping ? `and wait_event = 'PgSleep'` : ''}`,
  });
  if (error) throw new Error(error.message);
  return (data as unknown[]).length;
}

/** Polls PostgreSQL until a call of `fn` has inserted its row and sleeps. */
async function untilSleeping(fn: string): Promise<void> {
  while ((await activeCalls(fn, true)) === 0) await sleep(50);
}

/** Polls PostgreSQL until no statement calling `fn` runs (the test's timeout is the limit). */
async function untilNotRunning(fn: string): Promise<void> {
  while ((await activeCalls(fn)) > 0) await sleep(50);
}

/** A committed call's id: ids come from an identity, so a call that ran and rolled back leaves a gap. */
async function loggedId(label: string): Promise<number> {
  const res = await call('fx_log_then_sleep', { label });
  expect(res.status).toBe(200);
  return Number(await res.json());
}

/**
 * Lets a call of `fn` start and then leaves it. PostgreSQL is polled until the call sleeps; PGlite
 * runs a statement on this process's thread, so there is nothing to poll while it runs, and the
 * client leaves 200 ms in (the id gap the tests check shows whether the call had started).
 */
async function startThenLeave(fn: string, args: Record<string, unknown>): Promise<void> {
  const gone = new AbortController();
  const abandoned = call(fn, args, gone.signal).catch((e: Error) => e.name);
  if (onPostgres) await untilSleeping(fn);
  else await sleep(200);
  gone.abort();
  expect(await abandoned).toBe('AbortError');
}

/**
 * Takes every engine connection: the head (labelled `${prefix}0`) for HEAD_SECONDS, the others
 * long enough to outlast the test. Resolves once they have had time to start.
 */
async function occupyEngine(prefix: string): Promise<Promise<Response>[]> {
  const holders = Array.from({ length: inject('dbConnections') - 1 }, () =>
    call('fx_log_then_sleep', { label: unique('holder'), seconds: HEAD_SECONDS + 0.8 }),
  );
  const head = call('fx_log_then_sleep', { label: `${prefix}0`, seconds: HEAD_SECONDS });
  await sleep(150);
  return [head, ...holders];
}

describe('statement timeout', () => {
  it('cuts off a call that runs past it with 500 and 57014, rolls it back, and serves the next request', async () => {
    const label = unique('timeout');
    // The function's own `set statement_timeout = '300ms'` is the limit (it replaces the role's).
    // PostgreSQL interrupts the sleep, so an hour's sleep answers at all only if it was cut off;
    // PGlite cannot interrupt, so there it fails when the sleep returns.
    const seconds = onPostgres ? AN_HOUR : 0.6;
    const res = await call('fx_log_then_sleep_limited', { label, seconds });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: null,
    });

    const next = await call('fx_log_then_sleep', { label: `${label}-next` });
    expect(next.status).toBe(200);
    expect(await committed(label)).toEqual([`${label}-next`]);
  });
});

describe('arrival order', () => {
  it('runs queued requests in the order they arrived, slow and fast alike', async () => {
    const prefix = unique('order');
    const running = await occupyEngine(prefix);
    const queued: Promise<Response>[] = [];
    for (let i = 1; i <= 6; i++) {
      queued.push(call('fx_log_then_sleep', { label: `${prefix}${i}`, seconds: i % 2 ? 0.02 : 0 }));
      await sleep(30);
    }
    const answers = await Promise.all(queued);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await committed(prefix)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `${prefix}${i}`));
    await Promise.all(running);
  });
});

describe('clients that disconnect', () => {
  it('never runs a request whose client left while it waited in line', async () => {
    const prefix = unique('left');
    const running = await occupyEngine(prefix);
    const gone = new AbortController();
    const abandoned = call('fx_log_then_sleep', { label: `${prefix}-abandoned` }, gone.signal).catch(
      (e: Error) => e.name,
    );
    await sleep(50);
    gone.abort();
    expect(await abandoned).toBe('AbortError');
    const after = await call('fx_log_then_sleep', { label: `${prefix}-after` });
    expect(after.status).toBe(200);
    expect(await committed(prefix)).toEqual([`${prefix}0`, `${prefix}-after`]);
    await Promise.all(running);
  });

  it('rolls back a call whose client left while it ran', async () => {
    const label = unique('running');
    const first = await loggedId(`${label}-first`);
    // No statement timeout: on PostgreSQL only the server's cancel can end the hour's sleep.
    await startThenLeave('fx_log_then_sleep_unlimited', { label, seconds: onPostgres ? AN_HOUR : 0.8 });
    if (onPostgres) await untilNotRunning('fx_log_then_sleep_unlimited');
    // On PGlite this waits in line behind the abandoned call, so it returns once that is over.
    const next = await loggedId(`${label}-next`);
    // The abandoned call ran (it took the id between the two) and nothing of it committed.
    expect(next).toBe(first + 2);
    expect(await committed(label)).toEqual([`${label}-first`, `${label}-next`]);
  });

  // Each engine gets the test of what it can do (registered conditionally, so nothing is skipped).
  if (onPostgres)
    it('cancels the statement on PostgreSQL instead of letting it run on', async () => {
      const label = unique('cancel');
      await startThenLeave('fx_log_then_sleep_unlimited', { label, seconds: AN_HOUR });
      // With no statement timeout, only the server's cancel ends it within the hour.
      await untilNotRunning('fx_log_then_sleep_unlimited');
      expect(await committed(label)).toEqual([]);
    });
  else
    it('on PGlite (no signals) lets the statement end, commits nothing and serves the next request', async () => {
      const label = unique('pglite-left');
      const first = await loggedId(`${label}-first`);
      await startThenLeave('fx_log_then_sleep', { label, seconds: 1 });
      const next = await loggedId(`${label}-next`);
      expect(next).toBe(first + 2);
      expect(await committed(label)).toEqual([`${label}-first`, `${label}-next`]);
    });
});
