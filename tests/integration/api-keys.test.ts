/**
 * Hosted Supabase's API keys and JWT signing keys, through supabase-js and raw requests: the
 * publishable key is the anon role, a secret key service_role (REST, auth admin, Storage, the
 * publish worker's queue) but never from a browser, a signed-in user's JWT decides whatever key
 * comes with it, and the legacy JWT keys work until a project turns them off. A second server
 * signs sessions with ES256 and has legacy keys off: its JWKS lets `auth.getClaims()` verify a
 * session without asking the auth server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { signJwt } from '../../supabase/local/auth/jwt.ts';
import { generateSigningKey } from '../../supabase/local/auth/signing-keys.ts';
import { startLocalServer, type LocalServer } from '../../supabase/local/server.ts';
import { createDbQueue } from '../../scripts/lib/publish/queue.ts';
import { anonClient, serviceClient, signedInClient, uniqueEmail } from '../support/clients.ts';
import { makeArticle } from '../support/world.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A 1×1 PNG: Storage checks that an upload's bytes match its type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } } as const;

/** GET /rest/v1/<path> with exactly these headers. */
async function rest(base: string, pathAndQuery: string, headers: Record<string, string>) {
  const res = await fetch(`${base}/rest/v1/${pathAndQuery}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('on the shared server (legacy keys on)', () => {
  const api = () => inject('apiUrl');
  const pk = () => inject('publishableKey');
  const sk = () => inject('secretKey');
  let published: number;
  let draft: number;
  let author: { client: SupabaseClient; userId: string };

  beforeAll(async () => {
    author = await signedInClient(uniqueEmail('keys-author'));
    const { error } = await serviceClient().from('profiles').update({ role: 'author' }).eq('id', author.userId);
    if (error) throw error;
    published = await makeArticle(author.userId);
    draft = await makeArticle(author.userId, { status: 'draft' });
  });

  const idsSeen = async (client: SupabaseClient) => {
    const { data, error } = await client.from('articles_meta').select('id').in('id', [published, draft]).order('id');
    if (error) throw error;
    return data.map((r) => r.id as number);
  };

  it('the publishable key is anon: supabase-js reads the published article, not the draft', async () => {
    expect(pk()).toMatch(/^sb_publishable_/);
    expect(await idsSeen(anonClient())).toEqual([published]);
  });

  it('the publishable key as a raw request: apikey and bearer, or apikey alone', async () => {
    const both: Record<string, string>[] = [{ apikey: pk(), Authorization: `Bearer ${pk()}` }, { apikey: pk() }];
    for (const headers of both) {
      const { status, body } = await rest(api(), `articles_meta?select=id&id=in.(${published},${draft})`, headers);
      expect(status).toBe(200);
      expect(body).toEqual([{ id: published }]);
    }
  });

  it('the secret key is service_role: it reads the draft too and runs service-only functions', async () => {
    expect(sk()).toMatch(/^sb_secret_/);
    expect(await idsSeen(serviceClient())).toEqual([published, draft]);
    const { status, body } = await rest(api(), `articles_meta?select=id&id=eq.${draft}`, { apikey: sk() });
    expect([status, body]).toEqual([200, [{ id: draft }]]);
    // The publish worker's queue (scripts/lib/publish/queue.ts) is for the service role only.
    await expect(createDbQueue(api(), sk()).pending()).resolves.toMatchObject({ changes: expect.any(Number) });
    await expect(createDbQueue(api(), pk()).pending()).rejects.toThrow(/HTTP (401|403)/);
  });

  it('the secret key works on the auth admin API and Storage', async () => {
    const admin = serviceClient();
    const email = uniqueEmail('keys-admin');
    const created = await admin.auth.admin.createUser({
      email,
      password: 'correct-horse-battery',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const found = await admin.auth.admin.getUserById(created.data.user!.id);
    expect(found.data.user?.email).toBe(email);
    expect((await anonClient().auth.admin.listUsers()).error?.status).toBe(403);

    const name = `keys-${Date.now().toString(36)}.png`;
    const upload = await admin.storage.from('avatars').upload(`${author.userId}/${name}`, PNG, {
      contentType: 'image/png',
    });
    expect(upload.error).toBeNull();
    const listed = await admin.storage.from('avatars').list(author.userId);
    expect(listed.data?.map((f) => f.name)).toContain(name);
    await admin.storage.from('avatars').remove([`${author.userId}/${name}`]);
  });

  it('a signed-in user’s token decides the role, whichever key comes with it', async () => {
    // The author's own draft is visible to them, through the publishable key...
    expect(await idsSeen(author.client)).toEqual([published, draft]);
    const token = (await author.client.auth.getSession()).data.session!.access_token;
    // ...and the secret key in apikey does not lift them to service_role, which would also see
    // another author's archived article (staff read each other's articles, not the archived ones).
    const other = await makeArticle((await signedInClient()).userId, {
      status: 'draft',
      archived_at: new Date().toISOString(),
    });
    expect((await rest(api(), `articles_meta?select=id&id=eq.${other}`, { apikey: sk() })).body).toEqual([
      { id: other },
    ]);
    const { body } = await rest(api(), `articles_meta?select=id&id=in.(${draft},${other})`, {
      apikey: sk(),
      Authorization: `Bearer ${token}`,
    });
    expect(body).toEqual([{ id: draft }]);
    const user = await fetch(`${api()}/auth/v1/user`, { headers: { apikey: sk(), Authorization: `Bearer ${token}` } });
    expect(((await user.json()) as { id: string }).id).toBe(author.userId);
  });

  it('a secret key sent from a browser is refused with 401, as hosted Supabase does', async () => {
    const res = await fetch(`${api()}/rest/v1/articles_meta?select=id&limit=1`, {
      headers: { apikey: sk(), Authorization: `Bearer ${sk()}`, 'User-Agent': CHROME },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
    expect(await res.json()).toEqual({
      message: 'Forbidden use of secret API key in browser',
      hint: expect.stringContaining('should never be used in a browser'),
    });
    // The publishable key is what browsers use.
    const ok = await fetch(`${api()}/rest/v1/articles_meta?select=id&limit=1`, {
      headers: { apikey: pk(), Authorization: `Bearer ${pk()}`, 'User-Agent': CHROME },
    });
    expect(ok.status).toBe(200);
  });

  it('an unknown key is refused; a publishable or secret key as bearer of another apikey is no JWT', async () => {
    const wrong = await rest(api(), 'articles_meta?select=id&limit=1', {
      apikey: 'sb_secret_AAAAAAAAAAAAAAAAAAAAAA_AAAAAAAA',
    });
    expect([wrong.status, wrong.body]).toEqual([401, { message: 'Invalid API key' }]);
    const mixed = await rest(api(), 'articles_meta?select=id&limit=1', {
      apikey: pk(),
      Authorization: `Bearer ${sk()}`,
    });
    expect(mixed.status).toBe(401);
    expect(mixed.body).toMatchObject({ code: 'PGRST301' });
  });

  it('the legacy JWT keys are still accepted by default', async () => {
    const anon = await rest(api(), `articles_meta?select=id&id=in.(${published},${draft})`, {
      apikey: inject('anonKey'),
      Authorization: `Bearer ${inject('anonKey')}`,
    });
    expect(anon.body).toEqual([{ id: published }]);
    const service = await rest(api(), `articles_meta?select=id&id=in.(${published},${draft})&order=id`, {
      apikey: inject('serviceRoleKey'),
      Authorization: `Bearer ${inject('serviceRoleKey')}`,
    });
    expect(service.body).toEqual([{ id: published }, { id: draft }]);
  });

  it('serves the JWKS without an API key, and getClaims() verifies a session with either signing', async () => {
    const res = await fetch(`${api()}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })]);
    expect(keys[0]).not.toHaveProperty('d');
    // HS256 (the default) is checked by the auth server, ES256 against the JWKS.
    const { data, error } = await author.client.auth.getClaims();
    expect(error).toBeNull();
    expect(['HS256', 'ES256']).toContain(data?.header.alg);
    expect(data?.claims.sub).toBe(author.userId);
  });
});

