/**
 * `npm run setup:production` on a project with the migrations and nothing else (issue 24): the
 * taxonomy with its fixed ids, a named existing account made the first admin, no demo content,
 * and safe to run twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { SetupError, setupProduction } from '../../scripts/setup/production.ts';
import { categories } from '../../scripts/setup/taxonomy.ts';
import { FEATURED_CATEGORY_ID, OPINION_CATEGORY_ID } from '../../src/lib/site.ts';

const PASSWORD = 'correct-horse-battery';
const EDITOR = 'Editor@Newsroom.example';
let server: LocalServer;
let service: SupabaseClient;

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = createClient(server.url, server.config.anonKey, noSession);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return client;
}

beforeAll(async () => {
  server = await startLocalServer(
    loadConfig({
      port: 0,
      inMemory: true,
      databaseUrl: undefined,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'setup-production-')),
      mailerAutoconfirm: true,
      bcryptCost: 4,
    }),
  );
  service = createClient(server.url, server.config.serviceRoleKey, noSession);
  const reader = createClient(server.url, server.config.anonKey, noSession);
  const { error } = await reader.auth.signUp({ email: EDITOR, password: PASSWORD });
  expect(error).toBeNull();
});

afterAll(async () => {
  await server?.close();
});

const setup = (adminEmail: string) =>
  setupProduction({ apiUrl: server.url, secretKey: server.config.serviceRoleKey, adminEmail });

describe('npm run setup:production', () => {
  it('refuses an e-mail no account has, and says what to do', async () => {
    const failure = await setup('nobody@newsroom.example').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SetupError);
    expect((failure as Error).message).toContain('No account has the e-mail nobody@newsroom.example');
  });

  it('installs the taxonomy with its fixed ids and makes the named account the only admin', async () => {
    const { count: before } = await service.from('categories').select('id', { count: 'exact', head: true });
    expect(before).toBe(categories.length); // the failed run above installed them before looking up the admin
    await setup(EDITOR);

    const { data: rows } = await service.from('categories').select('id, name, slug, parent_id').order('id');
    expect(rows).toHaveLength(categories.length);
    expect(rows!.find((c) => c.id === FEATURED_CATEGORY_ID)?.name).toBe('Featured Stories');
    expect(rows!.find((c) => c.id === OPINION_CATEGORY_ID)?.name).toBe('Opinion');

    const { data: admins } = await service.from('profiles').select('email').eq('role', 'admin');
    expect(admins).toEqual([{ email: EDITOR.toLowerCase() }]);
  });

  it('brings nothing of the demo content', async () => {
    for (const table of ['articles_meta', 'events', 'comments', 'newsletter_subscribers']) {
      const { count, error } = await service.from(table).select('*', { count: 'exact', head: true });
      expect(error).toBeNull();
      expect(count, table).toBe(0);
    }
    const { count: people } = await service.from('profiles').select('id', { count: 'exact', head: true });
    expect(people).toBe(1);
  });

  it('lets the new admin add a category: the id sequence is past the fixed ids', async () => {
    const admin = await signedIn(EDITOR);
    const { data, error } = await admin
      .from('categories')
      .insert({ name: 'Oceans', slug: 'oceans', parent_id: null })
      .select('id')
      .single();
    expect(error).toBeNull();
    expect(data!.id).toBeGreaterThan(Math.max(...categories.map((c) => c.id)));
  });

  it('can run again: nothing is added twice and a renamed category keeps its new name', async () => {
    await service.from('categories').update({ name: 'Opinion & Analysis' }).eq('id', OPINION_CATEGORY_ID);
    await setup(EDITOR);
    const { data: rows } = await service.from('categories').select('id, name');
    expect(rows).toHaveLength(categories.length + 1);
    expect(rows!.find((c) => c.id === OPINION_CATEGORY_ID)?.name).toBe('Opinion & Analysis');
  });
});
