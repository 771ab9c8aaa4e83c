/**
 * The API gateway's key check, in front of /rest/v1, /auth/v1 and /storage/v1 as hosted Supabase
 * runs it:
 * - every request carries an API key in `apikey` (a request with only a bearer JWT is let through
 *   to the service, which verifies it);
 * - the publishable key stands for anon and a secret key for service_role. They are not JWTs: when
 *   `Authorization` is absent or repeats the key (supabase-js sends `Bearer <key>` until someone
 *   signs in), the gateway forwards a short-lived JWT of the key's role instead; a signed-in
 *   user's JWT is passed on untouched and decides the role;
 * - a secret key from a browser is refused (401) whatever it asks for;
 * - the legacy JWT keys work unless the project disabled them (`legacyKeys: false`), then 401.
 */
import type { IncomingMessage } from 'node:http';
import type { ServerConfig } from '../config.ts';
import { KEY_ROLE, apiKeyKind, isBrowserUserAgent, type KeyRole } from '../auth/api-keys.ts';
import { gatewayToken, verifyAccessToken } from '../auth/signing-keys.ts';
import { bearerToken, headerValue } from './util.ts';

interface GatewayRefusal {
  status: 401;
  body: { message: string; hint?: string };
  /** The gateway's `sb-error-code` header, where hosted Supabase is known to send one. */
  code?: string;
}

export type GatewayVerdict = { ok: true; role?: KeyRole } | { ok: false; refusal: GatewayRefusal };

const refuse = (message: string, hint?: string, code?: string): GatewayVerdict => ({
  ok: false,
  refusal: { status: 401, body: hint ? { message, hint } : { message }, ...(code ? { code } : {}) },
});

const INVALID = refuse('Invalid API key', undefined, 'UNAUTHORIZED_INVALID_API_KEY');

/**
 * Judges a request's API key. `role` is set when the key is a publishable or secret key whose
 * role the gateway forwards as a JWT (see applyGatewayToken).
 */
export function checkApiKey(req: IncomingMessage, config: ServerConfig): GatewayVerdict {
  const bearer = bearerToken(req);
  // supabase-js always sends both; a bare `Authorization: Bearer sb_…` is taken as the key too.
  const key = headerValue(req, 'apikey') ?? (bearer && apiKeyKind(bearer) ? bearer : undefined);
  if (!key) {
    return req.headers.authorization
      ? { ok: true }
      : refuse('No API key found in request', 'No `apikey` request header or url param was found.');
  }
  const kind = apiKeyKind(key);
  if (kind) {
    if (key !== (kind === 'publishable' ? config.publishableKey : config.secretKey)) return INVALID;
    if (kind === 'secret' && isBrowserUserAgent(headerValue(req, 'user-agent'))) {
      return refuse(
        'Forbidden use of secret API key in browser',
        'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
        'UNAUTHORIZED_INVALID_API_KEY_TYPE',
      );
    }
    const forwarded = !req.headers.authorization || bearer === key;
    return forwarded ? { ok: true, role: KEY_ROLE[kind] } : { ok: true };
  }
  // Anything else must be a JWT of this project: the legacy anon / service_role keys.
  if (key !== config.anonKey && key !== config.serviceRoleKey) {
    try {
      verifyAccessToken(key, config);
    } catch {
      return INVALID;
    }
  }
  if (!config.legacyKeys) {
    return refuse(
      'Legacy API keys are disabled',
      'Your legacy API keys (anon, service_role) are disabled. Re-enable them (SUPABASE_LEGACY_API_KEYS), or use the new publishable and secret API keys.',
    );
  }
  return { ok: true };
}

/**
 * Puts the JWT of a publishable or secret key's role in `Authorization`, where the services
 * (PostgREST, GoTrue, Storage) read the caller from, as the hosted gateway forwards it.
 */
export function applyGatewayToken(req: IncomingMessage, config: ServerConfig, role: KeyRole): void {
  req.headers.authorization = `Bearer ${gatewayToken(config, role)}`;
}
