/**
 * Auth behaviour that depends on configuration, against a second, in-process server with
 * auto-confirmation on, a 1 s refresh-token reuse interval and a 60 s e-mail interval. Also
 * checks that triggers app migrations put on auth.users fire on sign-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { uniqueEmail } from '../support/clients.ts';

const PASSWORD = 'correct-horse-battery';
let server: LocalServer;
let emptyDir: string;

function client(): SupabaseClient {
  return createClient(server.url, server.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

beforeAll(async () => {
  emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-config-'));
  server = await startLocalServer(
    loadConfig({
      port: 0,
      inMemory: true,
      databaseUrl: undefined,
      dataDir: emptyDir,
      migrationsDir: emptyDir,
      mailerAutoconfirm: true,
      refreshTokenReuseInterval: 1,
      emailMinInterval: 60,
      bcryptCost: 4,
    }),
  );
  // What an app migration typically does: a profile row per new user, filled from the metadata.
  await server.engine.exec(`
    create table public.profiles (
      id uuid primary key references auth.users (id) on delete cascade,
      display_name text
    );
    create function public.handle_new_user() returns trigger
    language plpgsql security definer set search_path = '' as $$
    begin
      insert into public.profiles (id, display_name) values (new.id, new.raw_user_meta_data ->> 'display_name');
      return new;
    end
    $$;
    create trigger on_auth_user_created after insert on auth.users
      for each row execute function public.handle_new_user();
  `);
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(emptyDir, { recursive: true, force: true });
});

describe('auto-confirmation', () => {
  it('signs the user up and in at once, running auth.users triggers', async () => {
    const email = uniqueEmail('auto');
    const { data, error } = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Kwame' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const profile = await server.engine.query<{ display_name: string }>(
      'select display_name from public.profiles where id = $1',
      [data.user!.id],
    );
    expect(profile.rows).toEqual([{ display_name: 'Kwame' }]);

    const again = await client().auth.signUp({ email, password: PASSWORD });
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.error?.status).toBe(422);
    expect(again.error?.message).toBe('User already registered');
  });

  it('reports a failing trigger as a database error and creates nothing', async () => {
    await server.engine.exec(`alter table public.profiles add constraint short_name check (length(display_name) < 10)`);
    try {
      const email = uniqueEmail('trigger-fails');
      const { error } = await client().auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { display_name: 'A name that is far too long' } },
      });
      expect(error?.status).toBe(500);
      expect(error?.message).toBe('Database error saving new user');
      const users = await server.engine.query('select 1 from auth.users where email = $1', [email]);
      expect(users.rows).toHaveLength(0);
    } finally {
      await server.engine.exec('alter table public.profiles drop constraint short_name');
    }
  });
});

describe('refresh-token reuse after the interval', () => {
  it('treats an old token as a replay and revokes the whole session', async () => {
    const c = client();
    await c.auth.signUp({ email: uniqueEmail('replay'), password: PASSWORD });
    const t0 = (await c.auth.getSession()).data.session!.refresh_token;
    await c.auth.refreshSession();
    const t2 = (await c.auth.refreshSession()).data.session!.refresh_token;

    await new Promise((resolve) => setTimeout(resolve, 1300));
    const replay = await client().auth.refreshSession({ refresh_token: t0 });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');
    // The whole family was revoked: the latest token is dead too.
    const latest = await client().auth.refreshSession({ refresh_token: t2 });
    expect(latest.error?.code).toBe('refresh_token_already_used');
  });
});

describe('e-mail rate limit', () => {
  it('sends no second recovery mail within the interval, and says nothing about it', async () => {
    const email = uniqueEmail('rate');
    await client().auth.signUp({ email, password: PASSWORD });
    const first = await client().auth.resetPasswordForEmail(email);
    expect(first.error).toBeNull();
    // Hosted GoTrue answers 429 here, which tells an attacker the address has an account (an
    // unknown address never hits the limit): the local server answers as for any address.
    const second = await client().auth.resetPasswordForEmail(email);
    expect(second.error).toBeNull();
    const res = await fetch(`${server.url}/mailbox/messages?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { kind: string }[];
    expect(mails.filter((m) => m.kind === 'recovery')).toHaveLength(1);
  });
});
