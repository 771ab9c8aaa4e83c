/**
 * Issue 13, auth: forged access tokens grant nothing on /rest/v1, /storage/v1 or /auth/v1/user.
 * Each forgery tries to write as the victim (or as service_role); the effect is re-read with the
 * service role.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signJwt } from '../../supabase/local/auth/jwt.ts';
import { apiUrl, serviceClient, signedInClient } from '../support/clients.ts';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let victim: Awaited<ReturnType<typeof signedInClient>>;
let attacker: Awaited<ReturnType<typeof signedInClient>>;
let attackerToken: string;

function claimsFor(sub: string, extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub, aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 3600, ...extra };
}

function forgeries(): Record<string, string> {
  const wrong = 'an-attacker-chosen-secret-of-at-least-32-characters';
  const now = Math.floor(Date.now() / 1000);
  // The attacker's own real token with the payload swapped for the victim's sub.
  const [h, p, s] = attackerToken.split('.') as [string, string, string];
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
  const swapped = `${h}.${b64({ ...payload, sub: victim.userId })}.${s}`;
  // HS256 signed with the *public* anon key as secret (a classic confusion attempt).
  const withAnonKey = signJwt(claimsFor(victim.userId, { role: 'service_role' }), inject('anonKey'));
  const noneHeader = b64({ alg: 'none', typ: 'JWT' });
  return {
    'wrong secret': signJwt(claimsFor(victim.userId), wrong),
    'alg none': `${noneHeader}.${b64(claimsFor(victim.userId))}.`,
    'alg none, service_role': `${noneHeader}.${b64({ role: 'service_role', exp: now + 3600 })}.`,
    'HS512 with the real secret': (() => {
      const head = b64({ alg: 'HS512', typ: 'JWT' });
      const body = b64(claimsFor(victim.userId));
      const sig = createHmac('sha512', inject('jwtSecret')).update(`${head}.${body}`).digest('base64url');
      return `${head}.${body}.${sig}`;
    })(),
    expired: signJwt(claimsFor(victim.userId, { iat: now - 7200, exp: now - 3600 }), inject('jwtSecret')),
    'service_role signed with another key': signJwt({ role: 'service_role', exp: now + 3600 }, wrong),
    'service_role signed with the anon key': withAnonKey,
    'sub swapped to another user': swapped,
  };
}

const headers = (token: string) => ({ apikey: inject('anonKey'), Authorization: `Bearer ${token}` });

beforeAll(async () => {
  victim = await signedInClient();
  attacker = await signedInClient();
  attackerToken = (await attacker.client.auth.getSession()).data.session!.access_token;
});

describe('forged JWTs', () => {
  it('are refused by /rest/v1 and change nothing', async () => {
    const admin = serviceClient();
    for (const [name, token] of Object.entries(forgeries())) {
      const marker = `forged-${name}`.slice(0, 70);
      const res = await fetch(`${apiUrl()}/rest/v1/profiles?id=eq.${victim.userId}`, {
        method: 'PATCH',
        headers: { ...headers(token), 'content-type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ display_name: marker, role: 'admin' }),
      });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      // Reading with it hands out nothing either (not even anon's view).
      const read = await fetch(`${apiUrl()}/rest/v1/profiles?select=id,email&id=eq.${victim.userId}`, {
        headers: headers(token),
      });
      expect(read.status, name).toBe(401);
      const after = await admin.from('profiles').select('role, display_name').eq('id', victim.userId).single();
      expect(after.data, name).toMatchObject({ role: 'reader' });
      expect(after.data!.display_name, name).not.toBe(marker);
    }
  });

  it('are refused by /storage/v1: no file is written, nothing listed', async () => {
    const admin = serviceClient();
    for (const [name, token] of Object.entries(forgeries())) {
      const file = `${victim.userId}-avatar-forged-${Date.now()}.png`;
      const res = await fetch(`${apiUrl()}/storage/v1/object/avatars/${file}`, {
        method: 'POST',
        headers: { ...headers(token), 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      expect(res.ok, name).toBe(false);
      const stored = await admin.storage.from('avatars').list('', { search: file });
      expect(stored.data, name).toEqual([]);
      const listed = await fetch(`${apiUrl()}/storage/v1/object/list/avatars`, {
        method: 'POST',
        headers: { ...headers(token), 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '', limit: 100, offset: 0 }),
      });
      const body: unknown = await listed.json();
      expect(Array.isArray(body) && body.length > 0, name).toBe(false);
    }
  });

  it('are refused by /auth/v1/user: no user data out, no change in', async () => {
    const admin = serviceClient();
    for (const [name, token] of Object.entries(forgeries())) {
      const get = await fetch(`${apiUrl()}/auth/v1/user`, { headers: headers(token) });
      expect(get.status, name).toBeGreaterThanOrEqual(400);
      expect(await get.text(), name).not.toContain(victim.email);
      const put = await fetch(`${apiUrl()}/auth/v1/user`, {
        method: 'PUT',
        headers: { ...headers(token), 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'attacker-owned-password', data: { pwned: true } }),
      });
      expect(put.status, name).toBeGreaterThanOrEqual(400);
      const user = (await admin.auth.admin.getUserById(victim.userId)).data.user!;
      expect(user.user_metadata.pwned, name).toBeUndefined();
      // The victim's password still works; the attacker's does not.
      const wrongPw = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim.email, password: 'attacker-owned-password' }),
      });
      expect(wrongPw.status, name).toBe(400);
    }
    const still = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim.email, password: victim.password }),
    });
    expect(still.status).toBe(200);
  });

  it('a forged service_role token cannot use the admin API', async () => {
    const admin = serviceClient();
    for (const [name, token] of Object.entries(forgeries())) {
      const res = await fetch(`${apiUrl()}/auth/v1/admin/users/${victim.userId}`, {
        method: 'PUT',
        headers: { ...headers(token), 'content-type': 'application/json' },
        body: JSON.stringify({ app_metadata: { forged: name } }),
      });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      const user = (await admin.auth.admin.getUserById(victim.userId)).data.user!;
      expect(user.app_metadata.forged, name).toBeUndefined();
    }
  });
});
