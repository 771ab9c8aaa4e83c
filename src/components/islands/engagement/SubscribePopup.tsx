/**
 * The subscribe popup (spec §4) once it is due (SiteOverlays decides when): an e-mail field for
 * visitors, one click with the account e-mail for signed-in readers. A labelled dialog that takes
 * focus when it opens and gives it back when it closes; Escape and the close button dismiss it.
 * Success shows "You're subscribed!" and closes 2 s later; either way it does not come back.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ENGAGEMENT } from '../../../lib/messages/engagement.ts';
import { MESSAGES } from '../../../lib/messages/reader.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import type { ReaderSession } from '../../../lib/browser/reader/session.ts';
import { subscribe, subscribeFailureText } from '../../../lib/browser/engagement/newsletter.ts';
import { checkNewsletterEmail } from '../../../lib/rules/engagement/validation.ts';

interface Props {
  session: ReaderSession | null;
  /** Closed: dismissed by the reader, or done after a sign-up. */
  onClose: () => void;
  /** A sign-up went through (the popup must not come back). */
  onSubscribed: () => void;
}

type Status = { tone: 'idle' } | { tone: 'error' | 'success'; text: string };

export default function SubscribePopup({ session, onClose, onSubscribed }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ tone: 'idle' });
  const oneClick = Boolean(session?.email);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>('input, button[data-primary]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous && previous !== document.body && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, [onClose]);

  useEffect(() => {
    if (status.tone !== 'success') return;
    const timer = window.setTimeout(onClose, TIMINGS.popupCloseAfterSuccess);
    return () => window.clearTimeout(timer);
  }, [status, onClose]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || status.tone === 'success') return;
    const checked = checkNewsletterEmail(oneClick ? session!.email! : email);
    if (!checked.ok) {
      setStatus({ tone: 'error', text: checked.error });
      return;
    }
    setBusy(true);
    const outcome = oneClick
      ? await subscribe(
          checked.value,
          'one_click',
          `${ENGAGEMENT.popupLead} ${ENGAGEMENT.popupSubscribeAs(checked.value)}`,
        )
      : await subscribe(checked.value, 'popup', ENGAGEMENT.popupLead);
    setBusy(false);
    if (outcome.ok) {
      onSubscribed();
      setStatus({ tone: 'success', text: MESSAGES.subscribed });
    } else {
      const { failure } = outcome;
      setStatus({ tone: 'error', text: await subscribeFailureText(failure, MESSAGES.genericRetry) });
    }
  }

  return (
    <div
      ref={dialog}
      className="subscribe-popup"
      role="dialog"
      aria-labelledby="subscribe-popup-title"
      aria-describedby="subscribe-popup-lead"
      data-subscribe-popup
    >
      <button type="button" className="subscribe-popup__close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{ENGAGEMENT.close}</span>
      </button>
      <h2 id="subscribe-popup-title" className="subscribe-popup__title">
        {ENGAGEMENT.popupHeading}
      </h2>
      <p id="subscribe-popup-lead" className="subscribe-popup__lead">
        {ENGAGEMENT.popupLead}
      </p>
      <form className="subscribe-popup__form" noValidate onSubmit={onSubmit}>
        {!oneClick && (
          <>
            <label htmlFor="subscribe-popup-email">{ENGAGEMENT.emailLabel}</label>
            <input
              id="subscribe-popup-email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={status.tone === 'error' || undefined}
              aria-describedby="subscribe-popup-status"
            />
          </>
        )}
        <button type="submit" className="button" data-primary disabled={busy || status.tone === 'success'}>
          {busy
            ? ENGAGEMENT.subscribing
            : oneClick
              ? ENGAGEMENT.popupSubscribeAs(session!.email!)
              : ENGAGEMENT.subscribe}
        </button>
        <p id="subscribe-popup-status" className={`subscribe-popup__status status--${status.tone}`} role="status">
          {status.tone === 'idle' ? '' : status.text}
        </p>
      </form>
    </div>
  );
}
