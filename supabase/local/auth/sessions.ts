/**
 * Sessions, refresh tokens and access tokens, after supabase/auth internal/tokens/service.go.
 *
 * A session is one auth.sessions row; its refresh tokens form a chain (each new token's `parent`
 * is the one it replaced). Refresh tokens are GoTrue's v1 format: 12 random lower-case
 * alphanumerics. Access tokens are JWTs carrying the claims PostgREST and RLS read, signed with
 * the project's current signing key (auth/signing-keys.ts: HS256, or ES256 with its `kid`).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { ServerConfig } from '../config.ts';
import type { Engine, Queryable } from '../db/engine.ts';
import { signAccessToken } from './signing-keys.ts';
import { AuthError, validationFailed } from './errors.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

export type AuthMethod = 'password' | 'otp';

export interface SessionReply {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { reasons: string[]; message: string };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const REFRESH_TOKEN_RE = /^[a-z0-9]{12}$/;

function newRefreshToken(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** Signs the access token for a session and wraps it in GoTrue's token response. */
async function sessionReply(
  db: Queryable,
  config: ServerConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionReply> {
  const amr = await db.query<{ method: string; at: string }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::text as at
      from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + config.jwtExpiry;
  const json = userJson(user);
  const accessToken = signAccessToken(
    {
      iss: `${config.publicUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: json.app_metadata,
      user_metadata: json.user_metadata,
      role: user.role || 'authenticated',
      aal: 'aal1',
      amr: amr.rows.map((r) => ({ method: r.method, timestamp: Number(r.at) })),
      session_id: sessionId,
      is_anonymous: json.is_anonymous,
    },
    config,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: json,
  };
}

async function touchSignIn(db: Queryable, userId: string): Promise<UserRow> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [userId]);
  const user = await findUserById(db, userId);
  if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error loading user');
  return user;
}

/** Starts a new session for a user who just proved who they are (password or e-mail link/OTP). */
export async function issueSession(
  db: Queryable,
  config: ServerConfig,
  userId: string,
  method: AuthMethod,
): Promise<SessionReply> {
  const sessionId = randomUUID();
  const token = newRefreshToken();
  await db.query('insert into auth.sessions (id, user_id, created_at, updated_at) values ($1, $2, now(), now())', [
    sessionId,
    userId,
  ]);
  await db.query('insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)', [
    sessionId,
    method,
  ]);
  await db.query(
    'insert into auth.refresh_tokens (token, user_id, session_id, revoked, parent) values ($1, $2, $3, false, null)',
    [token, userId, sessionId],
  );
  return sessionReply(db, config, await touchSignIn(db, userId), sessionId, token);
}

interface TokenRow {
  id: string;
  token: string;
  revoked: string;
  user_id: string;
  session_id: string | null;
  has_session: string;
  reuse_expired: string;
}

/**
 * The refresh_token grant with GoTrue's rotation rules:
 * - an active token is revoked and replaced by a child token;
 * - a revoked token that is the parent of the session's active token returns that active token
 *   (the client lost the previous answer), whenever it is presented;
 * - any other revoked token is still swapped within `refreshTokenReuseInterval` seconds of its
 *   revocation (concurrent tabs); later it is a replay: every token of the session is revoked
 *   (committed) and the request fails with refresh_token_already_used.
 */
export async function refreshGrant(engine: Engine, config: ServerConfig, refreshToken: string): Promise<SessionReply> {
  if (!REFRESH_TOKEN_RE.test(refreshToken)) throw validationFailed('Refresh token is not valid');
  const outcome = await engine.transaction(async (tx): Promise<SessionReply | AuthError> => {
    const found = await tx.query<TokenRow>(
      `select rt.id::text, rt.token, rt.revoked::text, rt.user_id::text, rt.session_id::text,
          (s.id is not null)::text as has_session,
          (rt.updated_at + make_interval(secs => $2) < now())::text as reuse_expired
        from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
        where rt.token = $1 for update of rt`,
      [refreshToken, config.refreshTokenReuseInterval],
    );
    const row = found.rows[0];
    if (!row) return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (row.has_session !== 'true' || !row.session_id) {
      return new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    const user = await findUserById(tx, row.user_id);
    if (!user) return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (user.banned === 'true') return new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');

    let issued: string | undefined;
    if (row.revoked === 'true') {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [row.session_id],
      );
      if (active.rows[0] && active.rows[0].parent === row.token) {
        issued = active.rows[0].token;
      } else if (row.reuse_expired === 'true') {
        // updated_at is left alone so the family's tokens do not get a fresh reuse window.
        await tx.query('update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false', [
          row.session_id,
        ]);
        return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
    if (!issued) {
      issued = newRefreshToken();
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
      await tx.query(
        'insert into auth.refresh_tokens (token, user_id, session_id, revoked, parent) values ($1, $2, $3, false, $4)',
        [issued, row.user_id, row.session_id, row.token],
      );
    }
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
    return sessionReply(tx, config, await touchSignIn(tx, row.user_id), row.session_id, issued);
  });
  // Errors are returned rather than thrown so the revocation above is committed.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions; their refresh tokens go with them (ON DELETE CASCADE), as in GoTrue. */
export async function logout(db: Queryable, userId: string, sessionId: string | undefined, scope: LogoutScope) {
  if (sessionId && scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (sessionId && scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
    await db.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
  }
}
