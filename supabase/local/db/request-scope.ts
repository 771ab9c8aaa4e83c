/**
 * The HTTP request a piece of database work is done for, carried implicitly (AsyncLocalStorage)
 * from the server's request callback down to the engine, so every route — REST, auth, storage —
 * gets the same treatment without threading a parameter through each handler: the engine's
 * queue skips work for a client that already disconnected, and a statement running for one is
 * cancelled. Work outside a request (migrations, seeding) has no scope and is never skipped.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestScope {
  /** Aborted when the client disconnects before its response is complete. */
  readonly signal: AbortSignal;
  /**
   * True when the client is gone. Unlike `signal`, this also sees a disconnect the event loop
   * has read but not yet announced (the socket's 'close' event comes one loop phase later).
   */
  gone(): boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (and everything it awaits) on behalf of the request described by `scope`. */
export function withRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The request the current code runs for, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

/**
 * Thrown instead of running (or committing) work for a client that disconnected. It carries
 * the SQLSTATE Postgres uses for a cancelled statement, so it maps like one, although no one is
 * left to read the answer.
 */
export class ClientGoneError extends Error {
  readonly code = '57014';
  constructor() {
    super('canceling statement due to user request');
    this.name = 'ClientGoneError';
  }
}

/**
 * Resolves after the event loop has polled its sockets at least once more. One `setImmediate`
 * is not enough: called from the poll phase it runs before that phase reads again, so a client's
 * disconnect that arrived while PGlite held the thread would still be unread.
 */
export function afterPendingIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
