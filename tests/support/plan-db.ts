/**
 * A private database with the app's migrations, for tests that read query plans: its own PGlite
 * instance (with auto_explain) in the PGlite run, its own database on the test cluster in the
 * PostgreSQL run, so the rows a plan test adds never change the shared demo database.
 *
 * `plansOf()` runs a statement the way the local server does (one transaction, `SET LOCAL ROLE`,
 * `request.jwt.claims`) with auto_explain logging every plan to the client, nested statements
 * included, so the plans inside a plpgsql function are visible too.
 */
import path from 'node:path';
import pg from 'pg';
import type { NoticeMessage } from 'pg-protocol/dist/messages.js';
import type { Engine, Queryable } from '../../supabase/local/db/engine.ts';
import { openEngine } from '../../supabase/local/db/open-engine.ts';
import { bootstrap, migrate } from '../../supabase/local/db/migrate.ts';
import { pgliteTemplateFor } from '../../supabase/local/db/pglite-template.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../supabase/migrations');

export interface PlanDb {
  engine: Engine;
  /** Runs `sql` as `role` with `claims` and returns the plan text of every statement it ran. */
  plansOf(role: string, claims: object, sql: string, values?: unknown[]): Promise<string[]>;
  close(): Promise<void>;
}

const AUTO_EXPLAIN = [
  `load 'auto_explain'`,
  `set local auto_explain.log_min_duration = 0`,
  `set local auto_explain.log_nested_statements = on`,
  `set local client_min_messages = log`,
];

/** Opens the database of the current engine (`clusterUrl` is set in the PostgreSQL run). */
export async function openPlanDb(clusterUrl: string): Promise<PlanDb> {
  const db = clusterUrl ? await openPostgresPlanDb(clusterUrl) : await openPglitePlanDb();
  await bootstrap(db.engine);
  await migrate(db.engine, MIGRATIONS);
  return db;
}

async function openPglitePlanDb(): Promise<PlanDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
  const { auto_explain } = await import('@electric-sql/pglite/contrib/auto_explain');
  // From npm test's migrated template when there is one: the migrations below then find nothing to do.
  const template = pgliteTemplateFor(MIGRATIONS);
  const db = await PGlite.create({
    extensions: { pgcrypto, pg_trgm, unaccent, uuid_ossp, auto_explain },
    ...(template ? { loadDataDir: template } : {}),
  });
  // Text out, as the server's engines answer (the schema cache reads JSON text).
  const oids = await db.query<{ oid: number }>('select oid::int4 as oid from pg_type');
  const parsers = Object.fromEntries(oids.rows.map(({ oid }) => [oid, (v: string) => v]));
  const wrap = (q: Pick<typeof db, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query(sql, params, { parsers });
      return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const engine: Engine = {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
  return {
    engine,
    async plansOf(role, claims, sql, values = []) {
      const plans: string[] = [];
      await db.transaction(async (tx) => {
        for (const statement of AUTO_EXPLAIN) await tx.exec(statement);
        await tx.exec(`set local role ${role}`);
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        const onNotice = (n: { message?: string }) => plans.push(n.message ?? '');
        await tx.query(sql, values, { onNotice });
        // A statement's plan is logged when its portal closes, during the next message.
        await tx.query('select 1', [], { onNotice });
        await tx.rollback();
      });
      return plans.filter((p) => p.includes('plan:'));
    },
    close: () => db.close(),
  };
}

async function openPostgresPlanDb(clusterUrl: string): Promise<PlanDb> {
  const name = `plans_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const engine = await openEngine({ databaseUrl: url.toString() });
  const session = new pg.Client({ connectionString: url.toString() });
  await session.connect();
  return {
    engine,
    async plansOf(role, claims, sql, values = []) {
      const plans: string[] = [];
      const onNotice = (n: NoticeMessage) => {
        if (n.message?.includes('plan:')) plans.push(n.message);
      };
      await session.query('begin');
      try {
        for (const statement of AUTO_EXPLAIN) await session.query(statement);
        await session.query(`set local role ${role}`);
        await session.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        session.on('notice', onNotice);
        await session.query(sql, values);
        // A statement's plan is logged when its portal closes, during the next message.
        await session.query('select 1');
      } finally {
        session.off('notice', onNotice);
        await session.query('rollback');
      }
      return plans;
    },
    async close() {
      await session.end();
      await engine.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
