/**
 * JSON Web Tokens as Supabase Auth issues them and PostgREST, Storage and Auth verify them: HS256
 * with the legacy JWT secret, and ES256 (NIST P-256) with an asymmetric signing key identified by
 * its `kid`, whose public half the JWKS endpoint publishes. Node's crypto is enough; no
 * dependency needed for two algorithms.
 */
import { createHmac, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { exp?: number; role?: string; sub?: string };

/** An ES256 key: `privateKey` signs, `publicKey` verifies tokens whose header names `kid`. */
export interface Es256Key {
  kid: string;
  publicKey: KeyObject;
  privateKey?: KeyObject;
}

/** Everything a token may be signed with: the legacy secret (HS256) and the ES256 keys. */
export interface JwtKeys {
  secret: string;
  es256: readonly Es256Key[];
}

const b64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

/** HS256 with the shared secret: the legacy keys, and every token when signing stays HS256. */
export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** ES256 with the key's `kid` in the header, as Supabase Auth signs with an asymmetric key. */
export function signJwtEs256(claims: JwtClaims, key: Es256Key): string {
  if (!key.privateKey) throw new Error(`signing key ${key.kid} has no private half`);
  const header = b64url(JSON.stringify({ alg: 'ES256', kid: key.kid, typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  // JWS wants the raw r‖s pair (RFC 7518 §3.4), not the DER form Node defaults to.
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${header}.${payload}.${b64url(signature)}`;
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
const INVALID_SIGNATURE = 'JWSError JWSInvalidSignature';

function hs256Valid(signed: string, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(signed).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function es256Valid(signed: string, signature: string, kid: unknown, keys: readonly Es256Key[]): boolean {
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== 64) return false;
  // A token names its key; one without a kid is tried against each (PostgREST's JWKS rule).
  const candidates = kid === undefined ? keys : keys.filter((k) => k.kid === kid);
  return candidates.some((k) =>
    verify('sha256', Buffer.from(signed), { key: k.publicKey, dsaEncoding: 'ieee-p1363' }, given),
  );
}

/**
 * Verifies signature, algorithm and expiry. `keys` is the HS256 secret alone or the project's
 * keys: the header's `alg` picks HS256 (the secret, never a public key: no algorithm confusion)
 * or ES256 (a public key, chosen by `kid`); anything else, `none` included, is refused. Throws
 * JwtError with PostgREST's wording ("JWT expired", "JWSError JWSInvalidSignature", …) so
 * callers can forward the message.
 */
export function verifyJwt(token: string, keys: string | JwtKeys, now = Date.now() / 1000): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('Expected 3 parts in JWT; got ' + parts.length);
  const [h, p, s] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown };
  let claims: JwtClaims;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)');
  }
  const { secret, es256 } = typeof keys === 'string' ? { secret: keys, es256: [] } : keys;
  const signed = `${h}.${p}`;
  const valid =
    header?.alg === 'HS256'
      ? hs256Valid(signed, s, secret)
      : header?.alg === 'ES256' && es256Valid(signed, s, header.kid, es256);
  if (!valid) throw new JwtError(INVALID_SIGNATURE);
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new JwtError('JWT claims must be an object');
  }
  if (typeof claims.exp === 'number' && claims.exp + LEEWAY_SECONDS < now) {
    throw new JwtError('JWT expired', true);
  }
  return claims;
}
