/**
 * The publishable / secret API keys and how the gateway maps a request's `apikey` and
 * `Authorization` headers to a role (supabase/local/http/gateway.ts), as hosted Supabase does:
 * the publishable key is anon, a secret key service_role (never from a browser), a signed-in
 * user's JWT decides, legacy JWT keys work until `legacyKeys: false`.
 */
import type { IncomingMessage } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEV_PUBLISHABLE_KEY,
  DEV_SECRET_KEY,
  apiKeyKind,
  generateApiKey,
  isApiKeyOf,
  isBrowserUserAgent,
} from '../../supabase/local/auth/api-keys.ts';
import { signJwt } from '../../supabase/local/auth/jwt.ts';
import { signAccessToken, verifyAccessToken } from '../../supabase/local/auth/signing-keys.ts';
import { DEV_JWT_SECRET, loadConfig, type ServerConfig } from '../../supabase/local/config.ts';
import { applyGatewayToken, checkApiKey } from '../../supabase/local/http/gateway.ts';
import { LOCAL_SUPABASE_PUBLISHABLE_KEY } from '../../src/lib/local-stack.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-keys-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = loadConfig({ host: '127.0.0.1', dataDir, legacyKeys: true, jwtSigning: 'hs256' });
const noLegacy: ServerConfig = { ...config, legacyKeys: false };

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const userToken = signAccessToken(
  { sub: '6a1c3e0e-1111-4222-8333-444455556666', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
  config,
);

describe('the keys', () => {
  it('are the Supabase CLI development keys on 127.0.0.1, and the site build defaults to the same one', () => {
    expect(config.publishableKey).toBe(DEV_PUBLISHABLE_KEY);
    expect(config.secretKey).toBe(DEV_SECRET_KEY);
    expect(LOCAL_SUPABASE_PUBLISHABLE_KEY).toBe(DEV_PUBLISHABLE_KEY);
  });

  it('are made in the hosted shape and told apart by prefix', () => {
    const publishable = generateApiKey('publishable');
    const secret = generateApiKey('secret');
    expect(publishable).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(secret).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(generateApiKey('secret')).not.toBe(secret);
    expect([apiKeyKind(publishable), apiKeyKind(secret), apiKeyKind(config.anonKey)]).toEqual([
      'publishable',
      'secret',
      undefined,
    ]);
    expect(isApiKeyOf('secret', secret)).toBe(true);
    expect(isApiKeyOf('secret', publishable)).toBe(false);
    expect(isApiKeyOf('secret', 'sb_secret_short')).toBe(false);
  });

  it.each([
    [CHROME, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/133.0', true],
    ['Mozilla/5.0 (compatible; Google-Apps-Script)', true],
    ['node', false],
    ['curl/8.5.0', false],
    ['supabase-js-node/2.119.1', false],
    [undefined, false],
  ])('User-Agent %s is a browser: %s', (ua, browser) => {
    expect(isBrowserUserAgent(ua)).toBe(browser);
  });
});

describe('the gateway maps apikey and Authorization to a role', () => {
  const pk = config.publishableKey;
  const sk = config.secretKey;

  it.each([
    [
      'publishable key as apikey and bearer (supabase-js, nobody signed in)',
      { apikey: pk, authorization: `Bearer ${pk}` },
      'anon',
    ],
    ['publishable key as apikey alone', { apikey: pk }, 'anon'],
    ['publishable key as a bare bearer', { authorization: `Bearer ${pk}` }, 'anon'],
    ['secret key as apikey and bearer', { apikey: sk, authorization: `Bearer ${sk}` }, 'service_role'],
    ['secret key as apikey alone', { apikey: sk }, 'service_role'],
    [
      'secret key from a server runtime',
      { apikey: sk, authorization: `Bearer ${sk}`, 'user-agent': 'node' },
      'service_role',
    ],
  ])('%s → %s', (_, headers, role) => {
    expect(checkApiKey(request(headers), config)).toEqual({ ok: true, role });
  });

  it.each([
    ['a user JWT with the publishable key', { apikey: pk, authorization: `Bearer ${userToken}` }],
    ['a user JWT with the secret key', { apikey: sk, authorization: `Bearer ${userToken}` }],
    ['a legacy anon key', { apikey: config.anonKey, authorization: `Bearer ${config.anonKey}` }],
    ['a legacy service_role key', { apikey: config.serviceRoleKey, authorization: `Bearer ${config.serviceRoleKey}` }],
    ['a bearer JWT without apikey', { authorization: `Bearer ${userToken}` }],
    // Hosted forwards a bearer that is not the apikey as it is; the service refuses a non-JWT.
    ['the secret key as bearer behind the publishable key', { apikey: pk, authorization: `Bearer ${sk}` }],
  ])('%s: let through, the bearer decides', (_, headers) => {
    expect(checkApiKey(request(headers), config)).toEqual({ ok: true });
  });

  it('a forwarded key becomes a short-lived JWT of its role in Authorization', () => {
    for (const [key, role] of [
      [pk, 'anon'],
      [sk, 'service_role'],
    ] as const) {
      const req = request({ apikey: key, authorization: `Bearer ${key}` });
      applyGatewayToken(req, config, role);
      const claims = verifyAccessToken(req.headers.authorization!.replace(/^Bearer /, ''), config);
      expect(claims.role).toBe(role);
      expect(claims.exp! - Date.now() / 1000).toBeGreaterThan(3000);
      expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(3600);
    }
  });

  it.each([
    ['no key at all', {}, { message: 'No API key found in request' }],
    ['an unknown publishable key', { apikey: generateApiKey('publishable') }, { message: 'Invalid API key' }],
    ['an unknown secret key', { apikey: generateApiKey('secret') }, { message: 'Invalid API key' }],
    [
      'a JWT signed with another secret',
      { apikey: signJwt({ role: 'anon' }, 'x'.repeat(40)) },
      { message: 'Invalid API key' },
    ],
    ['garbage', { apikey: 'hello' }, { message: 'Invalid API key' }],
  ])('%s: 401', (_, headers, body) => {
    const verdict = checkApiKey(request(headers), config);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.refusal.status).toBe(401);
      expect(verdict.refusal.body).toMatchObject(body);
    }
  });

  it('a secret key from a browser is refused with hosted Supabase’s 401, whatever else is sent', () => {
    for (const headers of [
      { apikey: sk, authorization: `Bearer ${sk}`, 'user-agent': CHROME },
      { apikey: sk, authorization: `Bearer ${userToken}`, 'user-agent': CHROME },
    ]) {
      expect(checkApiKey(request(headers), config)).toEqual({
        ok: false,
        refusal: {
          status: 401,
          body: {
            message: 'Forbidden use of secret API key in browser',
            hint: expect.stringMatching(/^Secret API keys can only be used in a protected environment/),
          },
          code: 'UNAUTHORIZED_INVALID_API_KEY_TYPE',
        },
      });
    }
    // The publishable key is meant for browsers.
    expect(checkApiKey(request({ apikey: pk, 'user-agent': CHROME }), config)).toEqual({ ok: true, role: 'anon' });
  });

  it('legacyKeys: false refuses the legacy keys with hosted Supabase’s message; the new keys still work', () => {
    for (const key of [config.anonKey, config.serviceRoleKey]) {
      const verdict = checkApiKey(request({ apikey: key, authorization: `Bearer ${key}` }), noLegacy);
      expect(verdict).toMatchObject({
        ok: false,
        refusal: { status: 401, body: { message: 'Legacy API keys are disabled' } },
      });
    }
    expect(checkApiKey(request({ apikey: config.publishableKey }), noLegacy)).toEqual({ ok: true, role: 'anon' });
    expect(checkApiKey(request({ apikey: config.secretKey }), noLegacy)).toEqual({ ok: true, role: 'service_role' });
    // A user's JWT is no API key: disabling legacy keys does not sign anyone out.
    expect(
      checkApiKey(request({ apikey: config.publishableKey, authorization: `Bearer ${userToken}` }), noLegacy),
    ).toEqual({ ok: true });
  });
});

