/**
 * The account calls of the reader site (spec §7 "Authentication"), each a small typed function
 * over the one lazily loaded client (`getReaderClient`), so the pages never build calls
 * themselves and supabase-js loads only when a form is used.
 */
import { getReaderClient } from './session.ts';
import { refreshProfile } from './profile.ts';
import { STORAGE_KEYS } from '../../rules/reader/keys.ts';
import type { Json } from '../../database.types.ts';
import { AUTH } from '../../messages/auth.ts';

/** Signs in; throws the auth server's message (§8 'Auth: the service's message text'). */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const client = await getReaderClient();
  const { error } = await client.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw new Error(error.message);
  // The header's role, name and avatar are read now, so the next page shows them at once.
  await refreshProfile().catch(() => null);
}

export interface SignUpInput {
  email: string;
  password: string;
  newsletter: boolean;
  /** Where the confirmation link lands: /login, with the page to return to (default /login). */
  confirmPath?: string;
}

/**
 * Creates the account; the confirmation link brings the reader to /login (see docs/readers.md).
 * With the newsletter box ticked the address is subscribed through `subscribe_newsletter()`,
 * with the user id only when sign-up already opened a session (the function accepts only the
 * caller's own id, and an unconfirmed sign-up has none). A failed subscription is reported to
 * app_errors but does not undo the registration. A failed sign-up is reported and thrown.
 */
export async function signUp({ email, password, newsletter, confirmPath = '/login' }: SignUpInput): Promise<void> {
  const client = await getReaderClient();
  const address = email.trim();
  const { data, error } = await client.auth.signUp({
    email: address,
    password,
    options: { emailRedirectTo: `${window.location.origin}${confirmPath}` },
  });
  if (error) {
    await reportError('signup_error', error.message, error.code ?? null, { status: error.status ?? null });
    throw new Error(error.message);
  }
  if (!newsletter) return;
  const userId = data.session ? data.session.user.id : null;
  const subscribed = await client.rpc('subscribe_newsletter', {
    p_email: address.toLowerCase(),
    p_user_id: userId ?? undefined,
    p_source: 'register',
    p_wording: AUTH.newsletterOptIn,
  });
  if (subscribed.error) {
    await reportError('signup_newsletter_error', subscribed.error.message, subscribed.error.code, {
      details: subscribed.error.details,
    });
  }
}

/** Sends the reset mail; its link opens /reset-password (§7). */
export async function requestPasswordReset(email: string): Promise<void> {
  const client = await getReaderClient();
  const { error } = await client.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw new Error(error.message);
}

/** Opens the reset link's session; false when the server rejects the tokens (§5). */
export async function openResetSession(accessToken: string, refreshToken: string): Promise<boolean> {
  const client = await getReaderClient();
  const { data, error } = await client.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  return !error && !!data.session;
}

/**
 * Sets the new password, then ends the reset session (every session of the account: whoever
 * had the old password is out too), so the reader signs in with the new one on /login.
 */
export async function updatePassword(password: string): Promise<void> {
  const client = await getReaderClient();
  const { error } = await client.auth.updateUser({ password });
  if (error) throw new Error(error.message);
  await client.auth.signOut().catch(() => null);
}

/** Signs out here and on the server (§2: then the page goes to /login). */
export async function signOut(): Promise<void> {
  const client = await getReaderClient();
  const { error } = await client.auth.signOut();
  // The server may already have forgotten the session: make sure this browser does too.
  if (error) await client.auth.signOut({ scope: 'local' }).catch(() => null);
}

function visitorId(): string | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.visitorId);
    const id = raw ? (JSON.parse(raw) as { id?: unknown }).id : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** One row in app_errors (§7: sign-up failures are logged); reporting never throws. */
async function reportError(
  event: string,
  message: string,
  errorCode: string | null,
  details: Record<string, Json | undefined> = {},
): Promise<void> {
  try {
    const client = await getReaderClient();
    await client.from('app_errors').insert({
      event,
      message: message.slice(0, 2000),
      error_code: errorCode,
      details: { ...details, visitor_id: visitorId() },
      user_agent: navigator.userAgent.slice(0, 500),
      referrer: document.referrer.slice(0, 1000) || null,
      path: window.location.pathname,
    });
  } catch {
    // nothing more to do: the reader still sees the message
  }
}
