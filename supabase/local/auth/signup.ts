/**
 * POST /signup and POST /token (password and refresh_token grants), after supabase/auth
 * internal/api/signup.go and token.go.
 */
import { randomUUID } from 'node:crypto';
import { isPgError } from '../db/engine.ts';
import { assertNotThrottled, recordFailure } from './throttle.ts';
import { type AuthRequest, type Body, obj, readJsonBody, str } from './body.ts';
import { AuthError, invalidCredentials, sendAuthJson, userBanned, validationFailed, weakPassword } from './errors.ts';
import { sendVerificationMail } from './mail.ts';
import { resolveRedirect } from './redirects.ts';
import { issueSession, refreshGrant, type SessionReply } from './sessions.ts';
import {
  confirmEmail,
  emailProblem,
  findUserByEmail,
  findUserById,
  insertUser,
  passwordMatches,
  userJson,
  type UserRow,
} from './users.ts';

/** A trigger on auth.users failing is the app's bug; GoTrue answers 500 and logs the cause. */
export function databaseError(message: string, e: unknown): AuthError {
  process.stderr.write(`[auth] ${message}: ${(e as Error).message}\n`);
  return new AuthError(500, 'unexpected_failure', message);
}

/**
 * GoTrue's answer to a sign-up for an already confirmed address when confirmation is on: a
 * plausible user with a random id, so the reply does not reveal that the address is registered.
 */
function obfuscatedUser(user: UserRow, data: Body): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: user.aud ?? 'authenticated',
    role: '',
    email: user.email ?? '',
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function signup(r: AuthRequest): Promise<void> {
  const { config, engine } = r.ctx;
  const body = await readJsonBody(r);
  const email = str(body, 'email')?.toLowerCase();
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  if (!password) throw validationFailed('Signup requires a valid password');
  if (password.length < config.minPasswordLength) throw weakPassword(config.minPasswordLength);
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
  if (phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  if (!email) throw validationFailed('Sign up only available with email provider');
  const problem = emailProblem(email);
  if (problem) throw validationFailed(problem);
  const redirectTo = resolveRedirect(config, r.req, r.url.searchParams.get('redirect_to'));

  let outcome: { existing: UserRow } | { session: SessionReply } | { user: UserRow };
  try {
    outcome = await engine.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email, true);
      if (existing?.email_confirmed_at) return { existing };
      // An unconfirmed address gets a new confirmation mail; like current GoTrue, its password
      // and metadata are not changed, since whoever signs up again has not proved who they are.
      const id =
        existing?.id ??
        (await insertUser(
          tx,
          { email, password, userMetadata: data, confirmed: config.mailerAutoconfirm, standardClaims: true },
          config.bcryptCost,
        ));
      if (config.mailerAutoconfirm) {
        if (existing) await confirmEmail(tx, id);
        return { session: await issueSession(tx, config, id, 'password') };
      }
      await sendVerificationMail(tx, config, { userId: id, recipient: email, kind: 'signup', redirectTo });
      return { user: (await findUserById(tx, id))! };
    });
  } catch (e) {
    if (isPgError(e) && e.code === '23505') outcome = { existing: (await findUserByEmail(engine, email))! };
    else if (isPgError(e)) throw databaseError('Database error saving new user', e);
    else throw e;
  }
  if ('existing' in outcome) {
    if (config.mailerAutoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
    return sendAuthJson(r.res, 200, obfuscatedUser(outcome.existing, data));
  }
  sendAuthJson(r.res, 200, 'session' in outcome ? outcome.session : userJson(outcome.user));
}

async function passwordGrant(r: AuthRequest, body: Body): Promise<SessionReply> {
  const { config, engine } = r.ctx;
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password') ?? '';
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw validationFailed('missing email or phone');
  assertNotThrottled(config, r.req, email);

  const user = await findUserByEmail(engine, email);
  if (!user) {
    recordFailure(config, r.req, email);
    throw invalidCredentials();
  }
  if (user.banned === 'true') throw userBanned();
  // The password is compared inside Postgres with crypt(); a user without one never matches.
  if (!(await passwordMatches(engine, user.id, password))) {
    recordFailure(config, r.req, email);
    throw invalidCredentials();
  }
  // Checked after the password, so the reply does not tell strangers the address exists.
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');

  const session = await engine.transaction((tx) => issueSession(tx, config, user.id, 'password'));
  if (password.length < config.minPasswordLength) {
    session.weak_password = {
      reasons: ['length'],
      message: `Password should be at least ${config.minPasswordLength} characters.`,
    };
  }
  return session;
}

export async function token(r: AuthRequest): Promise<void> {
  const grant = r.url.searchParams.get('grant_type');
  const body = await readJsonBody(r);
  if (grant === 'password') return sendAuthJson(r.res, 200, await passwordGrant(r, body));
  if (grant === 'refresh_token') {
    const refresh = str(body, 'refresh_token') ?? '';
    return sendAuthJson(r.res, 200, await refreshGrant(r.ctx.engine, r.ctx.config, refresh));
  }
  // pkce, id_token, web3, … are not offered by the local server (see handler.ts).
  throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
}
