/**
 * Who is reading, shared by every island on a page (nanostores), decided without supabase-js:
 * the session supabase-js keeps in localStorage is read directly, so the header can show Login or
 * 'My Profile' on a page that has not paid for the client. The client itself loads the first time
 * an island needs the server (`getReaderClient()`), and from then on its auth events drive the
 * store. Other tabs' sign-ins and sign-outs arrive through the `storage` event.
 */
import { atom, onMount } from 'nanostores';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../database.types.ts';
import { PUBLIC_SUPABASE_URL } from '../../env.ts';

export interface ReaderSession {
  userId: string;
  email: string | null;
}

/** supabase-js's default storage key for this API URL (`sb-<first host label>-auth-token`). */
export function authStorageKey(apiUrl: string = PUBLIC_SUPABASE_URL): string {
  return `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * The session summary from supabase-js's stored value, or null. A stored session whose access
 * token has expired still counts: it has a refresh token, and the client refreshes it (or signs
 * out, which clears the key) when it loads.
 */
export function parseStoredSession(raw: string | null): ReaderSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as {
      refresh_token?: unknown;
      user?: { id?: unknown; email?: unknown } | null;
    } | null;
    const id = value?.user?.id;
    if (typeof id !== 'string' || !id || typeof value?.refresh_token !== 'string') return null;
    const email = value.user?.email;
    return { userId: id, email: typeof email === 'string' ? email : null };
  } catch {
    return null;
  }
}

const TOKEN_EXPIRY_MARGIN_S = 60;

/**
 * Whether a stored access token (its `expires_at`, in seconds) may still be sent at `nowMs`. The
 * one rule of every light client that reads the token without supabase-js: a token within a
 * minute of expiry is left to supabase-js to refresh, so a request never leaves with a token
 * that expires on the way.
 */
export function tokenIsFresh(expiresAt: unknown, nowMs: number): boolean {
  return typeof expiresAt === 'number' && expiresAt - TOKEN_EXPIRY_MARGIN_S > nowMs / 1000;
}

/** The session supabase-js stored, as the JSON text it keeps; null when none or storage is blocked. */
export function storedSessionJson(): string | null {
  try {
    return window.localStorage.getItem(authStorageKey());
  } catch {
    return null; // storage blocked (privacy mode): signed out
  }
}

function readStored(): ReaderSession | null {
  return parseStoredSession(storedSessionJson());
}

const same = (a: ReaderSession | null | undefined, b: ReaderSession | null | undefined) =>
  a === b || (!!a && !!b && a.userId === b.userId && a.email === b.email);

/** undefined until read in the browser (the static HTML is rendered signed out), then the session or null. */
export const $session = atom<ReaderSession | null | undefined>(undefined);

function setSession(next: ReaderSession | null): void {
  if (!same($session.get(), next)) $session.set(next);
}

onMount($session, () => {
  // Astro renders islands on the server too: there the reader is unknown (undefined).
  if (typeof window === 'undefined') return;
  setSession(readStored());
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === authStorageKey()) setSession(readStored());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

let clientPromise: Promise<SupabaseClient<Database>> | undefined;

/**
 * The one browser client, loaded on first use (a dynamic import, so pages that never talk to the
 * server never download supabase-js). Its auth events keep `$session` current.
 */
export function getReaderClient(): Promise<SupabaseClient<Database>> {
  if (clientPromise) return clientPromise;
  const loading = import('../supabase.ts').then(({ getBrowserClient }) => {
    const client = getBrowserClient();
    client.auth.onAuthStateChange((_event, session) => {
      setSession(session ? { userId: session.user.id, email: session.user.email ?? null } : null);
    });
    return client;
  });
  clientPromise = loading;
  // Its code is fetched on first use: offline, that fails, and the next call (back online) tries again.
  loading.catch(() => {
    if (clientPromise === loading) clientPromise = undefined;
  });
  return loading;
}

/** The current session, checked with the server's client (refreshing an expired token first). */
export async function requireSession(): Promise<ReaderSession | null> {
  const client = await getReaderClient();
  const { data } = await client.auth.getSession();
  const user = data.session?.user;
  const session = user ? { userId: user.id, email: user.email ?? null } : null;
  setSession(session);
  return session;
}
