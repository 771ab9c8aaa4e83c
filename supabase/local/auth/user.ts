/**
 * The signed-in user's own routes, after supabase/auth internal/api/{user,logout}.go:
 * GET /user, PUT /user, POST /logout.
 */
import { type AuthRequest, obj, readJsonBody, str } from './body.ts';
import { send } from '../http/util.ts';
import { API_VERSION_HEADERS, AuthError, sendAuthJson, validationFailed, weakPassword } from './errors.ts';
import { authenticate } from './guard.ts';
import { sendVerificationMail } from './mail.ts';
import { resolveRedirect } from './redirects.ts';
import { logout as endSessions, type LogoutScope } from './sessions.ts';
import {
  emailProblem,
  findUserByEmail,
  findUserById,
  hasPassword,
  mergeMetadata,
  passwordMatches,
  setPassword,
  userJson,
} from './users.ts';

export async function getUser(r: AuthRequest): Promise<void> {
  const caller = await authenticate(r.ctx.engine, r.ctx.config, r.req);
  sendAuthJson(r.res, 200, userJson(caller.user));
}

export async function updateUser(r: AuthRequest): Promise<void> {
  const { config, engine } = r.ctx;
  const caller = await authenticate(engine, config, r.req);
  const body = await readJsonBody(r);
  const password = str(body, 'password');
  const email = str(body, 'email')?.toLowerCase();
  const data = obj(body, 'data');
  if (str(body, 'phone')) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (obj(body, 'app_metadata')) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (email) {
    const problem = emailProblem(email);
    if (problem) throw validationFailed(problem);
  }
  if (password !== undefined && password.length < config.minPasswordLength) {
    throw weakPassword(config.minPasswordLength);
  }
  const user = caller.user;
  const changesEmail = !!email && email !== user.email;
  if (changesEmail) {
    const other = await findUserByEmail(engine, email);
    if (other && other.id !== user.id) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
  }
  const redirectTo = resolveRedirect(config, r.req, r.url.searchParams.get('redirect_to'));

  const updated = await engine.transaction(async (tx) => {
    if (password !== undefined) {
      if ((await hasPassword(tx, user.id)) && (await passwordMatches(tx, user.id, password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      await setPassword(tx, user.id, password, config.bcryptCost);
      // A new password ends every other session of the user (GoTrue's LogoutAllExceptMe).
      await endSessions(tx, user.id, caller.sessionId, caller.sessionId ? 'others' : 'global');
    }
    if (data) await mergeMetadata(tx, user.id, 'raw_user_meta_data', data);
    if (changesEmail) {
      // Single-confirmation e-mail change: one link, to the new address, applies the change
      // (GoTrue with secure e-mail change off). Until then the user keeps the old address and
      // shows the pending one as `new_email`.
      await sendVerificationMail(tx, config, { userId: user.id, recipient: email, kind: 'email_change', redirectTo });
    }
    return (await findUserById(tx, user.id))!;
  });
  sendAuthJson(r.res, 200, userJson(updated));
}

export async function logout(r: AuthRequest): Promise<void> {
  const raw = r.url.searchParams.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(raw)) {
    throw validationFailed(`Unsupported logout scope "${raw}"`);
  }
  const scope = (raw || 'global') as LogoutScope;
  const caller = await authenticate(r.ctx.engine, r.ctx.config, r.req);
  await r.ctx.engine.transaction((tx) => endSessions(tx, caller.user.id, caller.sessionId, scope));
  send(r.res, 204, null, API_VERSION_HEADERS);
}
