/**
 * Bad requests get PostgREST's 4xx answers and never wedge the server; concurrent requests keep
 * their own role and claims.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signJwt } from '../../supabase/local/auth/jwt.ts';
import { anonClient } from '../support/clients.ts';
import { clientWithToken, userToken } from '../support/tokens.ts';

const rest = () => `${inject('apiUrl')}/rest/v1`;
const headers = (extra: Record<string, string> = {}) => ({
  apikey: inject('anonKey'),
  Authorization: `Bearer ${inject('anonKey')}`,
  ...extra,
});

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${rest()}${path}`, {
    ...init,
    headers: { ...headers(), ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

describe('malformed requests', () => {
  it.each([
    ['an unknown operator', '/fx_authors?id=eqq.1', 400, 'PGRST100'],
    ['an unbalanced logic tree', '/fx_authors?or=(id.eq.1', 400, 'PGRST100'],
    ['a SQL fragment as a cast', '/fx_authors?select=id::text);select+1;--', 400, 'PGRST100'],
    ['a SQL fragment in order', '/fx_authors?order=id.desc;drop+table+fx_authors', 400, 'PGRST100'],
    ['an unknown column', '/fx_authors?select=nope', 400, '42703'],
    ['an unknown column in a filter', '/fx_authors?nope=eq.1', 400, '42703'],
    ['a quote-injecting column name', '/fx_authors?select=%22id%22%22;drop%22', 400, '42703'],
    ['an unknown table', '/no_such_table', 404, 'PGRST205'],
    ['a non-numeric limit', '/fx_authors?limit=ten', 400, 'PGRST100'],
  ])('%s', async (_label, path, status, code) => {
    const res = await call(path);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body).toHaveProperty('message');
    expect(res.body).toHaveProperty('details');
    expect(res.body).toHaveProperty('hint');
  });

  it('leaves the table intact after injection attempts', async () => {
    const { count } = await anonClient().from('fx_authors').select('*', { count: 'exact', head: true });
    expect(count).toBeGreaterThanOrEqual(4);
  });

  it.each([
    ['invalid JSON', '{"name": ', 'application/json', 400, 'PGRST102'],
    ['a JSON scalar', '42', 'application/json', 400, 'PGRST102'],
    ['mismatched keys in a bulk insert', '[{"name":"a"},{"rating":1}]', 'application/json', 400, 'PGRST102'],
    ['a wrong content type', 'name=x', 'text/plain', 415, 'PGRST107'],
  ])('refuses %s', async (_label, body, type, status, code) => {
    const res = await call('/fx_authors', { method: 'POST', body, headers: { 'Content-Type': type } });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('refuses an oversized body with 413', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const res = await fetch(`${rest()}/fx_authors`, {
      method: 'POST',
      body,
      headers: { ...headers(), 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const res = await call('/users', { headers: { 'Accept-Profile': 'auth' } });
    expect(res.status).toBe(406);
    expect(res.body.code).toBe('PGRST106');
  });

  it('answers 401 without an API key, as the gateway does', async () => {
    const res = await fetch(`${rest()}/fx_authors`);
    expect(res.status).toBe(401);
  });
});

describe('JWTs', () => {
  it('refuses a token signed with another secret (401 PGRST301)', async () => {
    const forged = signJwt({ sub: randomUUID(), role: 'service_role' }, 'not-the-secret-not-the-secret-not-the-secret');
    const { error, status } = await clientWithToken(forged).from('fx_secrets').select('*');
    expect(status).toBe(401);
    expect(error!.code).toBe('PGRST301');
  });

  it('refuses an expired token (401 PGRST303 "JWT expired")', async () => {
    const { error, status } = await clientWithToken(userToken(randomUUID(), {}, -3600))
      .from('fx_authors')
      .select('id');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('refuses a token naming a role the API may not switch to', async () => {
    const token = signJwt({ sub: randomUUID(), role: 'postgres' }, inject('jwtSecret'));
    const { status } = await clientWithToken(token).from('fx_secrets').select('*');
    expect(status).toBe(401);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    const { status } = await clientWithToken(`${header}.${payload}.`).from('fx_secrets').select('*');
    expect(status).toBe(401);
  });
});

describe('concurrency', () => {
  it('keeps each request its own role and claims under 60 concurrent requests', async () => {
    const subs = Array.from({ length: 60 }, () => randomUUID());
    const results = await Promise.all(
      subs.map((sub, i) => (i % 3 === 0 ? anonClient() : clientWithToken(userToken(sub))).rpc('fx_whoami')),
    );
    results.forEach((r, i) => {
      expect(r.error).toBeNull();
      if (i % 3 === 0) expect(r.data).toMatchObject({ uid: null, role: 'anon' });
      else expect(r.data).toMatchObject({ uid: subs[i], role: 'authenticated' });
    });
  });

  it('serves requests normally after a burst of failing ones', async () => {
    await Promise.all(Array.from({ length: 30 }, () => call('/fx_authors?id=eqq.1')));
    await Promise.all(Array.from({ length: 10 }, () => anonClient().rpc('fx_fail', { msg: 'x' })));
    const ok = await anonClient().from('fx_tags').select('name').eq('id', 1).single();
    expect(ok.data).toEqual({ name: 'solar' });
  });
});

describe('headers', () => {
  it('exposes Content-Range and CORS headers to browsers', async () => {
    const res = await call('/fx_tags?select=id', { headers: { Prefer: 'count=exact', Range: '0-1' } });
    expect(res.headers.get('content-range')).toBe('0-1/3');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const preflight = await fetch(`${rest()}/fx_tags`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:4321' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey');
  });
});
