/**
 * E-mail link flows, after supabase/auth internal/api/{verify,recover,resend}.go:
 * GET /verify (the link in the mail: redirects with the session in the URL fragment),
 * POST /verify (token_hash, or e-mail + 6-digit OTP: answers the session as JSON),
 * POST /recover and POST /resend (send mails; always `{}` so addresses cannot be probed).
 * Only the implicit flow is offered; PKCE (`pkce_` tokens, `?code=`) is not.
 */
import type { Queryable } from '../db/engine.ts';
import { type AuthRequest, readJsonBody, str } from './body.ts';
import { send } from '../http/util.ts';
import { API_VERSION_HEADERS, AuthError, sendAuthJson, sendAuthError, validationFailed } from './errors.ts';
import { OTP_TTL_SECONDS, TOKEN_COLUMNS, sendVerificationMail, tokenHash } from './mail.ts';
import { resolveRedirect, withFragment } from './redirects.ts';
import { issueSession, type SessionReply } from './sessions.ts';
import {
  applyEmailChange,
  confirmEmail,
  emailProblem,
  findUserByEmail,
  findUserByEmailChange,
  findUserByToken,
  userTokens,
  type UserRow,
} from './users.ts';

type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';
const VERIFY_TYPES: readonly string[] = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'];

const linkExpired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
const otpExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** Finds the user a token hash belongs to; type `email` means "signup or magic link". */
async function userForTokenHash(db: Queryable, type: VerifyType, hash: string): Promise<[UserRow, VerifyType]> {
  const lookup = async (kind: keyof typeof TOKEN_COLUMNS) => {
    const c = TOKEN_COLUMNS[kind];
    return findUserByToken(db, c.token, c.sent, hash, OTP_TTL_SECONDS);
  };
  let user: UserRow | undefined;
  let effective = type;
  if (type === 'email') {
    user = await lookup('signup');
    effective = 'signup';
    if (!user) [user, effective] = [await lookup('recovery'), 'magiclink'];
  } else {
    user = await lookup(type === 'invite' ? 'signup' : type);
  }
  if (!user) throw linkExpired();
  return [user, effective];
}

/** The e-mail + OTP variant: recompute the hash from the address and compare with the user's. */
async function userForOtp(db: Queryable, type: VerifyType, email: string, otp: string): Promise<[UserRow, VerifyType]> {
  const lower = email.toLowerCase();
  // An e-mail change OTP is bound to the new address (GoTrue also accepts the current one).
  const user =
    (type === 'email_change' ? await findUserByEmailChange(db, lower) : undefined) ??
    (await findUserByEmail(db, lower, true));
  if (!user) throw otpExpired();
  const hash = tokenHash(lower, otp);
  const tokens = await userTokens(db, user.id, OTP_TTL_SECONDS);
  if ((type === 'signup' || type === 'invite') && tokens.confirmation === hash) return [user, 'signup'];
  if ((type === 'recovery' || type === 'magiclink') && tokens.recovery === hash) return [user, type];
  if (type === 'email_change' && tokens.email_change === hash) return [user, type];
  if (type === 'email' && tokens.confirmation === hash) return [user, 'signup'];
  if (type === 'email' && tokens.recovery === hash) return [user, 'magiclink'];
  throw otpExpired();
}

/** Consumes the one-time token (it is cleared) and opens a session. */
async function complete(r: AuthRequest, db: Queryable, user: UserRow, type: VerifyType): Promise<SessionReply> {
  if (user.banned === 'true') throw new AuthError(403, 'user_banned', 'User is banned');
  if (type === 'signup' || type === 'invite') {
    await confirmEmail(db, user.id);
  } else if (type === 'recovery' || type === 'magiclink') {
    await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
    if (!user.email_confirmed_at) await confirmEmail(db, user.id);
  } else if (type === 'email_change') {
    // Single confirmation: the link sent to the new address is enough (GoTrue with
    // MAILER_SECURE_EMAIL_CHANGE_ENABLED=false); no second link goes to the old address.
    if (!user.email_change) throw linkExpired();
    await applyEmailChange(db, user.id, user.email_change);
  }
  return issueSession(db, r.ctx.config, user.id, 'otp');
}

function checkType(type: string | undefined | null): VerifyType {
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!VERIFY_TYPES.includes(type)) throw validationFailed('Invalid email verification type');
  return type as VerifyType;
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

