/**
 * Database Webhooks for the local server: delivers the rows of `private.publish_outbox` (written
 * by trigger in the same transaction as each change, supabase/migrations/…_publishing.sql) to the
 * publish worker, and runs the publish clock (`publish_due()`) as pg_cron does on hosted Supabase.
 *
 * Each row is POSTed as hosted webhooks post it (`{type, table, schema, record, old_record}`,
 * JSON, `Authorization: Bearer <secret>`), oldest first. A failed delivery is retried with
 * exponential backoff (1 s, 2 s, 4 s … capped at 5 minutes): the next look is due when the
 * retry is, or at the next poll if that comes first. A backlog larger than a burst (a
 * bulk import) is coalesced: the older rows are marked delivered without a request, because the
 * worker rebuilds from the database and reads everything unbuilt through `publish_pending()`;
 * one request per row would only queue thousands of identical builds.
 */
import type { Engine } from './db/engine.ts';

export interface WebhookOptions {
  engine: Engine;
  /** Where to POST; undefined = only the clock runs (the worker reads the outbox itself). */
  url: string | undefined;
  secret: string;
  /** How often the outbox is polled (ms). */
  pollMs?: number;
  /** How often publish_due() runs (ms). */
  clockMs?: number;
  log?: (line: string) => void;
}

export interface WebhookDelivery {
  /** Delivers now instead of at the next poll. */
  kick(): void;
  stop(): Promise<void>;
}

const BURST = 25;
const MAX_BACKOFF_S = 300;
const REQUEST_TIMEOUT_MS = 10_000;
/** The shortest gap between two outbox looks that writes (`kick`) ask for. */
const KICK_MIN_GAP_MS = 100;

/**
 * The poll: the newest undelivered rows (one more than a burst, to see a backlog), through the
 * partial index that holds exactly those, so an empty outbox costs one empty index probe
 * however many delivered rows wait for their build. Ordered by the row's id, not the text
 * selected under the same name.
 */
export const OUTBOX_POLL_SQL = `
  select o.id::text as id, o.payload::text as payload, o.attempts::text as attempts,
         (o.next_attempt_at <= now())::text as due
    from private.publish_outbox o
   where o.delivered_at is null and o.built_at is null
   order by o.id desc limit ${BURST + 1}`;

interface OutboxRow {
  id: string;
  payload: string;
  attempts: string;
}

export function startWebhookDelivery(options: WebhookOptions): WebhookDelivery {
  const { engine, url, secret } = options;
  const pollMs = options.pollMs ?? 500;
  const clockMs = options.clockMs ?? 30_000;
  const log = options.log ?? (() => {});
  let stopped = false;
  let running: Promise<void> | undefined;
  let lastClock = 0;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = 0;
  let lastTick = 0;
  let kickedWhileRunning = false;
  /**
   * Set when a delivery failed: when its retry is due (Date.now() after the row's next attempt
   * was written, so the database holds it due by then). Kept until a look at or after that time:
   * a look a write asked for in between finds the row not yet due and must not lose the retry.
   */
  let retryAt: number | undefined;
  const nextTickIn = () => timerDue - Date.now();

  async function runClock(): Promise<void> {
    lastClock = Date.now();
    const { rows } = await engine.query<{ n: string }>('select public.publish_due()::text as n');
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) log(`[publish] clock announced ${n} change(s)`);
  }

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      const res = await fetch(url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: row.payload,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      await engine.query(
        'update private.publish_outbox set delivered_at = now(), attempts = attempts + 1, last_error = null where id = $1',
        [row.id],
      );
    } catch (e) {
      const attempts = Number(row.attempts) + 1;
      const backoff = Math.min(MAX_BACKOFF_S, 2 ** (attempts - 1));
      await engine.query(
        `update private.publish_outbox
            set attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
          where id = $1`,
        [row.id, attempts, (e as Error).message.slice(0, 500), backoff],
      );
      retryAt = Date.now() + backoff * 1000;
      throw e;
    }
  }

  async function tick(): Promise<void> {
    lastTick = Date.now();
    // This look is the retry (a failure in it sets the next one).
    if (retryAt !== undefined && lastTick >= retryAt) retryAt = undefined;
    if (Date.now() - lastClock >= clockMs) await runClock();
    if (!url) return;
    // One indexed look, newest first: on an empty outbox nothing else runs.
    const { rows: newest } = await engine.query<OutboxRow & { due: string }>(OUTBOX_POLL_SQL);
    if (newest.length > BURST) {
      // Coalesce a bulk import: everything but the newest burst counts as delivered.
      await engine.query(
        `update private.publish_outbox set delivered_at = now(), last_error = 'coalesced'
          where delivered_at is null and built_at is null and id <= $1`,
        [newest[BURST]!.id],
      );
    }
    const rows = newest
      .slice(0, BURST)
      .filter((r) => r.due === 'true')
      .reverse();
    for (const row of rows) {
      if (stopped) return;
      try {
        await deliver(row);
      } catch (e) {
        log(`[publish] webhook ${row.id} to ${url} failed: ${(e as Error).message}; will retry`);
        return; // keep order: retry this row before any later one
      }
    }
  }

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timerDue = Date.now() + delay;
    timer = setTimeout(() => {
      running = tick()
        .catch((e: unknown) => log(`[publish] outbox delivery failed: ${(e as Error).message}`))
        .finally(() => {
          running = undefined;
          // A refused delivery is retried when due even if polls are far apart (or only writes
          // ask for looks): the retry must not wait for an unrelated write.
          const retryIn = retryAt === undefined ? Infinity : Math.max(0, retryAt - Date.now());
          schedule(Math.min(kickedWhileRunning ? KICK_MIN_GAP_MS : pollMs, retryIn));
          kickedWhileRunning = false;
        });
    }, delay);
    timer.unref();
  }
  schedule(0);

  return {
    kick() {
      // A write may have queued a webhook: look now rather than at the next poll (hosted
      // pg_net sends right after the commit too). At most one look per KICK_MIN_GAP_MS, so a
      // stream of comment posts does not turn into a stream of outbox queries.
      if (!url || stopped) return;
      if (running) {
        kickedWhileRunning = true;
        return;
      }
      const wait = Math.max(0, lastTick + KICK_MIN_GAP_MS - Date.now());
      if (wait < nextTickIn()) schedule(wait);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
