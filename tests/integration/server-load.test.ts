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
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { serviceClient } from '../support/clients.ts';

const onPostgres = inject('engineKind') === 'postgres';
const HEAD_SECONDS = 0.6;

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
    // The function's own `set statement_timeout = '300ms'` is the limit. PostgreSQL interrupts
    // the sleep; PGlite cannot, so there it fails when the sleep returns.
    const seconds = onPostgres ? 10 : 0.6;
    const started = Date.now();
    const res = await call('fx_log_then_sleep_limited', { label, seconds });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: null,
    });
    if (onPostgres) expect(Date.now() - started).toBeLessThan(5000);

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
    const gone = new AbortController();
    const abandoned = call('fx_log_then_sleep', { label, seconds: onPostgres ? 10 : 0.8 }, gone.signal).catch(
      (e: Error) => e.name,
    );
    await sleep(200);
    gone.abort();
    expect(await abandoned).toBe('AbortError');
    // On PGlite this waits in line behind the abandoned call, so it returns once that is over.
    const next = await call('fx_log_then_sleep', { label: `${label}-next` });
    expect(next.status).toBe(200);
    expect(await committed(label)).toEqual([`${label}-next`]);
  });

  // Each engine gets the test of what it can do (registered conditionally, so nothing is skipped).
  if (onPostgres)
    it('cancels the statement on PostgreSQL instead of letting it run on', async () => {
      const label = unique('cancel');
      const gone = new AbortController();
      const abandoned = call('fx_log_then_sleep', { label, seconds: 10 }, gone.signal).catch(() => undefined);
      await sleep(200);
      gone.abort();
      await abandoned;
      const stillRunning = async () => {
        const { data, error } = await serviceClient().rpc('fx_catalog', {
          query: `select pid from pg_stat_activity where state = 'active' and query like '%fx_log_then_sleep%'
                  and pid <> pg_backend_pid()`,
        });
        if (error) throw new Error(error.message);
        return (data as unknown[]).length;
      };
      // Well before the anon role's 3 s statement timeout would stop it anyway.
      const deadline = Date.now() + 1500;
      while ((await stillRunning()) > 0 && Date.now() < deadline) await sleep(50);
      expect(await stillRunning()).toBe(0);
      expect(await committed(label)).toEqual([]);
    });
  else
    it('on PGlite (no signals) lets the statement end, commits nothing and frees the engine right after', async () => {
      const label = unique('pglite-left');
      const gone = new AbortController();
      const started = Date.now();
      const abandoned = call('fx_log_then_sleep', { label, seconds: 1 }, gone.signal).catch(() => undefined);
      await sleep(200);
      gone.abort();
      await abandoned;
      const next = await call('fx_log_then_sleep', { label: `${label}-next` });
      expect(next.status).toBe(200);
      // Served once the abandoned statement's second is over, not after some longer timeout.
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(await committed(label)).toEqual([`${label}-next`]);
    });
});
