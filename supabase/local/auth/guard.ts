/**
 * Who is calling an auth route, as GoTrue's requireAuthentication / requireAdmin decide it
 * (internal/api/auth.go): a Bearer JWT signed with one of the project's keys, whose `sub` user and
 * `session_id` session must still exist, or — for /admin — whose role is an admin role.
 */
import type { IncomingMessage } from 'node:http';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/engine.ts';
import { bearerToken } from '../http/util.ts';
import { JwtError, type JwtClaims } from './jwt.ts';
import { verifyAccessToken } from './signing-keys.ts';
import { AuthError } from './errors.ts';
import { findUserById, isUuid, type UserRow } from './users.ts';

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  /** Absent for tokens without a session_id claim (e.g. hand-made ones). */
  sessionId: string | undefined;
}

const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** Go's jwt library words its failures differently from ours; keep GoTrue's phrasing. */
function describe(e: JwtError): string {
  if (e.expired) return 'token has invalid claims: token is expired';
  if (/Signature/.test(e.message)) return 'token signature is invalid: signature is invalid';
  return `token is malformed: ${e.message}`;
}

function verifiedClaims(req: IncomingMessage, config: ServerConfig): JwtClaims {
  const token = bearerToken(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return verifyAccessToken(token, config);
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${describe(e)}`);
  }
}

export async function authenticate(db: Queryable, config: ServerConfig, req: IncomingMessage): Promise<Caller> {
  const claims = verifiedClaims(req, config);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');

  let sessionId: string | undefined;
  const sid = claims.session_id;
  if (typeof sid === 'string' && sid !== '' && sid !== NIL_UUID) {
    if (!isUuid(sid)) throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const found = await db.query('select 1 from auth.sessions where id = $1', [sid]);
    if (found.rows.length === 0) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    sessionId = sid;
  }
  if (user.banned === 'true') throw new AuthError(403, 'user_banned', 'User is banned');
  return { claims, user, sessionId };
}

/** A secret key, the legacy service-role key or any JWT with an admin role may use /admin. */
export function requireAdmin(req: IncomingMessage, config: ServerConfig): JwtClaims {
  const claims = verifiedClaims(req, config);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.includes(claims.role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
  return claims;
}
