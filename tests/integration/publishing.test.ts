/**
 * Publishing in the database (issue 12): scheduled articles stay private until their time, every
 * change that alters a public page (and nothing else) writes one Database Webhook payload to the
 * outbox, the worker's queue functions are the service role's alone, and the local server
 * delivers the outbox to a webhook URL with retries.
 */
import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { anonClient, serviceClient } from '../support/clients.ts';
import { buildWorld, makeArticle, type World } from '../support/world.ts';

interface OutboxRow {
  id: number;
  payload: { type: string; table: string; schema: string; record: Record<string, unknown> | null; old_record: unknown };
}

/** Outbox rows whose record (or old record) has `key` = `value`, oldest first. */
async function outboxFor(table: string, key: string, value: string | number): Promise<OutboxRow[]> {
  const v = String(value).replace(/'/g, "''");
  const { data, error } = await serviceClient().rpc('fx_catalog', {
    query: `select id, payload from private.publish_outbox
             where payload ->> 'table' = '${table}'
               and (payload -> 'record' ->> '${key}' = '${v}' or payload -> 'old_record' ->> '${key}' = '${v}')
             order by id`,
  });
  if (error) throw new Error(error.message);
  return data as OutboxRow[];
}

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});

describe('scheduled publishing', () => {
  it('an article published with a future published_at is invisible to readers until then', async () => {
    const soon = new Date(Date.now() + 3_000).toISOString();
    const id = await makeArticle(world.ids.author, {
      status: 'published',
      published_at: soon,
      title: `Scheduled hydrogen outlook ${Date.now()}`,
    });
    await serviceClient().from('article_categories').insert({ article_id: id, category_id: world.categoryId });
    const anon = anonClient();
    const early = await anon.from('articles_meta').select('id').eq('id', id);
    expect(early.data).toEqual([]);
    const links = await anon.from('article_categories').select('article_id').eq('article_id', id);
    expect(links.data).toEqual([]);
    const found = await anon.rpc('search_articles', { q: 'Scheduled hydrogen outlook' }).select('id');
    expect((found.data as { id: number }[]).map((r) => r.id)).not.toContain(id);
    // Its author (staff) sees it; saving it scheduled announced nothing yet.
    const own = await world.clients.author.from('articles_meta').select('id').eq('id', id);
    expect(own.data).toEqual([{ id }]);
    expect(await outboxFor('articles_meta', 'id', id)).toEqual([]);

    await new Promise((r) => setTimeout(r, Date.parse(soon) - Date.now() + 300));
    expect((await anon.from('articles_meta').select('id').eq('id', id)).data).toEqual([{ id }]);
    const later = await anon.rpc('search_articles', { q: 'Scheduled hydrogen outlook' }).select('id');
    expect((later.data as { id: number }[]).map((r) => r.id)).toContain(id);
    // The clock announces it once, as an UPDATE of articles_meta.
    const { error } = await serviceClient().rpc('publish_due');
    expect(error).toBeNull();
    const rows = await outboxFor('articles_meta', 'id', id);
    expect(rows.map((r) => [r.payload.type, r.payload.table])).toEqual([['UPDATE', 'articles_meta']]);
    await serviceClient().rpc('publish_due');
    expect(await outboxFor('articles_meta', 'id', id)).toHaveLength(1);
  });

  it('a reader cannot comment on a scheduled article', async () => {
    const id = await makeArticle(world.ids.author, {
      status: 'published',
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { error } = await world.clients.reader
      .from('comments')
      .insert({ article_id: id, user_id: world.ids.reader, content: 'Too early' });
    expect(error?.code).toBe('42501');
  });
});

describe('the publish outbox', () => {
  it('a draft and its edits write nothing; publishing, editing and archiving write the webhook payload', async () => {
    const id = await makeArticle(world.ids.author, { status: 'draft' });
    await serviceClient().from('articles_meta').update({ body: '<p>Still a draft</p>' }).eq('id', id);
    await serviceClient().from('article_categories').insert({ article_id: id, category_id: world.categoryId });
    expect(await outboxFor('articles_meta', 'id', id)).toEqual([]);
    expect(await outboxFor('article_categories', 'article_id', id)).toEqual([]);

    await world.clients.author.from('articles_meta').update({ status: 'published' }).eq('id', id);
    await world.clients.author
      .from('articles_meta')
      .update({ title: `Renamed ${id}` })
      .eq('id', id);
    await world.clients.admin.from('articles_meta').update({ archived_at: new Date().toISOString() }).eq('id', id);
    await world.clients.admin.from('articles_meta').update({ body: '<p>Archived edit</p>' }).eq('id', id);
    const rows = await outboxFor('articles_meta', 'id', id);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.payload).toMatchObject({ type: 'UPDATE', table: 'articles_meta', schema: 'public' });
      expect(r.payload.record).not.toHaveProperty('body');
    }
    expect(rows[0]!.payload.record).toMatchObject({ id, status: 'published' });
    expect(rows[0]!.payload.old_record).toMatchObject({ id, status: 'draft' });
    expect(rows[1]!.payload.record).toMatchObject({ title: `Renamed ${id}` });
    expect(rows[2]!.payload.record).toMatchObject({ archived_at: expect.any(String) });
  });

  it('category links of a public article, categories and events are announced', async () => {
    const id = await makeArticle(world.ids.author, { status: 'published' });
    await serviceClient().from('article_categories').insert({ article_id: id, category_id: world.categoryId });
    const links = await outboxFor('article_categories', 'article_id', id);
    expect(links.map((r) => r.payload.type)).toEqual(['INSERT']);

    const slug = `outbox-category-${Date.now()}`;
    const { data: category } = await serviceClient()
      .from('categories')
      .insert({ name: 'Outbox category', slug })
      .select('id')
      .single();
    await serviceClient().from('categories').update({ name: 'Renamed category' }).eq('id', category!.id);
    const categoryRows = await outboxFor('categories', 'slug', slug);
    expect(categoryRows.map((r) => r.payload.type)).toEqual(['INSERT', 'UPDATE']);

    const { data: event } = await serviceClient()
      .from('events')
      .insert({
        title: 'Outbox summit',
        event_date: new Date(Date.now() + 86_400_000).toISOString(),
        location: 'Durban',
      })
      .select('id')
      .single();
    expect((await outboxFor('events', 'id', event!.id)).map((r) => r.payload.type)).toEqual(['INSERT']);
  });

  it("an author's public name is announced without the e-mail; a reader's profile is not", async () => {
    await world.clients.author
      .from('profiles')
      .update({ display_name: `Author ${Date.now()}` })
      .eq('id', world.ids.author);
    const rows = await outboxFor('profiles', 'id', world.ids.author);
    const last = rows.at(-1)!;
    expect(last.payload).toMatchObject({ type: 'UPDATE', table: 'profiles' });
    expect(last.payload.record).not.toHaveProperty('email');
    expect(last.payload.old_record).not.toHaveProperty('email');

    await world.clients.reader.from('profiles').update({ bio: 'I read a lot.' }).eq('id', world.ids.reader);
    expect(await outboxFor('profiles', 'id', world.ids.reader)).toEqual([]);
  });

  it('comments, reactions and analytics write nothing', async () => {
    const before = await serviceClient().rpc('publish_pending').single<{ up_to: number | null }>();
    const comment = await world.clients.reader
      .from('comments')
      .insert({ article_id: world.articles.pubA, user_id: world.ids.reader, content: 'Not a page change' });
    expect(comment.error).toBeNull();
    const view = await anonClient()
      .from('analytics')
      .insert({ event_type: 'page_view', metadata: { path: '/', visitor_id: 'outbox-test' } });
    expect(view.error).toBeNull();
    // Other test files write concurrently, so look at rows for these tables, not at counts.
    const { data } = await serviceClient().rpc('fx_catalog', {
      query: `select id from private.publish_outbox
               where id > ${before.data?.up_to ?? 0} and payload ->> 'table' in ('comments', 'analytics', 'comment_reactions')`,
    });
    expect(data).toEqual([]);
  });

  it('only the service role reads the queue, marks builds and runs the clock', async () => {
    for (const client of [anonClient(), world.clients.reader, world.clients.admin]) {
      for (const [fn, args] of [
        ['publish_pending', {}],
        ['publish_mark_built', { up_to: 1 }],
        ['publish_due', {}],
      ] as const) {
        const { error } = await client.rpc(fn, args);
        expect(error, fn).not.toBeNull();
      }
    }
    const id = await makeArticle(world.ids.author, { status: 'published' });
    const pending = await serviceClient()
      .rpc('publish_pending')
      .single<{ up_to: number; changes: number; tables: string[] }>();
    expect(pending.data!.changes).toBeGreaterThan(0);
    expect(pending.data!.tables).toContain('articles_meta');
    const [row] = await outboxFor('articles_meta', 'id', id);
    expect(pending.data!.up_to).toBeGreaterThanOrEqual(row!.id);
    const marked = await serviceClient().rpc('publish_mark_built', { up_to: pending.data!.up_to });
    expect(marked.data).toBeGreaterThan(0);
    // A live build's rows are done: the outbox keeps only what is pending (issue 26).
    const { data } = await serviceClient().rpc('fx_catalog', {
      query: `select id from private.publish_outbox where id = ${row!.id}`,
    });
    expect(data).toEqual([]);
  });
});

