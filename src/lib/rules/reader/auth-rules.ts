/**
 * The account pages' rules (spec §4, §5), as plain functions the islands and the unit tests share:
 * the password checks of sign-up and reset, where the auth server's tokens arrive, and how a
 * sign-in error is read.
 */
import { MESSAGES } from '../../messages/reader.ts';
import { AUTH } from '../../messages/auth.ts';
import { loginHref, safeRedirect } from './safe-redirect.ts';

/** Password minimum length (§5, §9). */
const PASSWORD_MIN_LENGTH = 6;

/** Login: e-mail and password required (§5). */
export function loginProblem(email: string, password: string): string | null {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!password) return AUTH.passwordRequired;
  return null;
}

/** Register: e-mail required, the minimum length (§9), then 'Passwords do not match' (§5). */
export function registerProblem(email: string, password: string, confirm: string): string | null {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password !== confirm) return MESSAGES.passwordsDoNotMatch;
  return null;
}

/** Reset: the two passwords must match, then the minimum length, in the spec's order (§5). */
export function resetProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return MESSAGES.resetPasswordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}

/** The auth server refuses to sign in an unconfirmed address with 'Email not confirmed' (§5). */
export const isEmailNotConfirmed = (message: string | null | undefined): boolean =>
  /email not confirmed/i.test(message ?? '');

/**
 * Where a login refused for an unconfirmed address goes (§4), keeping the login's same-site
 * `redirect` so a resent confirmation still brings the reader back to their page (issue 28).
 */
export function emailNotVerifiedHref(email: string, redirect?: string | null): string {
  const base = `/email-not-verified?email=${encodeURIComponent(email.trim())}`;
  const target = safeRedirect(redirect, '/');
  return target === '/' ? base : `${base}&redirect=${encodeURIComponent(target)}`;
}

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * The reset link's tokens. The spec reads them from the query string; GoTrue (and the local
 * server, supabase/local/auth/verify.ts) put them in the fragment. Either works, the query first.
 */
export function readAuthTokens(search: string, hash: string): AuthTokens | null {
  for (const raw of [search, hash]) {
    const params = new URLSearchParams(raw.replace(/^[?#]/, ''));
    const accessToken = params.get('access_token');
    const refreshToken = params.get('refresh_token');
    if (accessToken && refreshToken) return { accessToken, refreshToken };
  }
  return null;
}

export interface LinkOutcome {
  /** `signup`, `recovery`, … from a successful link; null when the link failed or is absent. */
  type: string | null;
  /** The auth server's error_description when the link failed (expired, used). */
  error: string | null;
  /** The address, read from the access token's claims (to fill in the login form). */
  email: string | null;
}

/** What an e-mail link's fragment says (`#access_token=…&type=signup` or `#error_description=…`). */
export function readLinkFragment(hash: string): LinkOutcome | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description');
  if (error) return { type: null, error, email: null };
  const token = params.get('access_token');
  if (!token) return null;
  return { type: params.get('type'), error: null, email: emailFromJwt(token) };
}

/** The `email` claim of a JWT (not verified: only used to pre-fill a form). */
export function emailFromJwt(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' && email ? email : null;
  } catch {
    return null;
  }
}

/** The account pages: a Login link on them goes to plain /login (not back to themselves). */
const ACCOUNT_PAGES = /^\/(login|register|forgot-password|reset-password|email-not-verified)(\/|$)/;

/** The header's Login link for the page at `path`: back to that page after signing in. */
export function headerLoginHref(path: string): string {
  // The build renders each page at its directory ('/about/'); the site's URLs have no slash.
  const page = path.replace(/^([^?#]+?)\/+(?=$|[?#])/, '$1');
  return ACCOUNT_PAGES.test(page) || page === '/' ? '/login' : loginHref(page);
}
