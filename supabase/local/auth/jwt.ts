/**
 * HS256 JSON Web Tokens, as GoTrue issues and PostgREST verifies them.
 * Node's crypto is enough; no dependency needed for one algorithm.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { exp?: number; role?: string; sub?: string };

const b64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export class JwtError extends Error {
  readonly expired: boolean;
  constructor(message: string, expired = false) {
    super(message);
    this.expired = expired;
  }
}

/** Clock skew PostgREST tolerates on `exp`. */
const LEEWAY_SECONDS = 30;

/**
 * Verifies signature, algorithm and expiry. Throws JwtError with PostgREST's wording
 * ("JWT expired", "JWSError JWSInvalidSignature", …) so callers can forward the message.
 */
export function verifyJwt(token: string, secret: string, now = Date.now() / 1000): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('Expected 3 parts in JWT; got ' + parts.length);
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: string };
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)');
  }
  if (header.alg !== 'HS256') throw new JwtError('JWSError JWSInvalidSignature');
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('JWSError JWSInvalidSignature');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new JwtError('JWT claims must be an object');
  }
  if (typeof claims.exp === 'number' && claims.exp + LEEWAY_SECONDS < now) {
    throw new JwtError('JWT expired', true);
  }
  return claims;
}
