/**
 * The header's signed-in state without React (issue 27): the pre-paint script in BaseLayout marks
 * `html.signed-in` when a session is stored, so CSS shows the 'My Profile' button instead of Login;
 * this puts the reader's cached avatar beside the words (the profile cache the islands keep),
 * and keeps the class true when another tab signs in or out. The UserMenu island, which owns the
 * menu itself, loads only when the reader touches it.
 *
 * A stored session counts by the same rule as `$session` (`parseStoredSession`): one whose access
 * token has expired is still signed in, since supabase-js refreshes it when an island loads it.
 */
import { authStorageKey, parseStoredSession, storedSessionJson } from '../lib/browser/reader/session.ts';
import { parseProfileCache } from '../lib/browser/reader/profile.ts';
import { STORAGE_KEYS } from '../lib/rules/reader/keys.ts';

function cachedProfile(userId: string) {
  try {
    return parseProfileCache(window.localStorage.getItem(STORAGE_KEYS.profileCache), userId);
  } catch {
    return null;
  }
}

function show(): void {
  const session = parseStoredSession(storedSessionJson());
  document.documentElement.classList.toggle('signed-in', session !== null);
  const menu = document.querySelector<HTMLElement>('.user-menu[data-state="unknown"]');
  const profile = session && cachedProfile(session.userId);
  if (!menu || !profile) return;
  const avatar = menu.querySelector<HTMLImageElement>('.user-menu__trigger img');
  if (avatar && profile.avatarUrl) avatar.src = profile.avatarUrl;
}

export function installHeaderSession(): void {
  show();
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === authStorageKey() || event.key === STORAGE_KEYS.profileCache) show();
  });
}
