/**
 * On hosted Supabase the publish webhook goes out through pg_net, signed with the secret the
 * deployment keeps in Vault (docs/deploy.md, issue 24). pg_net does not exist locally, so a
 * stand-in `net.http_post` records what the trigger would post, inside a transaction that is
 * rolled back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import type { Queryable } from '../../supabase/local/db/engine.ts';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(
    loadConfig({
      port: 0,
      inMemory: true,
      databaseUrl: undefined,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'publish-vault-')),
      bcryptCost: 4,
    }),
  );
});

afterAll(async () => {
  await server?.close();
});

class Rollback extends Error {}

/** Runs `fn` with a recording pg_net stand-in and the webhook URL set, then rolls everything back. */
async function withPgNet(fn: (tx: Queryable) => Promise<void>): Promise<void> {
  await server.engine
    .transaction(async (tx) => {
      await tx.query(`create schema net`);
      await tx.query(`create table net.posted (url text, body jsonb, headers jsonb)`);
      await tx.query(`create function net.http_post(url text, body jsonb, headers jsonb) returns bigint
        language sql as $$ insert into net.posted values (url, body, headers); select 1::bigint $$`);
      await tx.query(`insert into private.publish_settings (webhook_url, webhook_secret)
        values ('https://worker.newsroom.example/webhook', 'old-secret-in-a-table')`);
      await fn(tx);
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
}

async function postedAfterAChange(tx: Queryable) {
  await tx.query(`insert into public.categories (name, slug) values ('Oceans', 'oceans')`);
  // The engine hands every value back as text.
  const { rows } = await tx.query<{ url: string; headers: string; table: string }>(
    `select url, headers::text as headers, body ->> 'table' as table from net.posted`,
  );
  return rows.map((r) => ({ ...r, headers: JSON.parse(r.headers) as Record<string, string> }));
}

describe('the publish webhook through pg_net', () => {
  it('is signed with the Vault secret publish_webhook_secret', async () => {
    await withPgNet(async (tx) => {
      await tx.query(`select vault.create_secret('the-secret-kept-in-vault', 'publish_webhook_secret')`);
      const posted = await postedAfterAChange(tx);
      expect(posted).toEqual([
        {
          url: 'https://worker.newsroom.example/webhook',
          headers: { 'Content-Type': 'application/json', Authorization: 'Bearer the-secret-kept-in-vault' },
          table: 'categories',
        },
      ]);
    });
  });

  it('falls back to the secret of an older deployment kept in publish_settings', async () => {
    await withPgNet(async (tx) => {
      const posted = await postedAfterAChange(tx);
      expect(posted.map((p) => p.headers.Authorization)).toEqual(['Bearer old-secret-in-a-table']);
    });
  });

  it('keeps Vault out of reach of the API roles', async () => {
    const { rows } = await server.engine.query<{ role: string; can: string }>(
      `select r as role, (has_function_privilege(r, 'vault.create_secret(text, text, text)', 'execute')
           or has_table_privilege(r, 'vault.decrypted_secrets', 'select'))::text as can
         from unnest(array['anon', 'authenticated']) as r`,
    );
    expect(rows).toEqual([
      { role: 'anon', can: 'false' },
      { role: 'authenticated', can: 'false' },
    ]);
  });
});
