/**
 * The store's notify-me form (spec §4, §5): 'Please enter a valid email.' for an empty or malformed
 * address, then success after a fake 800 ms. Nothing is sent anywhere: the store does not exist
 * yet, and the spec asks for no server call. Hydrates on the first touch or focus inside it
 * (client:interaction, which replays the submit that woke it); the field is uncontrolled, so what
 * was typed before hydration is what is checked.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ENGAGEMENT } from '../../../lib/messages/engagement.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { checkStoreEmail } from '../../../lib/rules/engagement/validation.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';

type Status = { tone: 'idle' } | { tone: 'error' | 'success'; text: string };

function StoreNotifyForm() {
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ tone: 'idle' });
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    setReady(true);
    return () => window.clearTimeout(timer.current);
  }, []);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const checked = checkStoreEmail(String(new FormData(form).get('email') ?? ''));
    if (!checked.ok) {
      setStatus({ tone: 'error', text: checked.error });
      return;
    }
    setBusy(true);
    setStatus({ tone: 'idle' });
    timer.current = window.setTimeout(() => {
      setBusy(false);
      form.reset();
      setStatus({ tone: 'success', text: ENGAGEMENT.storeNotified });
    }, TIMINGS.storeFakeDelay);
  }

  return (
    <form
      className="form"
      data-form="store-notify"
      aria-labelledby="store-notify-heading"
      noValidate
      onSubmit={onSubmit}
    >
      <h2 id="store-notify-heading" className="form-heading">
        {ENGAGEMENT.storeNotifyHeading}
      </h2>
      <div className="field">
        <label htmlFor="store-email">{ENGAGEMENT.emailLabel}</label>
        <input
          id="store-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={status.tone === 'error' || undefined}
          aria-describedby="store-notify-status"
        />
      </div>
      <div>
        <button className="button" type="submit" disabled={!ready || busy} data-needs-js>
          {busy ? ENGAGEMENT.sending : ENGAGEMENT.storeNotify}
        </button>
      </div>
      <div
        id="store-notify-status"
        className={`form-status form-status--${status.tone}`}
        role="status"
        aria-live="polite"
      >
        {status.tone !== 'idle' && <p>{status.text}</p>}
      </div>
    </form>
  );
}

export default withErrorBoundary(StoreNotifyForm);
