/**
 * A PostgreSQL server (DATABASE_URL) through a node-postgres pool. Statement timeouts are
 * Postgres' own (`set local statement_timeout` per transaction, as PostgREST applies a role's
 * setting), so a slow statement is interrupted where it runs. A statement running for a client
 * that disconnects is cancelled with pg_cancel_backend from a separate connection: the pool's
 * may all be taken by then.
 */
import type pg from 'pg';
import type { Driver, Queryable } from './engine.ts';
import { ClientGoneError, type RequestScope } from './request-scope.ts';
import { guardStatements } from './statement-guard.ts';

type PgQueryable = {
  query: (s: string, p?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }>;
};

const wrap = (c: PgQueryable): Queryable => ({
  async query<T>(sql: string, params: unknown[] = []) {
    const r = await c.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  },
  async exec(sql: string) {
    await c.query(sql);
  },
});

export async function openPostgres(url: string, poolSize: number): Promise<Driver> {
  const { default: pgModule } = await import('pg');
  const pool = new pgModule.Pool({
    connectionString: url,
    max: poolSize,
    types: { getTypeParser: () => (v: string) => v },
  });
  pool.on('error', () => {
    /* a dropped idle client is replaced on next use */
  });

  /** Cancels whatever the backend is running; answers once the signal is sent. */
  async function cancelBackend(pid: number): Promise<void> {
    const client = new pgModule.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select pg_cancel_backend($1)', [pid]);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Starts cancelling `client`'s statement when the request's client goes away. */
  function cancelOnDisconnect(client: pg.PoolClient, scope: RequestScope | undefined) {
    let cancelling: Promise<void> | undefined;
    const pid = (client as unknown as { processID: number | null }).processID;
    const onAbort = () => {
      if (pid) cancelling ??= cancelBackend(pid).catch(() => undefined);
    };
    scope?.signal.addEventListener('abort', onAbort, { once: true });
    return {
      /**
       * Stops listening and waits for a cancel already sent, so it cannot reach the next
       * request that borrows this connection. A cancel arriving between statements is dropped
       * by Postgres (it only interrupts a running one).
       */
      async settle() {
        scope?.signal.removeEventListener('abort', onAbort);
        await cancelling;
      },
    };
  }

  return {
    kind: 'postgres',
    connections: poolSize,
    ...wrap(pool),
    async transaction(fn, { statementTimeoutMs = 0 }, scope) {
      const client = await pool.connect();
      const cancel = cancelOnDisconnect(client, scope);
      try {
        // One round trip, as `begin` alone would be (simple protocol, no parameters).
        const timeout = Math.max(0, Math.floor(statementTimeoutMs));
        await client.query(timeout > 0 ? `begin; set local statement_timeout = ${timeout}` : 'begin');
        const result = await fn(guardStatements(wrap(client), scope));
        if (scope?.gone()) throw new ClientGoneError();
        await cancel.settle();
        await client.query('commit');
        return result;
      } catch (e) {
        await cancel.settle();
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
