/**
 * The embedded stack does not wear out (issue 26). PGlite has no autovacuum and no checkpointer,
 * so the server's maintenance step (supabase/local/db/maintenance.ts) does their work: after
 * articles are added and removed and a step runs, no dead rows are left, pg_wal is back within
 * max_wal_size, and a live build's outbox rows are gone. The webhook poll on an empty outbox is
 * one statement that probes an index, however many delivered rows wait for a build. Sizes and counts only: speeds are in `npm run bench:wear`.
 * PGlite only (PostgreSQL runs its own autovacuum and checkpointer), on a data folder on disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import type { Engine } from '../../supabase/local/db/engine.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { OUTBOX_POLL_SQL, startWebhookDelivery } from '../../supabase/local/webhooks.ts';

const MB = 1024 * 1024;

function du(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

describe('the embedded engine after wear', () => {
  let server: LocalServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wear-test-'));
    // Steps run when the test calls them, so what each one finds does not depend on timing.
    server = await startLocalServer(
      loadConfig({ port: 0, inMemory: false, dataDir, bcryptCost: 4, maintenanceIntervalMs: 0 }),
    );
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** What a live build does: everything pending is built. */
  async function buildEverything(): Promise<void> {
    const service = createClient(server.url, server.config.secretKey, { auth: { persistSession: false } });
    const { data } = await service.rpc('publish_pending').single<{ up_to: number | null }>();
    if (data?.up_to) await service.rpc('publish_mark_built', { up_to: data.up_to });
  }

  // A fixed amount of work (~5 s alone); the limit only catches a hang, also beside other suites.
  it('leaves no dead rows, pg_wal within max_wal_size and no built outbox rows after add/remove cycles', async () => {
    for (let cycle = 0; cycle < 3; cycle++) {
      await server.engine.exec(`
        insert into public.articles_meta (title, slug, excerpt, body, status)
        select 'Wear cycle article ' || g, 'wear-cycle-' || g, 'Solar and wind', repeat('<p>Grid storage and energy.</p>', 60),
               'published'
          from generate_series(1, 1000) g;
        delete from public.articles_meta where slug like 'wear-cycle-%';`);
      await buildEverything();
    }
    const walBefore = du(path.join(dataDir, 'pglite', 'pg_wal'));
    const step = await server.maintenance!.step();
    expect(step.vacuumed).toEqual(expect.arrayContaining(['public.articles_meta', 'private.publish_outbox']));
    expect(step.checkpointed).toBe(true);

    const dead = await server.engine.query<{ name: string; dead: string }>(
      `select relname as name, n_dead_tup::text as dead from pg_stat_user_tables
        where relname in ('articles_meta', 'article_search', 'publish_outbox') and n_dead_tup > 0`,
    );
    expect(dead.rows).toEqual([]);
    const outbox = await server.engine.query<{ n: string }>('select count(*)::text as n from private.publish_outbox');
    expect(outbox.rows[0]!.n).toBe('0');
    // max_wal_size (64 MB) plus the segment in use; without the checkpoint it was far more.
    const wal = du(path.join(dataDir, 'pglite', 'pg_wal'));
    expect(walBefore).toBeGreaterThan(100 * MB);
    expect(wal).toBeLessThanOrEqual(80 * MB);
  }, 120_000);

  it('checkpoints once the writes stop, then a step on the idle database does nothing', async () => {
    await server.engine.exec(`create table public.wear_scratch as
                              select g as id, repeat('x', 200) as s from generate_series(1, 2000) g`);
    const steps = [];
    for (let i = 0; i < 4; i++) steps.push(await server.maintenance!.step());
    expect(steps.some((s) => s.checkpointed)).toBe(true);
    expect(steps.slice(-2)).toEqual([
      { vacuumed: [], checkpointed: false },
      { vacuumed: [], checkpointed: false },
    ]);
    await server.engine.exec('drop table public.wear_scratch');
  });

  it('polls an outbox with nothing to deliver with one statement through its index', async () => {
    // A bulk import waiting for its build: delivered (coalesced), not built yet.
    await server.engine.exec(`insert into private.publish_outbox (payload, delivered_at)
                              select jsonb_build_object('table', 'articles_meta', 'n', g), now()
                                from generate_series(1, 5000) g`);
    await server.maintenance!.step();
    const statements: string[] = [];
    const counted: Engine = {
      ...server.engine,
      query: (sql, params) => {
        statements.push(sql);
        return server.engine.query(sql, params);
      },
    };
    const delivery = startWebhookDelivery({
      engine: counted,
      url: 'http://127.0.0.1:9/unused',
      secret: 'x',
      pollMs: 20,
      clockMs: 3_600_000,
    });
    const polls = () => statements.filter((s) => !s.includes('publish_due'));
    // Polled for, not slept on: four polls of an idle outbox, however long the machine takes.
    await vi.waitFor(() => expect(polls().length).toBeGreaterThan(3), { timeout: 10_000, interval: 20 });
    await delivery.stop();
    expect(new Set(polls())).toEqual(new Set([OUTBOX_POLL_SQL]));
    const plan = await server.engine.query<{ 'QUERY PLAN': string }>(`explain ${OUTBOX_POLL_SQL}`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('publish_outbox_pending_idx');
    expect(text).not.toContain('Seq Scan');
    await server.engine.exec('delete from private.publish_outbox');
  });
});
