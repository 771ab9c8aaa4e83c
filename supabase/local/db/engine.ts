/**
 * The database engine behind the local server: embedded PGlite (default) or a PostgreSQL server
 * (DATABASE_URL). Both are driven through the same operations, so nothing above this file knows
 * which one runs.
 *
 * Every value crosses this boundary as text (node-postgres' parsers are switched off and queries
 * that return data select `::text` or JSON), so both engines give identical results.
 *
 * This file is the contract the drivers (pglite.ts, postgres.ts) implement; open-engine.ts picks
 * one and puts it behind the gate.
 */
import type { RequestScope } from './request-scope.ts';

interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, string | null>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

interface TransactionOptions {
  /** Milliseconds any one statement may run (Postgres' statement_timeout); 0 = no limit. */
  statementTimeoutMs?: number;
}

export interface Engine extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: commit on success, rollback when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

/** What each driver provides: an engine without the gate, told which request it works for. */
export interface Driver extends Queryable {
  readonly kind: Engine['kind'];
  /** How many operations may run at once. */
  readonly connections: number;
  transaction<T>(
    fn: (tx: Queryable) => Promise<T>,
    options: TransactionOptions,
    scope: RequestScope | undefined,
  ): Promise<T>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers report it (SQLSTATE in `code`). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

/**
 * An error Postgres answered: its `code` is a SQLSTATE (five digits or capitals). Node's socket
 * errors carry a `code` too (ECONNREFUSED…): they are no answer from the database at all.
 */
export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && /^[0-9A-Z]{5}$/.test((e as PgError).code ?? '');
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * The PostgreSQL server could not be reached or the connection broke (node-postgres reports
 * the socket's error, or "Connection terminated…"): the database is unavailable, the request
 * was not wrong.
 */
export function isConnectionError(e: unknown): e is Error {
  if (!(e instanceof Error)) return false;
  const code = (e as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && CONNECTION_CODES.has(code)) ||
    /^Connection terminated|^timeout expired|connection timeout/i.test(e.message)
  );
}