describe('the keys in the configuration', () => {
  const saved = { ...process.env };
  const fresh = () => fs.mkdtempSync(path.join(dataDir, 'cfg-'));
  const reset = () => {
    process.env = { ...saved };
    for (const k of [
      'SUPABASE_PUBLISHABLE_KEY',
      'SUPABASE_SECRET_KEY',
      'SUPABASE_LEGACY_API_KEYS',
      'SUPABASE_JWT_SIGNING',
      'SUPABASE_JWT_SIGNING_KEY',
      'SUPABASE_LOCAL_HOST',
      'SUPABASE_JWT_SECRET',
    ]) {
      delete process.env[k];
    }
  };
  afterAll(() => {
    process.env = saved;
  });

  it('default to HS256 signing and legacy keys on, as the Supabase CLI', () => {
    reset();
    const c = loadConfig({ host: '127.0.0.1', dataDir: fresh() });
    expect([c.jwtSigning, c.legacyKeys, c.jwtSecret]).toEqual(['hs256', true, DEV_JWT_SECRET]);
  });

  it('on a reachable host are random, kept in the data folder (0600) and reused', () => {
    reset();
    const dir = fresh();
    const first = loadConfig({ host: '0.0.0.0', dataDir: dir });
    expect(first.publishableKey).not.toBe(DEV_PUBLISHABLE_KEY);
    expect(first.secretKey).not.toBe(DEV_SECRET_KEY);
    expect(isApiKeyOf('publishable', first.publishableKey) && isApiKeyOf('secret', first.secretKey)).toBe(true);
    expect(first.signingKey.kid).not.toBe(loadConfig({ host: '127.0.0.1', dataDir: dir }).signingKey.kid);
    for (const file of ['publishable-key.json', 'secret-key.json', 'jwt-signing-key.json']) {
      expect(fs.statSync(path.join(dir, file)).mode & 0o777, file).toBe(0o600);
    }
    const second = loadConfig({ host: '192.168.1.10', dataDir: dir });
    expect([second.publishableKey, second.secretKey, second.signingKey]).toEqual([
      first.publishableKey,
      first.secretKey,
      first.signingKey,
    ]);
  });

  it('come from the environment when set, and a malformed one stops the start', () => {
    reset();
    const publishable = generateApiKey('publishable');
    const secret = generateApiKey('secret');
    process.env.SUPABASE_PUBLISHABLE_KEY = publishable;
    process.env.SUPABASE_SECRET_KEY = secret;
    process.env.SUPABASE_LEGACY_API_KEYS = 'off';
    process.env.SUPABASE_JWT_SIGNING = 'ES256';
    const dir = fresh();
    const c = loadConfig({ host: '0.0.0.0', dataDir: dir });
    expect([c.publishableKey, c.secretKey, c.legacyKeys, c.jwtSigning]).toEqual([publishable, secret, false, 'es256']);
    expect(fs.existsSync(path.join(dir, 'secret-key.json'))).toBe(false);

    process.env.SUPABASE_SECRET_KEY = publishable;
    expect(() => loadConfig({ dataDir: dir })).toThrow(/SUPABASE_SECRET_KEY must be a secret key/);
    reset();
    process.env.SUPABASE_LEGACY_API_KEYS = 'maybe';
    expect(() => loadConfig({ dataDir: dir })).toThrow(/SUPABASE_LEGACY_API_KEYS must be on or off/);
    reset();
    process.env.SUPABASE_JWT_SIGNING = 'rs256';
    expect(() => loadConfig({ dataDir: dir })).toThrow(/SUPABASE_JWT_SIGNING must be one of hs256, es256/);
  });

  it('take a signing key from SUPABASE_JWT_SIGNING_KEY (a JWK), checking it', () => {
    reset();
    const dir = fresh();
    const made = loadConfig({ host: '0.0.0.0', dataDir: dir }).signingKey;
    process.env.SUPABASE_JWT_SIGNING_KEY = JSON.stringify([{ ...made, alg: 'ES256', use: 'sig' }]);
    expect(loadConfig({ dataDir: fresh() }).signingKey).toEqual(made);
    process.env.SUPABASE_JWT_SIGNING_KEY = JSON.stringify({ ...made, x: config.signingKey.x, y: config.signingKey.y });
    expect(() => loadConfig({ dataDir: dir })).toThrow(/not the public half/);
    process.env.SUPABASE_JWT_SIGNING_KEY = JSON.stringify({ kty: 'RSA', kid: 'r' });
    expect(() => loadConfig({ dataDir: dir })).toThrow(/only ES256 keys/);
    process.env.SUPABASE_JWT_SIGNING_KEY = 'not json';
    expect(() => loadConfig({ dataDir: dir })).toThrow(/must be a JWK as JSON/);
    reset();
  });

  it('a saved key file that holds no usable key is an error, never silently replaced', () => {
    reset();
    const dir = fresh();
    fs.writeFileSync(path.join(dir, 'secret-key.json'), JSON.stringify({ secretKey: 'sb_secret_x' }));
    expect(() => loadConfig({ host: '0.0.0.0', dataDir: dir })).toThrow(/secret-key.json is unreadable/);
  });
});
