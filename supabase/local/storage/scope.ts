/**
 * Who calls Storage and the database scope its queries run in. Like supabase/storage
 * (`src/http/plugins/jwt.ts`, `src/internal/database/postgres/scope.ts`): the JWT is verified,
 * then every query runs in a transaction under the JWT's role with the request settings, so the
 * RLS policies on storage.objects / storage.buckets decide. "Superuser" lookups (bucket limits,
 * public buckets, signed URLs) run as service_role, which bypasses RLS.
 */
import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../http/context.ts';
import { JwtError } from '../auth/jwt.ts';
import { verifyAccessToken } from '../auth/signing-keys.ts';
import type { Queryable } from '../db/engine.ts';
import { AuthFailure, resolveRequestAuth, runAsRequest, type RequestAuth } from '../db/request.ts';
import { headerValue } from '../http/util.ts';
import { errors, fromDbError } from './errors.ts';

export interface Caller {
  auth: RequestAuth;
  /** A valid JWT was presented (Storage's `request.isAuthenticated`). */
  authenticated: boolean;
  /** The JWT `sub`, Storage's object owner. */
  owner: string | undefined;
}

const ANON: RequestAuth = { role: 'anon', claims: { role: 'anon' } };

/**
 * Verifies the caller. `allowInvalidJwt` routes (Storage's GET/HEAD of objects and info)
 * continue as an unauthenticated anon caller instead of failing.
 */
export function resolveCaller(req: IncomingMessage, ctx: AppContext, allowInvalidJwt = false): Caller {
  try {
    let auth = resolveRequestAuth(req, ctx.config);
    let authenticated = auth.token !== undefined;
    if (!authenticated) {
      // Without Authorization, a JWT apikey speaks for the caller (what Kong forwards).
      const apikey = headerValue(req, 'apikey');
      if (apikey && apikey.split('.').length === 3) {
        const claims = verifyAccessToken(apikey, ctx.config);
        const role = claims.role;
        if (role === 'anon' || role === 'authenticated' || role === 'service_role') {
          auth = { role, claims, token: apikey };
          authenticated = true;
        }
      }
    }
    if (!authenticated && !allowInvalidJwt) throw errors.accessDenied('No authorization token was found');
    const sub = auth.claims.sub;
    return { auth, authenticated, owner: typeof sub === 'string' && sub ? sub : undefined };
  } catch (e) {
    if (allowInvalidJwt) return { auth: ANON, authenticated: false, owner: undefined };
    if (e instanceof AuthFailure || e instanceof JwtError) throw errors.accessDenied(e.message);
    throw e;
  }
}

export const SERVICE: Caller = {
  auth: { role: 'service_role', claims: { role: 'service_role' } },
  authenticated: true,
  owner: undefined,
};

/**
 * Runs `fn` in one transaction as the caller, with the settings Storage adds on top of
 * PostgREST's (`request.jwt.claim.sub`, `request.jwt.claim.role`, `request.jwt`).
 * Postgres errors come out as Storage errors.
 */
export async function asCaller<T>(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
  readOnly = false,
): Promise<T> {
  const url = req.url ?? '/';
  try {
    return await runAsRequest(
      ctx.engine,
      caller.auth,
      {
        method: req.method ?? 'GET',
        path: url.split('?')[0] ?? url,
        req,
        readOnly,
        timeouts: ctx.config.statementTimeouts,
      },
      async (tx) => {
        await tx.query(
          `select set_config('request.jwt.claim.role', $1, true),
                  set_config('request.jwt.claim.sub', $2, true),
                  set_config('request.jwt', $3, true)`,
          [caller.auth.role, caller.owner ?? '', caller.auth.token ?? ''],
        );
        return fn(tx);
      },
    );
  } catch (e) {
    throw fromDbError(e) ?? e;
  }
}

/** Storage's "superuser" database access: service_role bypasses RLS. */
export function asService<T>(ctx: AppContext, req: IncomingMessage, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return asCaller(ctx, req, SERVICE, fn);
}

const PROBE = Symbol('probe');

/**
 * Runs `fn` as the caller and rolls it back: Storage's `testPermission`, used to learn whether
 * RLS lets a write through before any bytes are read.
 */
export async function probe(
  ctx: AppContext,
  req: IncomingMessage,
  caller: Caller,
  fn: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  try {
    await asCaller(ctx, req, caller, async (tx) => {
      await fn(tx);
      throw PROBE;
    });
  } catch (e) {
    if (e !== PROBE) throw e;
  }
}
