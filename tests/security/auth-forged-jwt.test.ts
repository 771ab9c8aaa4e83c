/**
 * Issue 13, auth: forged access tokens grant nothing on /rest/v1, /storage/v1 or /auth/v1/user.
 * Each forgery tries to write as the victim (or as service_role); the effect is re-read with the
 * service role. HS256 forgeries and ES256 ones (the project also trusts an asymmetric signing
 * key, whose public half anyone reads at /auth/v1/.well-known/jwks.json), each sent with the
 * legacy anon key and with the publishable key.
 */
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signJwt, signJwtEs256, type Es256Key } from '../../supabase/local/auth/jwt.ts';
import { apiUrl, serviceClient, signedInClient } from '../support/clients.ts';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let victim: Awaited<ReturnType<typeof signedInClient>>;
let attacker: Awaited<ReturnType<typeof signedInClient>>;
let attackerToken: string;
/** The JWKS entry the attacker reads: kid, x, y. */
let published: { kid: string; x: string; y: string; [k: string]: unknown };

function claimsFor(sub: string, extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub, aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 3600, ...extra };
}

/** An ES256 token made by hand: header and payload as given, signed (raw r‖s) with `key`. */
function es256(header: object, payload: object, key: Es256Key): string {
  const signed = `${b64(header)}.${b64(payload)}`;
  const sig = sign('sha256', Buffer.from(signed), { key: key.privateKey!, dsaEncoding: 'ieee-p1363' });
  return `${signed}.${sig.toString('base64url')}`;
}

/** ES256 forgeries: a key of the attacker's, the public key misused, the real key's token altered. */
function es256Forgeries(): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const attackerKey: Es256Key = { kid: published.kid, privateKey, publicKey };
  const realKey = createPrivateKey({ key: { ...inject('signingKey') } as never, format: 'jwk' });
  const real: Es256Key = { kid: published.kid, privateKey: realKey, publicKey: createPublicKey(realKey) };
  const pem = createPublicKey({ key: published as never, format: 'jwk' }).export({ format: 'pem', type: 'spki' });
  const hmacWith = (secret: string, claims: object) => {
    const head = b64({ alg: 'HS256', kid: published.kid, typ: 'JWT' });
    const body = b64(claims);
    return `${head}.${body}.${createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')}`;
  };
  const genuine = signJwtEs256(claimsFor(attacker.userId), real);
  const [gh, , gs] = genuine.split('.') as [string, string, string];
  return {
    'ES256 by another key under the real kid': signJwtEs256(claimsFor(victim.userId), attackerKey),
    'ES256 service_role by another key': signJwtEs256({ role: 'service_role', exp: now + 3600 }, attackerKey),
    'ES256 by another key under its own kid': signJwtEs256(claimsFor(victim.userId), { ...attackerKey, kid: 'mine' }),
    'ES256 without a kid, by another key': es256({ alg: 'ES256', typ: 'JWT' }, claimsFor(victim.userId), attackerKey),
    'HS256 signed with the public key (PEM)': hmacWith(
      pem.toString(),
      claimsFor(victim.userId, { role: 'service_role' }),
    ),
    'HS256 signed with the JWKS entry (JSON)': hmacWith(JSON.stringify(published), claimsFor(victim.userId)),
    'ES256 header, HS256 signature with the secret': (() => {
      const head = b64({ alg: 'ES256', kid: published.kid, typ: 'JWT' });
      const body = b64(claimsFor(victim.userId));
      const sig = createHmac('sha256', inject('jwtSecret')).update(`${head}.${body}`).digest('base64url');
      return `${head}.${body}.${sig}`;
    })(),
    'alg none with the real kid': `${b64({ alg: 'none', kid: published.kid })}.${b64(claimsFor(victim.userId))}.`,
    'ES256 expired, by the real key': signJwtEs256(
      claimsFor(victim.userId, { iat: now - 7200, exp: now - 3600 }),
      real,
    ),
    'ES256 real token with sub swapped': `${gh}.${b64({ ...claimsFor(attacker.userId), sub: victim.userId })}.${gs}`,
  };
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
    ...es256Forgeries(),
  };
}

