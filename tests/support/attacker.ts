/**
 * Raw HTTP as an attacker who has read the client bundle: the anon key as `apikey`, a user's
 * access token (or the anon key) as the bearer, and no supabase-js in between, so whatever the
 * client library would refuse to send is sent anyway.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';

export interface Raw {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** The bearer token of a signed-in supabase-js client; null = anonymous (the anon key). */
export async function tokenOf(client: SupabaseClient | null): Promise<string> {
  if (!client) return inject('anonKey');
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client has no session');
  return data.session.access_token;
}

export async function raw(
  who: SupabaseClient | null,
  method: string,
  pathAndQuery: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Raw> {
  const headers: Record<string, string> = {
    apikey: inject('anonKey'),
    authorization: `Bearer ${await tokenOf(who)}`,
    ...init.headers,
  };
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${inject('apiUrl')}${pathAndQuery}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** The rows of a raw answer, [] when it is an error object. */
export function rows(r: Raw): Record<string, unknown>[] {
  return Array.isArray(r.body) ? (r.body as Record<string, unknown>[]) : [];
}
