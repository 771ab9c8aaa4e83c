/**
 * /register (spec §2, §4, §5): e-mail, password, confirmation and the newsletter box (ticked by
 * default). 'Passwords do not match'; at least 6 characters. Success shows the toast
 * 'Registration successful! You can now log in.' and 1.8 s later opens /login?registered=1. A
 * `?redirect=` (the page that sent the reader to log in) is carried to that login and into the
 * confirmation link, so the reader ends up back on it (issue 28).
 * Failures are logged to app_errors (lib/browser/reader/auth-api.ts) and shown.
 */
import { useState, type SyntheticEvent } from 'react';
import { AUTH } from '../../../lib/messages/auth.ts';
import { MESSAGES } from '../../../lib/messages/reader.ts';
import { registerProblem } from '../../../lib/rules/reader/auth-rules.ts';
import { accountPageHref } from '../../../lib/rules/reader/safe-redirect.ts';
import { signUp } from '../../../lib/browser/reader/auth-api.ts';
import { TIMINGS } from '../../../lib/rules/reader/keys.ts';
import { showToast } from '../../../lib/browser/reader/toasts.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { AuthField, FormNote, type Note } from './AuthField.tsx';
import './auth-form.css';

function RegisterForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [newsletter, setNewsletter] = useState(true);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    const problem = registerProblem(email, password, confirm);
    if (problem) return setNote({ text: problem, error: true });
    setBusy(true);
    setNote(null);
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    try {
      await signUp({ email, password, newsletter, confirmPath: accountPageHref('/login', redirect) });
      showToast(MESSAGES.registered, { tone: 'success' });
      setNote({ text: MESSAGES.registered, error: false });
      const next = accountPageHref('/login', redirect, { registered: true });
      window.setTimeout(() => window.location.assign(next), TIMINGS.registrationRedirect);
    } catch (e) {
      setNote({ text: e instanceof Error ? e.message : MESSAGES.unexpectedError, error: true });
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <AuthField
        id="register-email"
        label={AUTH.email}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <AuthField
        id="register-password"
        label={AUTH.password}
        hint={AUTH.passwordHint}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <AuthField
        id="register-confirm"
        label={AUTH.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <label className="check">
        <input type="checkbox" checked={newsletter} onChange={(e) => setNewsletter(e.target.checked)} />
        {AUTH.newsletterOptIn}
      </label>
      <FormNote note={note} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? AUTH.registering : AUTH.register}
      </button>
    </form>
  );
}

export default withErrorBoundary(RegisterForm);