/** Every forgery with each key a browser could hold: [name, token, apikey]. */
function cases(): [string, string, string][] {
  const keys = { 'anon key': inject('anonKey'), 'publishable key': inject('publishableKey') };
  return Object.entries(forgeries()).flatMap(([name, token]) =>
    Object.entries(keys).map(([keyName, key]): [string, string, string] => [`${name} (${keyName})`, token, key]),
  );
}

const headers = (token: string, apikey: string) => ({ apikey, Authorization: `Bearer ${token}` });

beforeAll(async () => {
  victim = await signedInClient();
  attacker = await signedInClient();
  attackerToken = (await attacker.client.auth.getSession()).data.session!.access_token;
  const jwks = (await (await fetch(`${apiUrl()}/auth/v1/.well-known/jwks.json`)).json()) as {
    keys: (typeof published)[];
  };
  published = jwks.keys[0]!;
});

describe('forged JWTs', () => {
  it('are refused by /rest/v1 and change nothing', async () => {
    const admin = serviceClient();
    for (const [name, token, apikey] of cases()) {
      const marker = `forged-${name}`.slice(0, 70);
      const res = await fetch(`${apiUrl()}/rest/v1/profiles?id=eq.${victim.userId}`, {
        method: 'PATCH',
        headers: { ...headers(token, apikey), 'content-type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ display_name: marker, role: 'admin' }),
      });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      // Reading with it hands out nothing either (not even anon's view).
      const read = await fetch(`${apiUrl()}/rest/v1/profiles?select=id,email&id=eq.${victim.userId}`, {
        headers: headers(token, apikey),
      });
      expect(read.status, name).toBe(401);
      const after = await admin.from('profiles').select('role, display_name').eq('id', victim.userId).single();
      expect(after.data, name).toMatchObject({ role: 'reader' });
      expect(after.data!.display_name, name).not.toBe(marker);
    }
  });

  it('are refused by /storage/v1: no file is written, nothing listed', async () => {
    const admin = serviceClient();
    for (const [name, token, apikey] of cases()) {
      const file = `${victim.userId}-avatar-forged-${Date.now()}.png`;
      const res = await fetch(`${apiUrl()}/storage/v1/object/avatars/${file}`, {
        method: 'POST',
        headers: { ...headers(token, apikey), 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      expect(res.ok, name).toBe(false);
      const stored = await admin.storage.from('avatars').list('', { search: file });
      expect(stored.data, name).toEqual([]);
      const listed = await fetch(`${apiUrl()}/storage/v1/object/list/avatars`, {
        method: 'POST',
        headers: { ...headers(token, apikey), 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '', limit: 100, offset: 0 }),
      });
      const body: unknown = await listed.json();
      expect(Array.isArray(body) && body.length > 0, name).toBe(false);
    }
  });

  it('are refused by /auth/v1/user: no user data out, no change in', async () => {
    const admin = serviceClient();
    for (const [name, token, apikey] of cases()) {
      const get = await fetch(`${apiUrl()}/auth/v1/user`, { headers: headers(token, apikey) });
      expect(get.status, name).toBeGreaterThanOrEqual(400);
      expect(await get.text(), name).not.toContain(victim.email);
      const put = await fetch(`${apiUrl()}/auth/v1/user`, {
        method: 'PUT',
        headers: { ...headers(token, apikey), 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'attacker-owned-password', data: { pwned: true } }),
      });
      expect(put.status, name).toBeGreaterThanOrEqual(400);
      const user = (await admin.auth.admin.getUserById(victim.userId)).data.user!;
      expect(user.user_metadata.pwned, name).toBeUndefined();
    }
    // The victim's password still works; the attacker's does not (checked once: sign-in
    // failures are rate-limited per address).
    const wrongPw = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim.email, password: 'attacker-owned-password' }),
    });
    expect(wrongPw.status).toBe(400);
    const still = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim.email, password: victim.password }),
    });
    expect(still.status).toBe(200);
  });

  it('a forged service_role token cannot use the admin API', async () => {
    const admin = serviceClient();
    for (const [name, token, apikey] of cases()) {
      const res = await fetch(`${apiUrl()}/auth/v1/admin/users/${victim.userId}`, {
        method: 'PUT',
        headers: { ...headers(token, apikey), 'content-type': 'application/json' },
        body: JSON.stringify({ app_metadata: { forged: name } }),
      });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      const user = (await admin.auth.admin.getUserById(victim.userId)).data.user!;
      expect(user.app_metadata.forged, name).toBeUndefined();
    }
  });
});