export async function verifyGet(r: AuthRequest): Promise<void> {
  const q = r.url.searchParams;
  const { config, engine } = r.ctx;
  const redirectTo = resolveRedirect(config, r.req, q.get('redirect_to'));
  const hash = q.get('token');
  // Malformed requests are answered as JSON errors, like GoTrue; only verification failures redirect.
  let type: VerifyType;
  try {
    if (!q.get('type')) throw validationFailed('Verify requires a verification type');
    if (!hash) throw validationFailed('Verify requires a token or a token hash');
    type = checkType(q.get('type'));
  } catch (e) {
    if (e instanceof AuthError) return sendAuthError(r.req, r.res, e);
    throw e;
  }
  let location: string;
  try {
    const session = await engine.transaction(async (tx) => {
      const [user, effective] = await userForTokenHash(tx, type, hash);
      return { reply: await complete(r, tx, user, effective), effective };
    });
    const s = session.reply;
    location = withFragment(redirectTo, {
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      sb: '',
      token_type: 'bearer',
      type: session.effective,
    });
  } catch (e) {
    if (!(e instanceof AuthError)) throw e;
    const params: Record<string, string> = { error_code: e.code, error_description: e.message, sb: '' };
    const oauth = OAUTH_ERRORS[e.status];
    if (oauth) params.error = oauth;
    location = withFragment(redirectTo, params);
  }
  send(r.res, 303, null, { ...API_VERSION_HEADERS, Location: location });
}

export async function verifyPost(r: AuthRequest): Promise<void> {
  const body = await readJsonBody(r);
  const type = checkType(str(body, 'type'));
  const otp = str(body, 'token');
  const hash = str(body, 'token_hash');
  const email = str(body, 'email');
  if ((!otp && !hash) || (otp && hash)) throw validationFailed('Verify requires either a token or a token hash');
  if (hash && (email || str(body, 'phone') || str(body, 'redirect_to'))) {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  if (otp) {
    if (!email) throw validationFailed('Only an email address or phone number should be provided on verify');
    if (emailProblem(email)) throw new AuthError(422, 'validation_failed', 'Invalid email format');
  }
  const reply = await r.ctx.engine.transaction(async (tx) => {
    const [user, effective] = otp ? await userForOtp(tx, type, email!, otp) : await userForTokenHash(tx, type, hash!);
    return complete(r, tx, user, effective);
  });
  sendAuthJson(r.res, 200, reply);
}

export async function recover(r: AuthRequest): Promise<void> {
  const { config, engine } = r.ctx;
  const body = await readJsonBody(r);
  const email = str(body, 'email');
  if (!email) throw validationFailed('Password recovery requires an email');
  const problem = emailProblem(email);
  if (problem) throw validationFailed(problem);
  const redirectTo = resolveRedirect(config, r.req, r.url.searchParams.get('redirect_to'));
  await engine.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    if (!user?.email) return;
    try {
      await sendVerificationMail(tx, config, { userId: user.id, recipient: user.email, kind: 'recovery', redirectTo });
    } catch (e) {
      // GoTrue answers 429 here, which tells a stranger the address has an account (an unknown
      // one never hits the limit). The limit still holds (no mail is sent); the answer is `{}`.
      // The check runs before anything is written, so the transaction is still clean.
      if (!(e instanceof AuthError && e.code === 'over_email_send_rate_limit')) throw e;
    }
  });
  sendAuthJson(r.res, 200, {});
}

export async function resend(r: AuthRequest): Promise<void> {
  const { config, engine } = r.ctx;
  const body = await readJsonBody(r);
  const type = str(body, 'type');
  const email = str(body, 'email');
  if (type === 'sms' || type === 'phone_change') {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  if (type !== 'signup' && type !== 'email_change') {
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!email) {
    throw validationFailed(
      type === 'signup' ? 'Type provided requires an email address' : 'Missing email address or phone number',
    );
  }
  const problem = emailProblem(email);
  if (problem) throw validationFailed(problem);
  const redirectTo = resolveRedirect(config, r.req, r.url.searchParams.get('redirect_to'));
  await engine.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    if (!user) return;
    if (type === 'signup' && !user.email_confirmed_at) {
      await sendVerificationMail(tx, config, {
        userId: user.id,
        recipient: user.email ?? email,
        kind: 'signup',
        redirectTo,
      });
    } else if (type === 'email_change' && user.email_change) {
      await sendVerificationMail(tx, config, {
        userId: user.id,
        recipient: user.email_change,
        kind: 'email_change',
        redirectTo,
      });
    }
  });
  sendAuthJson(r.res, 200, {});
}
