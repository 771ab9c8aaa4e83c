/**
 * Small writes to the database's REST endpoint with `fetch`, for the islands every public page
 * carries (newsletter, popup, forms, analytics, error reports). An anonymous visitor's sign-up or
 * page view does not need supabase-js (~56 KB gzipped), only the same request it would send
 * (`apikey` and `Authorization: Bearer` headers, PostgREST error bodies). A signed-in reader's
 * token is read from where supabase-js keeps it; only an expired one loads the client to refresh.
 */
import { PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from '../../env.ts';
import { getReaderClient, storedSessionJson, tokenIsFresh } from '../reader/session.ts';

/** What a call came back with: the parsed body, or PostgREST's error (status 0: the network). */
export type RestResult<T> =
  { ok: true; data: T } | { ok: false; status: number; code: string; message: string; details?: string };

/** The database answers a rate limit with HTTP 429 / SQLSTATE PT429. */
export function isRateLimited(failure: Extract<RestResult<unknown>, { ok: false }>): boolean {
  return failure.status === 429 || failure.code === 'PT429';
}

export interface Caller {
  /** Bearer token: the user's access token, or the publishable key. */
  token: string;
  /** The signed-in user's id, when the token is theirs. */
  userId: string | null;
}

interface StoredSession {
  access_token?: unknown;
  expires_at?: unknown;
  user?: { id?: unknown } | null;
}

const ANON: Caller = { token: PUBLIC_SUPABASE_PUBLISHABLE_KEY, userId: null };

function readStored(): StoredSession | null {
  const raw = storedSessionJson();
  try {
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

/** The stored session's caller if its access token is still good at `now`, else null. */
export function freshCaller(stored: StoredSession | null, now: number): Caller | null {
  const token = stored?.access_token;
  const userId = stored?.user?.id;
  if (typeof token !== 'string' || typeof userId !== 'string') return null;
  return tokenIsFresh(stored?.expires_at, now) ? { token, userId } : null;
}

/**
 * Who a write goes out as. Without a stored session: anonymous. With a fresh token: that user.
 * With an expired one, `refresh` decides: true loads the client to refresh it (a sign-up must be
 * the user's), false falls back to anonymous (a page view is not worth 56 KB).
 */
export async function currentCaller(refresh: boolean): Promise<Caller> {
  const stored = readStored();
  if (!stored) return ANON;
  const fresh = freshCaller(stored, Date.now());
  if (fresh || !refresh) return fresh ?? ANON;
  try {
    const client = await getReaderClient();
    const { data } = await client.auth.getSession();
    const session = data.session;
    return session ? { token: session.access_token, userId: session.user.id } : ANON;
  } catch {
    return ANON;
  }
}

interface Request {
  method?: 'GET' | 'POST';
  body?: unknown;
  caller: Caller;
  /** fetch keepalive: the request outlives the page (analytics). */
  keepalive?: boolean;
  /** Ask for no body back (table inserts; anonymous callers cannot read the row). Default true. */
  minimal?: boolean;
}

/** One call to `/rest/v1/<path>`; never throws. */
export async function rest<T = null>(
  path: string,
  { method = 'POST', body, caller, keepalive, minimal = true }: Request,
): Promise<RestResult<T>> {
  let response: Response;
  try {
    response = await fetch(`${PUBLIC_SUPABASE_URL}/rest/v1/${path}`, {
      method,
      keepalive,
      headers: {
        apikey: PUBLIC_SUPABASE_PUBLISHABLE_KEY,
        Authorization: `Bearer ${caller.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(body !== undefined && minimal ? { Prefer: 'return=minimal' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (response.ok) return { ok: true, data: parsed as T };
  const error = (parsed && typeof parsed === 'object' ? parsed : {}) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
  };
  return {
    ok: false,
    status: response.status,
    code: typeof error.code === 'string' ? error.code : String(response.status),
    message: typeof error.message === 'string' ? error.message : response.statusText,
    details: typeof error.details === 'string' ? error.details : undefined,
  };
}
