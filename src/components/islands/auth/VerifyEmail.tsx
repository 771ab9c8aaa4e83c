/**
 * The verify-email page's island (spec §2, §8): the address comes from ?email=, and 'Resend
 * verification email' asks the auth server for a new sign-up mail. supabase-js loads only when
 * the button is pressed.
 */
import { useEffect, useState } from 'react';
import { PROFILE } from '../../../lib/messages/profile.ts';
import { resendOutcome } from '../../../lib/rules/verify-email.ts';
import { accountPageHref } from '../../../lib/rules/reader/safe-redirect.ts';

interface Props {
  /**
   * Where the new mail's link should land (a path on this site); default: the auth server's
   * choice. '/login' keeps the page's `?redirect=` (the reader's way back; issue 28).
   */
  confirmPath?: string;
}

export default function VerifyEmail({ confirmPath }: Props) {
  // Read after hydration: the page is pre-rendered without a query string.
  const [email, setEmail] = useState('');
  useEffect(() => setEmail(new URLSearchParams(window.location.search).get('email') ?? ''), []);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  async function resend() {
    setBusy(true);
    setNote(null);
    const { getBrowserClient } = await import('../../../lib/browser/supabase.ts');
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    const path = confirmPath === '/login' ? accountPageHref('/login', redirect) : confirmPath;
    const options = path ? { emailRedirectTo: `${window.location.origin}${path}` } : undefined;
    const { error } = await getBrowserClient().auth.resend({ type: 'signup', email, options });
    setNote(resendOutcome(error));
    setBusy(false);
  }
  return (
    <div className="verify-email">
      <p>{PROFILE.verifyBody(email)}</p>
      <button type="button" className="button" disabled={busy || !email} onClick={() => void resend()}>
        {PROFILE.resend}
      </button>
      {note && (
        <p role={note.error ? 'alert' : 'status'} className={note.error ? 'verify-email__error' : undefined}>
          {note.text}
        </p>
      )}
    </div>
  );
}
