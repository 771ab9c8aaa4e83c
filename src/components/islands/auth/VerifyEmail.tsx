/**
 * The verify-email page's island (spec §2, §8): the address comes from ?email=, and 'Resend
 * verification email' asks the auth server for a new sign-up mail. supabase-js loads only when
 * the button is pressed.
 */
import { useEffect, useState } from 'react';
import { PROFILE } from '../../../lib/messages/profile.ts';
import { resendOutcome } from '../../../lib/rules/verify-email.ts';

interface Props {
  /** Where the new mail's link should land (a path on this site); default: the auth server's choice. */
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
    const options = confirmPath ? { emailRedirectTo: `${window.location.origin}${confirmPath}` } : undefined;
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
