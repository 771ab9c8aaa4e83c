import { describe, expect, it } from 'vitest';
import { FifoGate, PoolTimeoutError } from '../../supabase/local/db/gate.ts';
import { ClientGoneError, type RequestScope } from '../../supabase/local/db/request-scope.ts';
import { toRestError } from '../../supabase/local/rest/errors.ts';

/** A request scope whose client leaves when `leave()` is called. */
function client(): RequestScope & { leave(): void } {
  const controller = new AbortController();
  let left = false;
  return {
    signal: controller.signal,
    gone: () => left,
    leave() {
      left = true;
      controller.abort();
    },
  };
}

/** A client that is already gone but whose disconnect has not been announced yet. */
function silentlyGone(): RequestScope {
  return { signal: new AbortController().signal, gone: () => true };
}

describe('FifoGate', () => {
  it('grants one connection at a time in the order requests asked', async () => {
    const gate = new FifoGate(1, 0);
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        const release = await gate.acquire(client());
        order.push(n);
        await new Promise((r) => setTimeout(r, n % 2 ? 5 : 0));
        release();
      }),
    );
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });

  it('runs up to its number of connections at once', async () => {
    const gate = new FifoGate(3, 0);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 9 }, async () => {
        const release = await gate.acquire(undefined);
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        release();
      }),
    );
    expect(most).toBe(3);
  });

  it('skips a waiter whose client left, and serves the next one', async () => {
    const gate = new FifoGate(1, 0);
    const release = await gate.acquire(undefined);
    const leaver = client();
    const skipped = gate.acquire(leaver);
    const next = gate.acquire(client());
    leaver.leave();
    await expect(skipped).rejects.toBeInstanceOf(ClientGoneError);
    release();
    (await next)();
  });

  it('skips a waiter whose disconnect is only seen when its turn comes', async () => {
    const gate = new FifoGate(1, 0);
    const release = await gate.acquire(undefined);
    const gone = silentlyGone();
    const quiet = { signal: gone.signal, gone: () => false };
    const waiting = gate.acquire(quiet);
    quiet.gone = gone.gone;
    release();
    await expect(waiting).rejects.toBeInstanceOf(ClientGoneError);
  });

  it('refuses a request that waited past the acquisition timeout (PGRST003)', async () => {
    const gate = new FifoGate(1, 20);
    const release = await gate.acquire(client());
    await expect(gate.acquire(client())).rejects.toBeInstanceOf(PoolTimeoutError);
    release();
    (await gate.acquire(client()))();
  });

  it('is answered like PostgREST when the wait is over: 504 PGRST003', () => {
    const answer = toRestError(new PoolTimeoutError(), true);
    expect(answer.status).toBe(504);
    expect(answer.body()).toEqual({
      code: 'PGRST003',
      message: 'Timed out acquiring connection from connection pool.',
      details: null,
      hint: null,
    });
  });

  it('lets work outside a request wait without limit', async () => {
    const gate = new FifoGate(1, 10);
    const release = await gate.acquire(undefined);
    const waiting = gate.acquire(undefined);
    await new Promise((r) => setTimeout(r, 30));
    release();
    (await waiting)();
  });
});
