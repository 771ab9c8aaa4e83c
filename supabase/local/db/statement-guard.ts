/**
 * Checks around each statement of a request's transaction, for both drivers: no statement
 * starts for a client that has disconnected, and, where the engine cannot interrupt a statement
 * itself (PGlite), one that ran past the statement timeout fails once it returns, so the
 * transaction rolls back and the client gets the answer PostgreSQL would have given
 * (57014, `canceling statement due to statement timeout`).
 */
import { performance } from 'node:perf_hooks';
import type { PgError, Queryable } from './engine.ts';
import { ClientGoneError, type RequestScope } from './request-scope.ts';

/** The error PostgreSQL raises when statement_timeout fires. */
function statementTimeoutError(): PgError {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
}

export function guardStatements(tx: Queryable, scope: RequestScope | undefined, timeoutMs = 0): Queryable {
  if (!scope && !timeoutMs) return tx;
  const timed = async <T>(run: () => Promise<T>): Promise<T> => {
    if (scope?.gone()) throw new ClientGoneError();
    const started = performance.now();
    const result = await run();
    if (timeoutMs > 0 && performance.now() - started > timeoutMs) throw statementTimeoutError();
    return result;
  };
  return {
    query: <T>(sql: string, params?: unknown[]) => timed(() => tx.query<T>(sql, params)),
    exec: (sql) => timed(() => tx.exec(sql)),
  };
}
