/**
 * The GoTrue (Supabase Auth) part of the local server, mounted at /auth/v1: e-mail + password
 * accounts with confirmation and recovery mails (delivered to the local mailbox), sessions with
 * rotating refresh tokens, and the service-role admin user API.
 *
 * Not offered: phone/SMS, OAuth providers, magic-link / OTP sign-in requests (/otp), PKCE,
 * anonymous users, MFA, SSO, invites, /admin/generate_link, reauthentication and passkeys.
 * Those routes answer 404, which supabase-js reports as an AuthApiError.
 */
import { HttpError } from '../http/util.ts';
import type { Handler } from '../http/context.ts';
import { handleAdmin } from './admin.ts';
import { publicJwks } from './signing-keys.ts';
import type { AuthRequest } from './body.ts';
import { AuthError, sendAuthError, sendAuthJson } from './errors.ts';
import { signup, token } from './signup.ts';
import { getUser, logout, updateUser } from './user.ts';
import { recover, resend, verifyGet, verifyPost } from './verify.ts';

type Route = (r: AuthRequest) => Promise<void>;

function settings(r: AuthRequest): Promise<void> {
  const external = Object.fromEntries(
    ['anonymous_users', 'apple', 'azure', 'github', 'gitlab', 'google', 'phone', 'email'].map((p) => [
      p,
      p === 'email',
    ]),
  );
  sendAuthJson(r.res, 200, {
    external,
    disable_signup: false,
    mailer_autoconfirm: r.ctx.config.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
  return Promise.resolve();
}

function health(r: AuthRequest): Promise<void> {
  sendAuthJson(r.res, 200, {
    version: 'local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
  return Promise.resolve();
}

/**
 * The JSON Web Key Set that `auth.getClaims()` verifies sessions with. Needs no API key; hosted
 * Supabase's edge caches it for 10 minutes.
 */
function jwks(r: AuthRequest): Promise<void> {
  sendAuthJson(r.res, 200, publicJwks(r.ctx.config), { 'Cache-Control': 'public, max-age=600' });
  return Promise.resolve();
}

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/health': { GET: health },
  '/.well-known/jwks.json': { GET: jwks },
  '/settings': { GET: settings },
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/recover': { POST: recover },
  '/verify': { GET: verifyGet, POST: verifyPost },
  '/resend': { POST: resend },
};

export const handleAuth: Handler = async (ctx, req, res, subpath, url) => {
  const r: AuthRequest = { ctx, req, res, url };
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const path = subpath.length > 1 ? subpath.replace(/\/+$/, '') : subpath;
  try {
    if (path === '/admin' || path.startsWith('/admin/')) return await handleAdmin(r, path.slice('/admin'.length));
    const routes = ROUTES[path];
    if (!routes) throw new AuthError(404, 'not_found', 'Not Found');
    const route = routes[method];
    if (!route) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
    await route(r);
  } catch (e) {
    if (e instanceof AuthError) return sendAuthError(req, res, e);
    if (e instanceof HttpError) return sendAuthError(req, res, new AuthError(e.status, 'validation_failed', e.message));
    throw e;
  }
};
