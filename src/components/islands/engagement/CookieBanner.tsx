/**
 * The cookie banner (spec §4): shown until Accept (analytics and advertising granted) or Decline.
 * A labelled region fixed to the bottom, above the phone's partner strip, that does not take focus
 * on load; it is mounted first in the body, so its buttons come right after the skip link in the
 * tab order. After a choice made from the keyboard, focus goes to the main content.
 */
import { useRef } from 'react';
import { ENGAGEMENT } from '../../../lib/messages/engagement.ts';
import { decideConsent } from '../../../lib/browser/reader/consent.ts';

export default function CookieBanner() {
  const region = useRef<HTMLElement>(null);

  function decide(accepted: boolean) {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    decideConsent(accepted);
    if (hadFocus) document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <section ref={region} className="cookie-banner" aria-labelledby="cookie-banner-title" data-cookie-banner>
      <div className="cookie-banner__inner">
        <div>
          <h2 id="cookie-banner-title" className="cookie-banner__title">
            {ENGAGEMENT.cookieHeading}
          </h2>
          <p className="cookie-banner__text">
            {ENGAGEMENT.cookieText} <a href="/privacy">{ENGAGEMENT.privacyPolicy}</a>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button type="button" className="button" onClick={() => decide(true)}>
            {ENGAGEMENT.accept}
          </button>
          <button type="button" className="button button--ghost" onClick={() => decide(false)}>
            {ENGAGEMENT.decline}
          </button>
        </div>
      </div>
    </section>
  );
}
