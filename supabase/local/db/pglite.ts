/**
 * The embedded engine: PGlite, Postgres compiled to WebAssembly, in this process.
 *
 * PGlite is one connection, and it runs each statement synchronously on Node's main thread:
 * while a statement runs nothing else does, not even reading sockets. It has no working signal
 * timers either, so Postgres' own statement_timeout never fires (measured: `set
 * statement_timeout = '200ms'` lets a 9 s query finish). What it can and cannot do:
 * - a statement that ran longer than the timeout fails when it returns (statement-guard.ts),
 *   so its transaction rolls back and the client gets 57014 as from PostgreSQL, but the time
 *   is spent: a single runaway statement still holds the engine until it finishes;
 * - a request whose client left while it ran is rolled back before commit: the event loop reads
 *   the sockets once more before committing, so a disconnect during the statement is seen.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Driver, Queryable } from './engine.ts';
import { ClientGoneError, afterPendingIo } from './request-scope.ts';
import { guardStatements } from './statement-guard.ts';

/**
 * PGlite runs Postgres in single-user mode: there is no checkpointer, so WAL is never
 * checkpointed away by itself (1.8 GB of pg_wal after one 10,000-article seed, and a 51 s replay
 * after a crash). maintenance.ts checkpoints when WAL builds up; these make each checkpoint
 * recycle segments down to 32–64 MB instead of keeping up to Postgres' default 1 GB.
 */
const WAL_SETTINGS = ['-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB'];

type PgliteQueryable = {
  query: (s: string, p?: unknown[], o?: object) => Promise<{ rows: unknown[]; affectedRows?: number }>;
  exec: (s: string) => Promise<unknown>;
};

/** The PGlite driver, which can also write its data directory out as a tar file. */
export interface PgliteDriver extends Driver {
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens PGlite in `dir` (undefined = in memory). `template`, a data directory as a tar file
 * (pglite-template.ts), is loaded instead of running initdb when the database is new.
 */
export async function openPglite(dir: string | undefined, template?: Blob): Promise<PgliteDriver> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const isNew = !dir || !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
  const db = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(template && isNew ? { loadDataDir: template } : {}),
    startParams: [...PGlite.defaultStartParams, ...WAL_SETTINGS],
    extensions: { pgcrypto, pg_trgm, unaccent, uuid_ossp },
  });
  // Text in, text out: identical to the node-postgres engine. PGlite merges per-query parsers
  // over its own, so every type oid (arrays included) gets the identity parser.
  const identity = (v: string) => v;
  const oids = await db.query<{ oid: number }>('select oid::int4 as oid from pg_type');
  const textParsers: Record<number, (v: string) => string> = {};
  for (const { oid } of oids.rows) textParsers[oid] = identity;
  const wrap = (q: PgliteQueryable): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query(sql, params, { parsers: textParsers });
      return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    connections: 1,
    ...wrap(db),
    transaction: (fn, { statementTimeoutMs = 0 }, scope) =>
      db.transaction(async (tx) => {
        const result = await fn(guardStatements(wrap(tx), scope, statementTimeoutMs));
        if (scope) {
          await afterPendingIo();
          if (scope.gone()) throw new ClientGoneError();
        }
        return result;
      }),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('none'),
  };
}
