/**
 * Supabase's API keys. The publishable key (`sb_publishable_…`, for browsers and apps) stands for
 * the anon role and a secret key (`sb_secret_…`, for servers) for service_role; neither is a JWT,
 * so the API gateway swaps them for a short-lived JWT of that role before a service sees the
 * request (http/gateway.ts). The legacy `anon` / `service_role` keys are long-lived HS256 JWTs
 * signed with the JWT secret; a project can switch them off (`legacyKeys: false`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { signJwt } from './jwt.ts';

const PUBLISHABLE_PREFIX = 'sb_publishable_';
const SECRET_PREFIX = 'sb_secret_';

/**
 * The Supabase CLI's well-known development keys, for 127.0.0.1 only (like the development JWT
 * secret): public values that must never guard real data.
 */
export const DEV_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEV_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export type ApiKeyKind = 'publishable' | 'secret';
export type KeyRole = 'anon' | 'service_role';

const PREFIX: Record<ApiKeyKind, string> = { publishable: PUBLISHABLE_PREFIX, secret: SECRET_PREFIX };

/** A new random key in the hosted shape: prefix, 22 random characters, `_`, an 8-character check. */
export function generateApiKey(kind: ApiKeyKind): string {
  const body = PREFIX[kind] + randomBytes(16).toString('base64url');
  return `${body}_${createHash('sha256').update(body).digest('base64url').slice(0, 8)}`;
}

/** Whether `value` can be a key of this kind: its prefix and enough to be unguessable. */
export function isApiKeyOf(kind: ApiKeyKind, value: string): boolean {
  return value.startsWith(PREFIX[kind]) && /^[A-Za-z0-9_-]{20,}$/.test(value.slice(PREFIX[kind].length));
}

/** Which kind of new key a string claims to be by its prefix, whether or not it is valid. */
export function apiKeyKind(value: string): ApiKeyKind | undefined {
  if (value.startsWith(PUBLISHABLE_PREFIX)) return 'publishable';
  if (value.startsWith(SECRET_PREFIX)) return 'secret';
  return undefined;
}

export const KEY_ROLE: Record<ApiKeyKind, KeyRole> = { publishable: 'anon', secret: 'service_role' };

/** Signs the long-lived legacy API keys Supabase issues (role anon / service_role). */
export function makeLegacyApiKey(secret: string, role: KeyRole): string {
  // Same shape as the CLI's keys: iss "supabase-demo", far-future expiry.
  return signJwt({ iss: 'supabase-demo', role, exp: 1983812996 }, secret);
}

/**
 * Hosted Supabase refuses a secret key from a browser, "matching on the User-Agent header": every
 * browser's starts with `Mozilla/` (so do some server runtimes', which then cannot use one).
 */
export function isBrowserUserAgent(userAgent: string | undefined): boolean {
  return !!userAgent && /^\s*Mozilla\//i.test(userAgent);
}
