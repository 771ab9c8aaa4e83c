/**
 * The newsletter block's form (#newsletter, spec §4, §5): validates, trims and lower-cases the
 * address, subscribes, shows "You're subscribed!" for 3 s; for a signed-in reader the whole block
 * then hides 2.5 s later, and it is hidden from the start for one who is already subscribed. The
 * static HTML is this form, signed out, with the button disabled for a visitor without JavaScript
 * (`data-needs-js`: client:interaction enables it and replays the first submit once this island
 * has hydrated). The field is uncontrolled, so what was typed before hydration is what is sent.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ENGAGEMENT } from '../../../lib/messages/engagement.ts';
import { MESSAGES } from '../../../lib/messages/reader.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { $session } from '../../../lib/browser/reader/session.ts';
import {
  $newsletterSubscribed,
  loadSubscription,
  subscribe,
  subscribeFailureText,
} from '../../../lib/browser/engagement/newsletter.ts';
import { checkNewsletterEmail } from '../../../lib/rules/engagement/validation.ts';
import { useBrowserStore } from '../../../lib/browser/reader/use-browser-store.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';

type Status = { tone: 'idle' } | { tone: 'error' | 'success'; text: string };

function hideBlock(): void {
  document.getElementById('newsletter')?.setAttribute('hidden', '');
}

function NewsletterSignup() {
  const session = useBrowserStore($session, undefined);
  const subscribed = useBrowserStore($newsletterSubscribed, undefined);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ tone: 'idle' });
  const justSubscribed = useRef(false);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    setReady(true);
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  useEffect(() => {
    if (session) void loadSubscription(session);
  }, [session]);

  // Already subscribed when the page opened (not a sign-up made here, which hides on its own timer).
  useEffect(() => {
    if (session && subscribed && !justSubscribed.current) hideBlock();
  }, [session, subscribed]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const checked = checkNewsletterEmail(String(new FormData(form).get('email') ?? ''));
    if (!checked.ok) {
      setStatus({ tone: 'error', text: checked.error });
      return;
    }
    setBusy(true);
    setStatus({ tone: 'idle' });
    justSubscribed.current = true;
    const outcome = await subscribe(checked.value, 'block', ENGAGEMENT.newsletterLead);
    setBusy(false);
    if (!outcome.ok) {
      justSubscribed.current = false;
      const { failure } = outcome;
      setStatus({ tone: 'error', text: await subscribeFailureText(failure, MESSAGES.newsletterFailed) });
      return;
    }
    form.reset();
    setStatus({ tone: 'success', text: MESSAGES.subscribed });
    const signedIn = Boolean($session.get());
    timers.current.push(
      window.setTimeout(() => {
        setStatus({ tone: 'idle' });
        if (signedIn) timers.current.push(window.setTimeout(hideBlock, TIMINGS.newsletterBlockHide));
      }, TIMINGS.newsletterSuccess),
    );
  }

  const error = status.tone === 'error';
  return (
    <form className="signup" data-newsletter-form noValidate onSubmit={onSubmit}>
      <label htmlFor="newsletter-email">{ENGAGEMENT.emailLabel}</label>
      <div className="row">
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          required
          aria-invalid={error || undefined}
          aria-describedby="newsletter-status"
        />
        <button className="button" type="submit" disabled={!ready || busy} data-needs-js>
          {busy ? ENGAGEMENT.subscribing : ENGAGEMENT.subscribe}
        </button>
      </div>
      <p id="newsletter-status" className={`status status--${status.tone}`} role="status" aria-live="polite">
        {status.tone === 'idle' ? '' : status.text}
      </p>
    </form>
  );
}

export default withErrorBoundary(NewsletterSignup);