describe('local Database Webhook delivery', () => {
  let server: LocalServer;
  let receiver: http.Server;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  const received: { auth: string | undefined; body: OutboxRow['payload'] }[] = [];
  let failNext = 0;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          res.writeHead(503).end();
          return;
        }
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) as OutboxRow['payload'] });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const port = (receiver.address() as { port: number }).port;
    // Its own database: in-memory PGlite, or a fresh database on the PostgreSQL run's cluster.
    const clusterUrl = inject('clusterUrl');
    let databaseUrl: string | undefined;
    if (clusterUrl) {
      const name = `webhooks_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: clusterUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(clusterUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhooks-test-'));
    server = await startLocalServer(
      loadConfig({
        port: 0,
        inMemory: !databaseUrl,
        databaseUrl,
        dataDir,
        bcryptCost: 4,
        publishWebhookUrl: `http://127.0.0.1:${port}/webhook`,
        publishWebhookSecret: 'test-webhook-secret',
        publishClockMs: 60_000,
        // Only writes through the API and the delivery's own retries look at the outbox.
        publishPollMs: 3_600_000,
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
    await new Promise<void>((r) => receiver.close(() => r()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Polls until `check` holds; the server's own delivery does the work (writes through the API
   * ask for a look, refused deliveries schedule their retry), never the test.
   */
  async function until(check: () => boolean | Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((r) => setTimeout(r, 50));
  }

  /** The outbox row of a change to `table`'s row `id`, as the delivery left it. */
  async function outboxRow(table: string, id: number) {
    const { rows } = await server.engine.query<{ delivered: string; attempts: string; last_error: string | null }>(
      `select (delivered_at is not null)::text as delivered, attempts::text, last_error from private.publish_outbox
        where payload->>'table' = $1 and (payload->'record'->>'id')::bigint = $2`,
      [table, id],
    );
    return rows.map((r) => ({
      delivered: r.delivered === 'true',
      attempts: Number(r.attempts),
      lastError: r.last_error,
    }));
  }

  it("posts each change as hosted Supabase's Database Webhooks do, with the secret", async () => {
    const service = createClient(server.url, server.config.serviceRoleKey, { auth: { persistSession: false } });
    const { data, error } = await service
      .from('articles_meta')
      .insert({ title: 'Webhook story', slug: 'webhook-story', body: '<p>x</p>', status: 'published' })
      .select('id')
      .single();
    expect(error).toBeNull();
    await until(() => received.some((r) => r.body.record?.id === data!.id));
    const hit = received.find((r) => r.body.record?.id === data!.id)!;
    expect(hit.auth).toBe('Bearer test-webhook-secret');
    expect(hit.body).toMatchObject({
      type: 'INSERT',
      table: 'articles_meta',
      schema: 'public',
      record: { title: 'Webhook story', status: 'published' },
      old_record: null,
    });
  });

  it('delivers the webhook of a write through the API right after it, without waiting for a poll', async () => {
    const service = createClient(server.url, server.config.serviceRoleKey, { auth: { persistSession: false } });
    const { data } = await service
      .from('articles_meta')
      .insert({ title: 'Prompt story', slug: `prompt-story-${Date.now()}`, body: '<p>x</p>', status: 'published' })
      .select('id')
      .single();
    // The test never asks for a look and polls are an hour apart: only the write itself can have
    // sent it (the test's timeout is the limit). The row is marked delivered once the worker's
    // answer is back, which is after the worker has it: wait for the mark, then look at both.
    await until(async () => (await outboxRow('articles_meta', data!.id))[0]?.delivered === true);
    expect(
      received.filter(
        (r) => r.body.table === 'articles_meta' && r.body.type === 'INSERT' && r.body.record?.id === data!.id,
      ),
    ).toHaveLength(1);
    expect(await outboxRow('articles_meta', data!.id)).toEqual([{ delivered: true, attempts: 1, lastError: null }]);
  });

  it('retries a delivery the worker refused by itself, and delivers it once', async () => {
    failNext = 1;
    const service = createClient(server.url, server.config.serviceRoleKey, { auth: { persistSession: false } });
    const { data } = await service
      .from('events')
      .insert({ title: 'Retry summit', event_date: new Date(Date.now() + 86_400_000).toISOString(), location: 'Accra' })
      .select('id')
      .single();
    // The first attempt is refused (503); nothing writes or asks for a look after it, and polls
    // are an hour apart, so only the delivery's own retry (after its 1 s backoff) can send it.
    await until(async () => (await outboxRow('events', data!.id))[0]?.delivered === true);
    expect(failNext).toBe(0);
    // Delivered rows are never sent again: two attempts, the second accepted, one request received.
    expect(await outboxRow('events', data!.id)).toEqual([{ delivered: true, attempts: 2, lastError: null }]);
    expect(received.filter((r) => r.body.table === 'events' && r.body.record?.id === data!.id)).toHaveLength(1);
  });
});
