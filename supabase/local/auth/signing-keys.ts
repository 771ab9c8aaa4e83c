/**
 * The project's JWT signing keys, after Supabase's "JWT Signing Keys": the legacy HS256 secret
 * and an ES256 (P-256) key whose public half `/auth/v1/.well-known/jwks.json` publishes, so
 * `supabase.auth.getClaims()` verifies a session locally. `config.jwtSigning` says which one
 * signs new access tokens; every verifier accepts both, as hosted projects do while a rotation
 * keeps the previous key trusted. With HS256 signing the ES256 key is what hosted calls a standby
 * key: advertised and trusted, not yet used.
 */
import { createECDH, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { signJwt, signJwtEs256, verifyJwt, type Es256Key, type JwtClaims, type JwtKeys } from './jwt.ts';

export type JwtSigning = 'hs256' | 'es256';
export const JWT_SIGNING_MODES: readonly JwtSigning[] = ['hs256', 'es256'];

/** A P-256 private key as a JWK, the form `supabase gen signing-key --algorithm ES256` prints. */
export interface SigningJwk {
  kid: string;
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
}

/**
 * The part of the server's configuration that signs and verifies tokens (config.ts's
 * ServerConfig has these fields): named here so this module needs nothing above it.
 */
export interface TokenKeys {
  /** The legacy HS256 secret. */
  jwtSecret: string;
  /** The ES256 key. */
  signingKey: SigningJwk;
  /** Which of the two signs new tokens. */
  jwtSigning: JwtSigning;
}

/** What the JWKS endpoint lists for a key: its public half, usable by WebCrypto's importKey. */
export interface PublicJwk {
  kid: string;
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  alg: 'ES256';
  use: 'sig';
  key_ops: ['verify'];
  ext: true;
}

/**
 * The development signing key, for 127.0.0.1 only (like the development JWT secret): public, so
 * anyone holding it can mint any role. A reachable stack makes its own (config.ts).
 */
export const DEV_SIGNING_KEY: SigningJwk = {
  kid: '00c0ec67-054f-4ad4-aed4-5edc2d999e91',
  kty: 'EC',
  crv: 'P-256',
  x: 'N65R0O00pEyC2KCH9gocRGmMaqt8u0HMzrfJ4dxKREM',
  y: 'QisLTD-xa9pIOE19pdPx-YDCmuZc8cHWO2phbGVaBA0',
  d: 'ouqILoWRs0WeqQDA34QH4Fx4QR4JdmsPN2XABgiTBR0',
};

export function generateSigningKey(): SigningJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return { kid: randomUUID(), kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d! };
}

/**
 * Reads a signing key given as a JWK (or a JSON array of them, as the CLI's signing_keys_path
 * file holds: the first one signs). x/y must be the public half of `d`, or the JWKS would publish
 * a key that verifies nothing. Throws with `source` named.
 */
export function parseSigningKey(value: unknown, source: string): SigningJwk {
  const jwk = (Array.isArray(value) ? value[0] : value) as Partial<Record<string, unknown>> | undefined;
  const fail = (why: string): never => {
    throw new Error(`${source}: ${why}`);
  };
  if (!jwk || typeof jwk !== 'object') return fail('expected an ES256 private key as a JWK object');
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') return fail('only ES256 keys (kty "EC", crv "P-256") are supported');
  if (typeof jwk.kid !== 'string' || !jwk.kid) return fail('the key needs a "kid"');
  if (typeof jwk.d !== 'string') return fail('the key needs its private part "d"');
  let derived: { x: string; y: string };
  try {
    // The public point d·G (uncompressed: 0x04 ‖ x ‖ y); a JWK import would keep the given x/y.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(jwk.d, 'base64url'));
    const point = ecdh.getPublicKey();
    derived = { x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  } catch (e) {
    return fail(`not a usable P-256 key (${(e as Error).message})`);
  }
  if (derived.x !== jwk.x || derived.y !== jwk.y) return fail('"x"/"y" are not the public half of "d"');
  return { kid: jwk.kid, kty: 'EC', crv: 'P-256', x: derived.x, y: derived.y, d: jwk.d };
}

const es256Keys = new WeakMap<SigningJwk, Es256Key>();

function es256Key(jwk: SigningJwk): Es256Key {
  let key = es256Keys.get(jwk);
  if (!key) {
    const privateKey = createPrivateKey({ key: { ...jwk } as never, format: 'jwk' });
    key = { kid: jwk.kid, privateKey, publicKey: createPublicKey(privateKey) };
    es256Keys.set(jwk, key);
  }
  return key;
}

/** The keys a token of this project may be signed with. */
function jwtKeys(config: TokenKeys): JwtKeys {
  return { secret: config.jwtSecret, es256: [es256Key(config.signingKey)] };
}

/** The JSON Web Key Set: the asymmetric keys' public halves (the HS256 secret is never listed). */
export function publicJwks(config: TokenKeys): { keys: PublicJwk[] } {
  const { kid, x, y } = config.signingKey;
  return {
    keys: [{ kid, kty: 'EC', crv: 'P-256', x, y, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true }],
  };
}

/** Verifies a bearer token (a session, a legacy API key, a gateway token) against both keys. */
export function verifyAccessToken(token: string, config: TokenKeys, now?: number): JwtClaims {
  return verifyJwt(token, jwtKeys(config), now);
}

/** Signs with the key new tokens use: the ES256 key when `jwtSigning` is es256, else the secret. */
export function signAccessToken(claims: JwtClaims, config: TokenKeys): string {
  return config.jwtSigning === 'es256'
    ? signJwtEs256(claims, es256Key(config.signingKey))
    : signJwt(claims, config.jwtSecret);
}

/** Gateway tokens live an hour and are made anew when less than five minutes are left. */
const GATEWAY_TOKEN_SECONDS = 3600;
const GATEWAY_TOKEN_RENEW_SECONDS = 300;
const gatewayTokens = new WeakMap<TokenKeys, Map<string, { token: string; exp: number }>>();

/**
 * The JWT the API gateway hands the services for a publishable or secret key (they are not JWTs
 * themselves): role anon or service_role, short-lived, signed like an access token. One per role,
 * reused until it is close to expiry.
 */
export function gatewayToken(config: TokenKeys, role: 'anon' | 'service_role'): string {
  let byRole = gatewayTokens.get(config);
  if (!byRole) gatewayTokens.set(config, (byRole = new Map()));
  const now = Math.floor(Date.now() / 1000);
  const cached = byRole.get(role);
  if (cached && cached.exp - now > GATEWAY_TOKEN_RENEW_SECONDS) return cached.token;
  const exp = now + GATEWAY_TOKEN_SECONDS;
  const token = signAccessToken({ iss: 'supabase', role, iat: now, exp }, config);
  byRole.set(role, { token, exp });
  return token;
}
