/**
 * The signed-in reader's profile summary (role, display name, avatar, username) for the header
 * and the islands. Cached in localStorage per user, so the 'My Profile' menu, its avatar and the
 * Dashboard link (authors and admins only) show at once on every page without supabase-js;
 * `refreshProfile()` reads it from the server (after login, on opening the menu, after a save).
 */
import { atom, onMount } from 'nanostores';
import { $session, getReaderClient } from './session.ts';
import { STORAGE_KEYS } from '../../rules/reader/keys.ts';

export type ReaderRole = 'admin' | 'author' | 'reader';

export interface ReaderProfile {
  userId: string;
  role: ReaderRole;
  displayName: string | null;
  avatarUrl: string | null;
  username: string | null;
}

export const isStaffRole = (role: ReaderRole | undefined): boolean => role === 'admin' || role === 'author';

export function parseProfileCache(raw: string | null, userId: string): ReaderProfile | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ReaderProfile> | null;
    if (!value || value.userId !== userId) return null;
    const role: ReaderRole = value.role === 'admin' || value.role === 'author' ? value.role : 'reader';
    return {
      userId,
      role,
      displayName: typeof value.displayName === 'string' ? value.displayName : null,
      avatarUrl: typeof value.avatarUrl === 'string' ? value.avatarUrl : null,
      username: typeof value.username === 'string' ? value.username : null,
    };
  } catch {
    return null;
  }
}

/** null when signed out or not known yet. */
export const $profile = atom<ReaderProfile | null>(null);

function storeProfile(profile: ReaderProfile | null): void {
  $profile.set(profile);
  try {
    if (profile) window.localStorage.setItem(STORAGE_KEYS.profileCache, JSON.stringify(profile));
    else window.localStorage.removeItem(STORAGE_KEYS.profileCache);
  } catch {
    // storage blocked: the store still holds it for this page
  }
}

/** Sets what changed (a saved name, a new avatar): the header updates at once. */
export function patchProfile(patch: Partial<Omit<ReaderProfile, 'userId'>>): void {
  const current = $profile.get();
  if (current) storeProfile({ ...current, ...patch });
}

onMount($profile, () =>
  $session.subscribe((session) => {
    if (session === undefined || typeof window === 'undefined') return;
    if (!session) {
      if ($profile.get()) storeProfile(null);
      return;
    }
    if ($profile.get()?.userId === session.userId) return;
    let cached: ReaderProfile | null = null;
    try {
      cached = parseProfileCache(window.localStorage.getItem(STORAGE_KEYS.profileCache), session.userId);
    } catch {
      cached = null;
    }
    $profile.set(cached);
  }),
);

/** Reads the profile from the server into the store and the cache; null when signed out. */
export async function refreshProfile(): Promise<ReaderProfile | null> {
  const client = await getReaderClient();
  const { data } = await client.auth.getSession();
  const user = data.session?.user;
  if (!user) {
    storeProfile(null);
    return null;
  }
  const { data: row, error } = await client
    .from('profiles')
    .select('role, display_name, avatar_url, username')
    .eq('id', user.id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  const role: ReaderRole = row?.role === 'admin' || row?.role === 'author' ? row.role : 'reader';
  const profile: ReaderProfile = {
    userId: user.id,
    role,
    displayName: row?.display_name ?? null,
    avatarUrl: row?.avatar_url ?? null,
    username: row?.username ?? null,
  };
  storeProfile(profile);
  return profile;
}
