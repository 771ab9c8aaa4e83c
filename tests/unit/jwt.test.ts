import { createHmac, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JwtError, signJwt, signJwtEs256, verifyJwt, type Es256Key } from '../../supabase/local/auth/jwt.ts';

const SECRET = 'unit-test-secret-with-at-least-32-characters';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function expectJwtError(fn: () => unknown, pattern: RegExp, expired = false) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(JwtError);
    expect((e as JwtError).message).toMatch(pattern);
    expect((e as JwtError).expired).toBe(expired);
    return;
  }
  throw new Error('expected verifyJwt to throw');
}

describe('signJwt / verifyJwt', () => {
  it('round-trips claims with an HS256 header', () => {
    const claims = { sub: 'abc', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60, nested: { a: [1] } };
    const token = signJwt(claims, SECRET);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verifyJwt(token, SECRET)).toEqual(claims);
  });

  it('accepts a token without exp', () => {
    expect(verifyJwt(signJwt({ role: 'anon' }, SECRET), SECRET)).toEqual({ role: 'anon' });
  });

  it('rejects a token signed with another secret', () => {
    const token = signJwt({ role: 'service_role' }, 'another-secret-of-sufficient-length-123');
    expectJwtError(() => verifyJwt(token, SECRET), /InvalidSignature/);
  });

  it('rejects a token whose payload was altered after signing', () => {
    const [h, , s] = signJwt({ role: 'anon' }, SECRET).split('.');
    expectJwtError(() => verifyJwt(`${h}.${b64({ role: 'service_role' })}.${s}`, SECRET), /InvalidSignature/);
  });

  it('rejects an expired token, beyond the 30 s leeway', () => {
    const now = 1_800_000_000;
    const token = signJwt({ exp: now - 31 }, SECRET);
    expectJwtError(() => verifyJwt(token, SECRET, now), /JWT expired/, true);
    // Within the leeway PostgREST tolerates, it still passes.
    expect(verifyJwt(signJwt({ exp: now - 29 }, SECRET), SECRET, now)).toEqual({ exp: now - 29 });
  });

  it('rejects alg "none", even without a signature', () => {
    const body = b64({ role: 'service_role' });
    expectJwtError(() => verifyJwt(`${b64({ alg: 'none', typ: 'JWT' })}.${body}.`, SECRET), /InvalidSignature/);
  });

  it('rejects another algorithm even when the HMAC is right', () => {
    const header = b64({ alg: 'HS512', typ: 'JWT' });
    const payload = b64({ role: 'anon' });
    const sig = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expectJwtError(() => verifyJwt(`${header}.${payload}.${sig}`, SECRET), /InvalidSignature/);
  });

  it('rejects malformed tokens', () => {
    expectJwtError(() => verifyJwt('not-a-jwt', SECRET), /Expected 3 parts/);
    expectJwtError(() => verifyJwt('a.b', SECRET), /Expected 3 parts/);
    expectJwtError(() => verifyJwt('!!!.@@@.###', SECRET), /CompactDecodeError/);
  });

  it('rejects a correctly signed payload that is not an object', () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const payload = b64([1, 2]);
    const sig = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expectJwtError(() => verifyJwt(`${header}.${payload}.${sig}`, SECRET), /claims must be an object/);
  });
});

function es256Key(kid: string): Es256Key {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { kid, privateKey, publicKey };
}

