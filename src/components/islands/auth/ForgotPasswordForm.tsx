/**
 * /forgot-password (spec §2, §5): e-mail required; the auth server mails a link to
 * /reset-password. The confirmation does not say whether the address has an account (the
 * server answers the same either way).
 */
import { useState, type SyntheticEvent } from 'react';
import { AUTH } from '../../../lib/messages/auth.ts';
import { MESSAGES } from '../../../lib/messages/reader.ts';
import { requestPasswordReset } from '../../../lib/browser/reader/auth-api.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { AuthField, FormNote, type Note } from './AuthField.tsx';
import './auth-form.css';

function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!email.trim()) return setNote({ text: MESSAGES.emailRequired, error: true });
    setBusy(true);
    setNote(null);
    try {
      await requestPasswordReset(email);
      setNote({ text: AUTH.resetSent(email.trim()), error: false });
    } catch (e) {
      setNote({ text: e instanceof Error ? e.message : MESSAGES.unexpectedError, error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <AuthField
        id="forgot-email"
        label={AUTH.email}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormNote note={note} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? AUTH.sending : AUTH.sendResetLink}
      </button>
    </form>
  );
}

export default withErrorBoundary(ForgotPasswordForm);
