/**
 * Raw HTTP as an attacker who has read the client bundle: the anon key as `apikey`, a user's
 * access token (or the anon key) as the bearer, and no supabase-js in between, so whatever the
 * client library would refuse to send is sent anyway.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';

export interface Raw {
  method: string;
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** Who sends: a signed-in supabase-js client, null for anonymous, or 'service' (the control role). */
export type Sender = SupabaseClient | null | 'service';

/** The bearer token of a sender: the anon key, the service role's key, or a session's token. */
async function tokenOf(client: Sender): Promise<string> {
  if (!client) return inject('anonKey');
  if (client === 'service') return inject('serviceRoleKey');
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client has no session');
  return data.session.access_token;
}

export async function raw(
  who: Sender,
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
  return { method, status: res.status, headers: res.headers, body, text };
}

/** The rows of an answer that must be a list (2xx); throws with its status and body otherwise. */
export function rows(r: Raw): Record<string, unknown>[] {
  if (r.status < 200 || r.status > 299 || !Array.isArray(r.body)) {
    throw new Error(`expected rows, got ${r.status}: ${r.text.slice(0, 300)}`);
  }
  return r.body as Record<string, unknown>[];
}

/**
 * PostgREST's answer to a role without the privilege: 401 for anon, 403 when signed in, with
 * 42501 in the body (a HEAD answer has no body: its status is all there is).
 */
export function denied(r: Raw): boolean {
  if (r.status !== 401 && r.status !== 403) return false;
  return r.method === 'HEAD' ? r.text === '' : (r.body as { code?: string } | null)?.code === '42501';
}

/**
 * What a probe that must not reach hidden rows got to see: the rows of a 2xx answer, or none when
 * the role was refused the privilege outright. Any other answer (a 400 for a malformed probe, a
 * 404, a 500) throws, so an error can never pass as "nothing leaked".
 */
export function seen(r: Raw): Record<string, unknown>[] {
  return denied(r) ? [] : rows(r);
}

/**
 * The total a `Prefer: count=…` answer reports (its Content-Range), 0 when the role was refused
 * the privilege outright; throws for any other answer or a 2xx without a total.
 */
export function total(r: Raw): number {
  if (denied(r)) return 0;
  const range = r.headers.get('content-range');
  const n = range?.split('/')[1];
  if (r.status < 200 || r.status > 299 || n === undefined || n === '*') {
    throw new Error(`expected a count, got ${r.status} (${range ?? 'no Content-Range'}): ${r.text.slice(0, 300)}`);
  }
  return Number(n);
}
