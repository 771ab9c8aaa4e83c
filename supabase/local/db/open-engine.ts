/**
 * Opens the engine (engine.ts): PGlite, or PostgreSQL when a DATABASE_URL is given. Every
 * operation waits its turn at a first-come, first-served gate (gate.ts) sized to the driver's
 * connections: PGlite has exactly one, so requests to it run one at a time.
 */
import type { Driver, Engine } from './engine.ts';
import { FifoGate } from './gate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { currentRequestScope, type RequestScope } from './request-scope.ts';

export interface EngineOptions {
  databaseUrl?: string | undefined;
  /** Folder of the PGlite data directory; undefined = in memory. */
  pgliteDir?: string | undefined;
  /** PostgreSQL connections (PostgREST's db-pool); PGlite always has one. */
  poolSize?: number;
  /** Milliseconds a request may wait for a connection (0 = no limit). */
  acquisitionTimeoutMs?: number;
  /** A migrated PGlite data directory to start a new PGlite database from (pglite-template.ts). */
  pgliteTemplate?: Blob | undefined;
}

export async function openEngine(opts: EngineOptions): Promise<Engine> {
  const driver = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
    : await openPglite(opts.pgliteDir, opts.pgliteTemplate);
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
