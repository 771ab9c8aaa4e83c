/**
 * The database engine behind the local server: embedded PGlite (default) or a PostgreSQL server
 * (DATABASE_URL). Both are driven through the same two operations, so nothing above this file
 * knows which one runs.
 *
 * Every value crosses this boundary as text (node-postgres' parsers are switched off and queries
 * that return data select `::text` or JSON), so both engines give identical results.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, string | null>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Engine extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: commit on success, rollback when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers report it (SQLSTATE in `code`). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}

export interface EngineOptions {
  databaseUrl?: string | undefined;
  /** Folder of the PGlite data directory; undefined = in memory. */
  pgliteDir?: string | undefined;
}

export async function openEngine(opts: EngineOptions): Promise<Engine> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.pgliteDir);
}

async function openPglite(dir: string | undefined): Promise<Engine> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const db = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    extensions: { pgcrypto, pg_trgm, unaccent, uuid_ossp },
  });
  // Text in, text out: identical to the node-postgres engine below. PGlite merges per-query
  // parsers over its own, so every type oid (arrays included) gets the identity parser.
  const identity = (v: string) => v;
  const oids = await db.query<{ oid: number }>('select oid::int4 as oid from pg_type');
  const textParsers: Record<number, (v: string) => string> = {};
  for (const { oid } of oids.rows) textParsers[oid] = identity;
  const wrap = (q: {
    query: (s: string, p?: unknown[], o?: object) => Promise<{ rows: unknown[]; affectedRows?: number }>;
    exec: (s: string) => Promise<unknown>;
  }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query(sql, params, { parsers: textParsers });
      return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Engine> {
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: { getTypeParser: () => (v: string) => v },
  });
  pool.on('error', () => {
    /* a dropped idle client is replaced on next use */
  });
  const wrap = (c: {
    query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }>;
  }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await c.query(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
