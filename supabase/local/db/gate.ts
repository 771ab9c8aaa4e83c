/**
 * First come, first served access to the engine's connections: one for PGlite, the pool size for
 * PostgreSQL. Requests get a connection in the order they asked for one, so a burst of one kind
 * of request delays the others only by its place in the line, never starves them.
 *
 * A waiter gets a connection only after the event loop has read the sockets again since it
 * joined the line, never in the same turn: PGlite runs each query synchronously, so requests
 * (and their clients' disconnects) pile up unread while it works, and back-to-back queries would
 * keep them unread for as long as the line lasts. That read is when a waiter whose client
 * disconnected is noticed and skipped; its work never starts.
 *
 * A request that waits longer than the acquisition timeout is refused (PostgREST's
 * `db-pool-acquisition-timeout`: PGRST003, HTTP 504), so a client learns it is overloaded instead
 * of waiting without bound. Work without a request (migrations, seeding) waits as long as needed.
 */
import { ClientGoneError, afterPendingIo, type RequestScope } from './request-scope.ts';

/** PostgREST's answer when no connection frees up in time. */
export class PoolTimeoutError extends Error {
  constructor() {
    super('Timed out acquiring connection from connection pool.');
    this.name = 'PoolTimeoutError';
  }
}

interface Waiter {
  scope: RequestScope | undefined;
  grant: () => void;
  fail: (e: Error) => void;
  settled: boolean;
  /** The event loop has read the sockets since this waiter joined the line. */
  seen: boolean;
}

export class FifoGate {
  readonly #acquisitionTimeoutMs: number;
  readonly #waiters: Waiter[] = [];
  #free: number;
  #handing = false;

  /** `acquisitionTimeoutMs` 0 = wait without limit. */
  constructor(slots: number, acquisitionTimeoutMs: number) {
    this.#free = slots;
    this.#acquisitionTimeoutMs = acquisitionTimeoutMs;
  }

  /** Resolves with the function that gives the connection back; call it exactly once. */
  acquire(scope: RequestScope | undefined): Promise<() => void> {
    if (scope?.gone()) return Promise.reject(new ClientGoneError());
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => waiter.fail(new ClientGoneError());
      const settle = () => {
        waiter.settled = true;
        clearTimeout(timer);
        scope?.signal.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        scope,
        settled: false,
        seen: false,
        grant: () => {
          settle();
          resolve(this.#releaser());
        },
        fail: (e) => {
          if (waiter.settled) return;
          settle();
          reject(e);
        },
      };
      scope?.signal.addEventListener('abort', onAbort, { once: true });
      if (scope && this.#acquisitionTimeoutMs > 0) {
        timer = setTimeout(() => waiter.fail(new PoolTimeoutError()), this.#acquisitionTimeoutMs);
      }
      this.#waiters.push(waiter);
      // Never at once, even with a connection free: the request may have been read together
      // with its client's disconnect while PGlite blocked the event loop, and that disconnect is
      // only read on the next pass over the sockets.
      void afterPendingIo().then(() => {
        waiter.seen = true;
        if (this.#free > 0) this.#scheduleHandover();
      });
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#free += 1;
      this.#scheduleHandover();
    };
  }

  #scheduleHandover(): void {
    if (this.#handing) return;
    this.#handing = true;
    void afterPendingIo().then(() => {
      this.#handing = false;
      this.#handOver();
    });
  }

  /** Gives free connections to the oldest waiters whose clients are still there. */
  #handOver(): void {
    while (this.#free > 0 && this.#waiters.length > 0) {
      const next = this.#waiters[0]!;
      // The oldest waiter is not checkable yet: wait for it rather than let a younger one pass.
      if (!next.settled && !next.seen) return;
      this.#waiters.shift();
      if (next.settled) continue;
      if (next.scope?.gone()) {
        next.fail(new ClientGoneError());
        continue;
      }
      this.#free -= 1;
      next.grant();
    }
  }
}
