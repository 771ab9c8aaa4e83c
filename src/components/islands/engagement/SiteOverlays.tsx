/**
 * What every public page shows over its content, and what waits for the cookie decision: the
 * cookie banner until Accept or Decline, the subscribe popup 1 s after a decision when
 * `popupVerdict` allows it, and the page's analytics views once analytics is accepted (the same
 * page, if the reader accepts on it). The static HTML holds the banner (fixed, so it shifts
 * nothing), hidden by CSS where the pre-paint script found a decision (`html.consent-decided`):
 * the island hydrates on interaction (Accept, Decline), or at idle when a decision was made before,
 * since the popup and the views then have work to do (BaseLayout.astro).
 */
import { useCallback, useEffect, useState } from 'react';
import { $consent, $consentKnown, consentFrom } from '../../../lib/browser/reader/consent.ts';
import { STORAGE_KEYS, TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { $session } from '../../../lib/browser/reader/session.ts';
import { recordPageViews } from '../../../lib/browser/engagement/analytics.ts';
import { $newsletterSubscribed, loadSubscription } from '../../../lib/browser/engagement/newsletter.ts';
import { parseTimestamp, popupVerdict, type PopupFacts } from '../../../lib/rules/engagement/popup-rules.ts';
import { useBrowserStore } from '../../../lib/browser/reader/use-browser-store.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import CookieBanner from './CookieBanner.tsx';
import SubscribePopup from './SubscribePopup.tsx';
import './overlays.css';

function readKey(key: string): string | null {
  // Rendered at build time too, once per page: a ReferenceError thrown and caught there cost
  // ~20 µs each, ~0.4 s of a 10,000-article build.
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function markDismissed(): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.subscribePopupDismissed, 'true');
  } catch {
    // storage blocked: dismissed for this page only
  }
}

/** Previews of drafts are staff reading their own work, not audience. */
const countsAsView = (path: string) => !path.startsWith('/preview');

function SiteOverlays() {
  const consent = useBrowserStore($consent, consentFrom(null));
  const known = useBrowserStore($consentKnown, false);
  const session = useBrowserStore($session, undefined);
  const subscribed = useBrowserStore($newsletterSubscribed, undefined);
  const [popup, setPopup] = useState<'waiting' | 'open' | 'closed'>('waiting');
  const decided = known && consent.decision !== null;

  useEffect(() => {
    if (known && consent.analytics && countsAsView(window.location.pathname)) void recordPageViews();
  }, [known, consent.analytics]);

  useEffect(() => {
    if (decided && session) void loadSubscription(session);
  }, [decided, session]);

  const facts = (): PopupFacts => ({
    decided,
    dismissed: readKey(STORAGE_KEYS.subscribePopupDismissed) === 'true',
    recentlySubscribedAt: parseTimestamp(readKey(STORAGE_KEYS.recentlySubscribed)),
    now: Date.now(),
    signedIn: session === undefined ? undefined : session !== null,
    subscribed: session ? subscribed : undefined,
  });
  const verdict = popup === 'waiting' ? popupVerdict(facts()) : null;

  useEffect(() => {
    if (verdict !== 'show') return;
    const timer = window.setTimeout(() => {
      // Look again: a sign-up in the block or a dismissal in another tab may have happened meanwhile.
      setPopup(popupVerdict(facts()) === 'show' ? 'open' : 'closed');
    }, TIMINGS.popupDelay);
    return () => window.clearTimeout(timer);
    // facts() reads storage at the moment the timer fires; the verdict is what starts the wait.
  }, [verdict]);

  const close = useCallback(() => {
    markDismissed();
    setPopup('closed');
  }, []);

  return (
    <>
      {/* Until the stored decision is read (the build, the first render), as the HTML has it. */}
      {(!known || consent.decision === null) && <CookieBanner />}
      {popup === 'open' && <SubscribePopup session={session ?? null} onClose={close} onSubscribed={markDismissed} />}
    </>
  );
}

export default withErrorBoundary(SiteOverlays);
