/**
 * The client an interaction island reads with, without paying for supabase-js when it can:
 * postgrest-js alone (the REST client inside supabase-js; ~5 KB against ~50 KB) with the
 * publishable key for anonymous visitors, or with the access token supabase-js stored for a
 * signed-in reader while that token is fresh. An expired or nearly expired token needs the auth
 * client to refresh it, so then (and for every write) the one browser client is loaded
 * (`getReaderClient`). A read the API refuses for its token (revoked session) is retried once
 * with that client.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '../../database.types.ts';
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from '../../env.ts';
import { getReaderClient, storedSessionJson, tokenIsFresh } from '../reader/session.ts';

export type ReadClient = Pick<PostgrestClient<Database>, 'from'>;

/** The stored access token when it is still valid for a while, else null. */
export function freshAccessToken(raw: string | null, nowMs: number): string | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown } | null;
    const token = value?.access_token;
    if (typeof token !== 'string' || !token) return null;
    return tokenIsFresh(value?.expires_at, nowMs) ? token : null;
  } catch {
    return null;
  }
}

function rest(bearer: string): ReadClient {
  return new PostgrestClient<Database>(`${PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: PUBLIC_SUPABASE_PUBLISHABLE_KEY, Authorization: `Bearer ${bearer}` },
  });
}

let anonymous: ReadClient | undefined;

async function fullClient(): Promise<ReadClient> {
  return (await getReaderClient()) as unknown as ReadClient;
}

function storedToken(): string | null {
  return freshAccessToken(storedSessionJson(), Date.now());
}

/** Errors that mean "this token is not accepted": try again with the refreshing client. */
function tokenRefused(error: { code?: string; message?: string } | null): boolean {
  return !!error && (error.code === 'PGRST301' || error.code === 'PGRST303' || /jwt/i.test(error.message ?? ''));
}

/**
 * Runs one read as the visitor: anonymous when `signedIn` is false, otherwise as the signed-in
 * reader (stored token if fresh, else the full client).
 */
export async function read<T extends { error: { code?: string; message?: string } | null }>(
  signedIn: boolean,
  run: (client: ReadClient) => PromiseLike<T>,
): Promise<T> {
  if (!signedIn) return run((anonymous ??= rest(PUBLIC_SUPABASE_PUBLISHABLE_KEY)));
  const token = storedToken();
  if (!token) return run(await fullClient());
  const result = await run(rest(token));
  return tokenRefused(result.error) ? run(await fullClient()) : result;
}
