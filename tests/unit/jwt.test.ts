import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JwtError, signJwt, verifyJwt } from '../../supabase/local/auth/jwt.ts';

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
