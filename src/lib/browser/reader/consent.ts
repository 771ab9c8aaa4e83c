/**
 * The cookie decision (§4): shown until Accept (stores 'true', grants analytics and advertising
 * consent) or Decline (stores 'false', denies both). Analytics and the subscribe popup wait for it.
 */
import { atom, onMount } from 'nanostores';
import { STORAGE_KEYS } from '../../rules/reader/keys.ts';

type ConsentDecision = 'accepted' | 'declined';

export interface ConsentState {
  /** null: the reader has not decided (the banner shows). */
  decision: ConsentDecision | null;
  analytics: boolean;
  advertising: boolean;
}

export function consentFrom(stored: string | null): ConsentState {
  const decision = stored === 'true' ? 'accepted' : stored === 'false' ? 'declined' : null;
  const granted = decision === 'accepted';
  return { decision, analytics: granted, advertising: granted };
}

/** Undecided until read in the browser. */
export const $consent = atom<ConsentState>(consentFrom(null));
/** True once `$consent` holds what the browser stored (so nothing acts on the SSR default). */
export const $consentKnown = atom(false);

function read(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.cookiesAccepted);
  } catch {
    return null;
  }
}

onMount($consent, () => {
  if (typeof window === 'undefined') return;
  $consent.set(consentFrom(read()));
  $consentKnown.set(true);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.cookiesAccepted) $consent.set(consentFrom(read()));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
});

export function decideConsent(accepted: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cookiesAccepted, String(accepted));
  } catch {
    // storage blocked: the decision holds for this page
  }
  $consent.set(consentFrom(String(accepted)));
  $consentKnown.set(true);
}
