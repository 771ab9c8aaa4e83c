/**
 * When the subscribe popup may open (spec §4): only after a cookie decision, never once dismissed,
 * not for 30 days after an anonymous sign-up, and never for a signed-in reader who is subscribed.
 * A plain function of what the page knows, so the island and the unit tests share it.
 */
import { TIMINGS } from '../reader/keys.ts';

export interface PopupFacts {
  /** A cookie decision is recorded (Accept or Decline). */
  decided: boolean;
  /** The subscribe-popup-dismissed key holds 'true'. */
  dismissed: boolean;
  /** The recently-subscribed key's time (epoch ms), if any. */
  recentlySubscribedAt: number | null;
  now: number;
  /** undefined until the session is read. */
  signedIn: boolean | undefined;
  /** The signed-in reader's subscription; undefined until known. */
  subscribed: boolean | undefined;
}

/** 'wait': not decidable yet (the facts will change); 'hide' and 'show' are final for the page. */
export type PopupVerdict = 'wait' | 'hide' | 'show';

export function popupVerdict(facts: PopupFacts): PopupVerdict {
  if (facts.dismissed) return 'hide';
  if (!facts.decided || facts.signedIn === undefined) return 'wait';
  if (facts.signedIn) {
    if (facts.subscribed === undefined) return 'wait';
    return facts.subscribed ? 'hide' : 'show';
  }
  return recentlySubscribed(facts.recentlySubscribedAt, facts.now) ? 'hide' : 'show';
}

/** An anonymous sign-up within the last 30 days (a time in the future counts as now). */
export function recentlySubscribed(at: number | null, now: number): boolean {
  return at !== null && now - at < TIMINGS.anonymousSuppression;
}

/** The stored timestamp, or null when absent or not a number. */
export function parseTimestamp(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