describe('on a server that signs with ES256 and has legacy keys off', () => {
  let server: LocalServer;
  let dir: string;
  const calls: string[] = [];
  /** supabase-js with the publishable key, recording the auth paths it calls. */
  const client = () =>
    createClient(server.url, server.config.publishableKey, {
      // Its own storage key: supabase-js caches a JWKS per storage key, which is per host.
      auth: { ...noSession.auth, storageKey: 'api-keys-es256' },
      global: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          calls.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
          return fetch(input, init);
        },
      },
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-keys-es256-'));
    server = await startLocalServer(
      loadConfig({
        port: 0,
        inMemory: true,
        databaseUrl: undefined,
        dataDir: dir,
        migrationsDir: dir,
        mailerAutoconfirm: true,
        bcryptCost: 4,
        jwtSigning: 'es256',
        // Not the development key the shared server may be using: its JWKS must be fetched.
        signingKey: generateSigningKey(),
        legacyKeys: false,
      }),
    );
    await server.engine.exec(`
      create table public.notes (id int primary key, shared boolean not null, owner uuid);
      alter table public.notes enable row level security;
      create policy "Shared notes are public; owners see their own" on public.notes for select
        to anon, authenticated using (shared or owner = (select auth.uid()));
      grant select on public.notes to anon, authenticated;
      grant all on public.notes to service_role;
      insert into public.notes values (1, true, null), (2, false, null);
    `);
    await server.reloadSchema();
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the legacy keys with hosted Supabase’s 401; the new keys work', async () => {
    for (const key of [server.config.anonKey, server.config.serviceRoleKey]) {
      const { status, body } = await rest(server.url, 'notes?select=id', {
        apikey: key,
        Authorization: `Bearer ${key}`,
      });
      expect(status).toBe(401);
      expect(body).toMatchObject({ message: 'Legacy API keys are disabled' });
    }
    expect((await client().from('notes').select('id')).data).toEqual([{ id: 1 }]);
    const service = createClient(server.url, server.config.secretKey, noSession);
    expect((await service.from('notes').select('id').order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
    const created = await service.auth.admin.createUser({ email: uniqueEmail('es'), email_confirm: true });
    expect(created.error).toBeNull();
    expect((await service.storage.createBucket(`b-${Date.now()}`)).error).toBeNull();
  });

  it('serves its ES256 public key; sessions are signed with it and getClaims() verifies them locally', async () => {
    const jwks = (await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: Record<string, unknown>[];
    };
    const { kid, x, y } = server.config.signingKey;
    expect(jwks.keys).toEqual([
      { kid, kty: 'EC', crv: 'P-256', x, y, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true },
    ]);

    const email = uniqueEmail('es256');
    const sb = client();
    const signedUp = await sb.auth.signUp({ email, password: 'correct-horse-battery' });
    expect(signedUp.error).toBeNull();
    const token = signedUp.data.session!.access_token;
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    expect(header).toEqual({ alg: 'ES256', kid, typ: 'JWT' });

    calls.length = 0;
    const { data, error } = await sb.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ sub: signedUp.data.user!.id, role: 'authenticated', email });
    // Verified with the JWKS (fetched once and cached), without asking /auth/v1/user.
    expect(calls).toEqual(['/auth/v1/.well-known/jwks.json']);
    await sb.auth.getClaims();
    expect(calls).toHaveLength(1);

    // The ES256 session works on REST, where RLS sees the user.
    await server.engine.query(`insert into public.notes values (3, false, $1)`, [signedUp.data.user!.id]);
    expect((await sb.from('notes').select('id').order('id')).data).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('a tampered or foreign-key ES256 session is refused by getClaims() and by the API', async () => {
    const sb = client();
    const signedUp = await sb.auth.signUp({ email: uniqueEmail('tamper'), password: 'correct-horse-battery' });
    const [h, p, s] = signedUp.data.session!.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString('base64url')}.${s}`;
    const checked = await sb.auth.getClaims(forged);
    expect(checked.data).toBeNull();
    expect(checked.error?.message).toMatch(/Invalid JWT signature/);
    const { status } = await rest(server.url, 'notes?select=id', {
      apikey: server.config.publishableKey,
      Authorization: `Bearer ${forged}`,
    });
    expect(status).toBe(401);
    // HS256 with the legacy secret is still trusted next to the ES256 key (a rotation's old key).
    const legacySigned = signJwt(
      { role: 'authenticated', sub: String(claims.sub), exp: Number(claims.exp) },
      server.config.jwtSecret,
    );
    const old = await rest(server.url, 'notes?select=id', {
      apikey: server.config.publishableKey,
      Authorization: `Bearer ${legacySigned}`,
    });
    expect(old.status).toBe(200);
  });
});
