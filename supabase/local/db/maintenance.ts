/**
 * What PostgreSQL's background processes do, for the embedded engine, which has none: PGlite runs
 * Postgres in single-user mode, without autovacuum and without a checkpointer. Left alone, dead
 * rows and stale statistics pile up (measured after three add/remove cycles of 10,000 articles:
 * every request stalled ~210 ms every 0.7 s, search at 50 clients fell from 58/s to 48/s) and WAL
 * is never checkpointed away (1.8 GB of pg_wal after one 10,000-article seed; a 51 s replay
 * after a crash). Every `intervalMs` a step, in the engine's queue like any request:
 * - VACUUM (ANALYZE) each table whose dead rows, changes since its last analyze or inserts since
 *   its last vacuum pass autovacuum's default thresholds (50 rows + 20 % / 10 % of the table;
 *   1,000 + 20 % for inserts), so only tables that changed are touched;
 * - CHECKPOINT when WAL since the last one passes `checkpointBytes`, or some was written and
 *   nothing since the previous step (idle: nobody waits for it), or the last checkpoint is older
 *   than Postgres' checkpoint_timeout (5 min): pg_wal then stays within pglite.ts's
 *   max_wal_size, and a crash replays at most that much (nothing after a quiet moment).
 * A step on an idle database is three small reads and writes nothing; `intervalMs` 0 runs steps
 * only when called. PostgreSQL has its own background processes, so this runs on PGlite only.
 */
import type { Engine } from './engine.ts';

interface MaintenanceStep {
  /** Tables vacuumed and analyzed, schema-qualified. */
  vacuumed: string[];
  checkpointed: boolean;
}

export interface Maintenance {
  /** Runs a step now (also what the timer runs). */
  step(): Promise<MaintenanceStep>;
  stop(): Promise<void>;
}

interface MaintenanceOptions {
  /** Milliseconds between steps; 0 = only when `step()` is called. */
  intervalMs?: number;
  checkpointBytes?: number;
  log?: (line: string) => void;
}

const CHECKPOINT_TIMEOUT_S = 300;

/** Tables past autovacuum's default vacuum or analyze thresholds. */
const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
   where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
   order by s.relid`;

const WAL_SINCE_CHECKPOINT = `
  select (pg_current_wal_insert_lsn() - c.redo_lsn)::text as bytes, pg_current_wal_insert_lsn()::text as lsn,
         extract(epoch from now() - c.checkpoint_time)::text as age_s
    from pg_control_checkpoint() c`;

export function startMaintenance(engine: Engine, options: MaintenanceOptions = {}): Maintenance {
  const intervalMs = options.intervalMs ?? 10_000;
  const checkpointBytes = options.checkpointBytes ?? 32 * 1024 * 1024;
  const log = options.log ?? (() => {});
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let lastLsn = '';

  async function step(): Promise<MaintenanceStep> {
    const vacuumed: string[] = [];
    // Statistics a backend has not flushed yet (at most once a second) count too.
    await engine.query('select pg_stat_force_next_flush()');
    const due = await engine.query<{ name: string }>(DUE_TABLES);
    for (const { name } of due.rows) {
      if (stopped) break;
      // One statement per call: VACUUM cannot run inside the transaction a script forms.
      await engine.exec(`vacuum (analyze) ${name}`);
      vacuumed.push(name);
    }
    const wal = (await engine.query<{ bytes: string; lsn: string; age_s: string }>(WAL_SINCE_CHECKPOINT)).rows[0]!;
    const bytes = Number(wal.bytes);
    const idle = wal.lsn === lastLsn && !vacuumed.length;
    // A checkpoint writes a record of its own: "some WAL" means more than that.
    const some = bytes > 64 * 1024;
    const checkpointed =
      !stopped && (bytes >= checkpointBytes || (some && (idle || Number(wal.age_s) >= CHECKPOINT_TIMEOUT_S)));
    if (checkpointed) await engine.exec('checkpoint');
    lastLsn = checkpointed ? '' : wal.lsn;
    if (vacuumed.length || checkpointed) {
      log(
        `[maintenance] ${vacuumed.length ? `vacuumed ${vacuumed.join(', ')}` : ''}` +
          `${checkpointed ? `${vacuumed.length ? '; ' : ''}checkpoint after ${Math.round(bytes / 1048576)} MB of WAL` : ''}`,
      );
    }
    return { vacuumed, checkpointed };
  }

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          if (running || stopped) return;
          running = step()
            .catch((e: unknown) => log(`[maintenance] failed: ${(e as Error).message}`))
            .finally(() => (running = undefined));
        }, intervalMs)
      : undefined;
  timer?.unref();

  return {
    step: async () => {
      await running;
      const current = step();
      running = current.catch(() => undefined);
      try {
        return await current;
      } finally {
        running = undefined;
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