describe('ES256 tokens (asymmetric signing keys)', () => {
  const key = es256Key('key-1');
  const keys = { secret: SECRET, es256: [{ kid: key.kid, publicKey: key.publicKey }] };
  const claims = { sub: 'user-1', role: 'authenticated' };

  it('carry alg ES256 and the kid, and verify with the public key alone', () => {
    const token = signJwtEs256(claims, key);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: 'key-1',
      typ: 'JWT',
    });
    // JWS form: the raw 64-byte r‖s pair, not DER.
    expect(Buffer.from(token.split('.')[2]!, 'base64url')).toHaveLength(64);
    expect(verifyJwt(token, keys)).toEqual(claims);
  });

  it('HS256 tokens of the same project still verify next to them', () => {
    expect(verifyJwt(signJwt(claims, SECRET), keys)).toEqual(claims);
  });

  it.each([
    ['another key under the same kid', () => signJwtEs256(claims, { ...es256Key('key-1') })],
    ['another key under its own kid', () => signJwtEs256(claims, es256Key('key-2'))],
  ])('a token signed with %s is refused', (_, make) => {
    expectJwtError(() => verifyJwt(make(), keys), /InvalidSignature/);
  });

  it('a kid that is not ours is refused even when the signature is by our key', () => {
    const [, p] = signJwtEs256(claims, key).split('.');
    const h = b64({ alg: 'ES256', kid: 'unknown', typ: 'JWT' });
    const sig = sign('sha256', Buffer.from(`${h}.${p}`), { key: key.privateKey!, dsaEncoding: 'ieee-p1363' });
    expectJwtError(() => verifyJwt(`${h}.${p}.${sig.toString('base64url')}`, keys), /InvalidSignature/);
  });

  it('a token without a kid is checked against each key', () => {
    const h = b64({ alg: 'ES256', typ: 'JWT' });
    const p = b64(claims);
    const sig = sign('sha256', Buffer.from(`${h}.${p}`), { key: key.privateKey!, dsaEncoding: 'ieee-p1363' });
    expect(verifyJwt(`${h}.${p}.${sig.toString('base64url')}`, keys)).toEqual(claims);
  });

  it('refuses alg confusion: HS256 with the public key (PEM or JWK) as the HMAC secret', () => {
    const pem = createPublicKey(key.privateKey!).export({ format: 'pem', type: 'spki' }).toString();
    const jwk = JSON.stringify(createPublicKey(key.privateKey!).export({ format: 'jwk' }));
    for (const secret of [pem, jwk]) {
      const h = b64({ alg: 'HS256', kid: 'key-1', typ: 'JWT' });
      const p = b64({ ...claims, role: 'service_role' });
      const sig = createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url');
      expectJwtError(() => verifyJwt(`${h}.${p}.${sig}`, keys), /InvalidSignature/);
    }
  });

  it('refuses a DER-encoded signature, alg none and algorithms it does not use', () => {
    const [h, p] = signJwtEs256(claims, key).split('.');
    const der = sign('sha256', Buffer.from(`${h}.${p}`), key.privateKey!).toString('base64url');
    expectJwtError(() => verifyJwt(`${h}.${p}.${der}`, keys), /InvalidSignature/);
    expectJwtError(() => verifyJwt(`${b64({ alg: 'none', kid: 'key-1' })}.${p}.`, keys), /InvalidSignature/);
    for (const alg of ['ES384', 'RS256', 'EdDSA', 'es256']) {
      const head = b64({ alg, kid: 'key-1', typ: 'JWT' });
      const sig = sign('sha256', Buffer.from(`${head}.${p}`), { key: key.privateKey!, dsaEncoding: 'ieee-p1363' });
      expectJwtError(() => verifyJwt(`${head}.${p}.${sig.toString('base64url')}`, keys), /InvalidSignature/);
    }
  });

  it('an ES256 token is refused where only the HS256 secret is trusted (signed URLs)', () => {
    expectJwtError(() => verifyJwt(signJwtEs256(claims, key), SECRET), /InvalidSignature/);
  });

  it('expiry applies as for HS256', () => {
    const now = Math.floor(Date.now() / 1000);
    expectJwtError(() => verifyJwt(signJwtEs256({ exp: now - 31 }, key), keys, now), /JWT expired/, true);
  });

  it('needs the private half to sign', () => {
    expect(() => signJwtEs256(claims, { kid: 'k', publicKey: key.publicKey })).toThrow(/no private half/);
  });
});
