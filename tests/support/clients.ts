/**
 * supabase-js clients against the server started by global-setup.ts: the real client, exactly
 * as the app uses it (the publishable key; the secret key for admin work), with session
 * persistence off so tests do not share state.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

export const apiUrl = (): string => inject('apiUrl');

export function anonClient(): SupabaseClient {
  return createClient(inject('apiUrl'), inject('publishableKey'), options);
}

export function serviceClient(): SupabaseClient {
  return createClient(inject('apiUrl'), inject('secretKey'), options);
}

let counter = 0;
/** A unique e-mail address per call, so test files never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Creates a confirmed user through the admin API and returns a client signed in as them. */
export async function signedInClient(
  email = uniqueEmail(),
  password = 'correct-horse-battery',
  userMetadata: Record<string, unknown> = {},
): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }> {
  const admin = serviceClient();
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: userMetadata,
  });
  if (created.error) throw created.error;
  const client = anonClient();
  const signed = await client.auth.signInWithPassword({ email, password });
  if (signed.error) throw signed.error;
  return { client, userId: created.data.user.id, email, password };
}

/** Newest-first messages from the local mailbox for one recipient. */
export async function mailFor(
  email: string,
): Promise<{ subject: string; kind: string; link: string | null; html: string }[]> {
  const res = await fetch(`${inject('apiUrl')}/mailbox/messages?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as { subject: string; kind: string; link: string | null; html: string }[];
}

/**
 * Opens an e-mail link like a browser that does not follow redirects, and returns the auth
 * server's 303 target with its URL-fragment parameters (tokens, or error_code).
 */
export async function followMailLink(
  link: string,
): Promise<{ status: number; location: string; hash: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const hash = new URLSearchParams(location.includes('#') ? location.slice(location.indexOf('#') + 1) : '');
  return { status: res.status, location, hash };
}
