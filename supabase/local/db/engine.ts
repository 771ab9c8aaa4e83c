/**
 * The database engine behind the local server: embedded PGlite (default) or a PostgreSQL server
 * (DATABASE_URL). Both are driven through the same operations, so nothing above this file knows
 * which one runs.
 *
 * Every value crosses this boundary as text (node-postgres' parsers are switched off and queries
 * that return data select `::text` or JSON), so both engines give identical results.
 *
 * Every operation waits its turn at a first-come, first-served gate (gate.ts) sized to the
 * driver's connections: PGlite has exactly one, so requests to it run one at a time.
 */
import { FifoGate } from './gate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { currentRequestScope, type RequestScope } from './request-scope.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, string | null>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
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

export interface EngineOptions {
  databaseUrl?: string | undefined;
  /** Folder of the PGlite data directory; undefined = in memory. */
  pgliteDir?: string | undefined;
  /** PostgreSQL connections (PostgREST's db-pool); PGlite always has one. */
  poolSize?: number;
  /** Milliseconds a request may wait for a connection (0 = no limit). */
  acquisitionTimeoutMs?: number;
}

export async function openEngine(opts: EngineOptions): Promise<Engine> {
  const driver = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
    : await openPglite(opts.pgliteDir);
  return gated(driver, new FifoGate(driver.connections, opts.acquisitionTimeoutMs ?? 0));
}

function gated(driver: Driver, gate: FifoGate): Engine {
  const run = async <T>(work: (scope: RequestScope | undefined) => Promise<T>): Promise<T> => {
    const scope = currentRequestScope();
    const release = await gate.acquire(scope);
    try {
      return await work(scope);
    } finally {
      release();
    }
  };
  return {
    kind: driver.kind,
    query: <T>(sql: string, params?: unknown[]) => run(() => driver.query<T>(sql, params)),
    exec: (sql) => run(() => driver.exec(sql)),
    transaction: (fn, options = {}) => run((scope) => driver.transaction(fn, options, scope)),
    close: () => driver.close(),
  };
}
