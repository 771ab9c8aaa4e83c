/**
 * Who a request is, and the transaction it runs in, exactly as PostgREST sets it up: the role
 * from the JWT's `role` claim (anon without a JWT), `request.jwt.claims` and friends as
 * transaction-local settings, then the caller's statements. Postgres enforces grants and RLS.
 */
import type { IncomingMessage } from 'node:http';
import { JwtError, type JwtClaims } from '../auth/jwt.ts';
import { verifyAccessToken, type TokenKeys } from '../auth/signing-keys.ts';
import { bearerToken, headersJson } from '../http/util.ts';
import type { Engine, Queryable } from './engine.ts';

/** The only roles a request may switch to: the members of `authenticator` in Supabase. */
const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export interface RequestAuth {
  role: ApiRole;
  claims: JwtClaims;
  /** The JWT exactly as sent, when there was one. */
  token?: string;
}

export class AuthFailure extends Error {
  readonly expired: boolean;
  readonly badRole: boolean;
  constructor(message: string, expired: boolean, badRole = false) {
    super(message);
    this.expired = expired;
    this.badRole = badRole;
  }
}

/**
 * Resolves the caller from `Authorization: Bearer` (where the gateway put the JWT of a publishable
 * or secret key); throws AuthFailure for a bad or expired JWT.
 */
export function resolveRequestAuth(req: IncomingMessage, config: TokenKeys): RequestAuth {
  const token = bearerToken(req);
  if (!token) return { role: 'anon', claims: { role: 'anon' } };
  let claims: JwtClaims;
  try {
    claims = verifyAccessToken(token, config);
  } catch (e) {
    if (e instanceof JwtError) throw new AuthFailure(e.message, e.expired);
    throw e;
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!(API_ROLES as readonly string[]).includes(role)) {
    throw new AuthFailure(`permission denied to set role "${role}"`, false, true);
  }
  return { role: role as ApiRole, claims, token };
}

export interface RequestInfo {
  method: string;
  path: string;
  req?: IncomingMessage;
  readOnly?: boolean;
  /** Statement timeout per role in ms (config.statementTimeouts); absent = none. */
  timeouts?: Record<ApiRole, number>;
  /** A timeout that replaces the role's: an RPC function's own `set statement_timeout`. */
  statementTimeoutMs?: number;
}

/**
 * Runs `fn` in one transaction under the request's role and claims, with the role's statement
 * timeout (PostgREST applies the impersonated role's `statement_timeout` the same way).
 */
export async function runAsRequest<T>(
  engine: Engine,
  auth: RequestAuth,
  info: RequestInfo,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const statementTimeoutMs = info.statementTimeoutMs ?? info.timeouts?.[auth.role] ?? 0;
  return engine.transaction(
    async (tx) => {
      if (info.readOnly) await tx.exec('set transaction read only');
      await tx.query(
        `select set_config('search_path', 'public, extensions', true),
                set_config('role', $1, true),
                set_config('request.jwt.claims', $2, true),
                set_config('request.method', $3, true),
                set_config('request.path', $4, true),
                set_config('request.headers', $5, true),
                set_config('timezone', 'UTC', true)`,
        [auth.role, JSON.stringify(auth.claims), info.method, info.path, info.req ? headersJson(info.req) : '{}'],
      );
      return fn(tx);
    },
    { statementTimeoutMs },
  );
}
